/**
 * `npm run bench` (issue 12): every performance figure of the project in one run, with budgets.
 *
 *   npm run bench                    full run (several minutes)
 *   npm run bench -- --quick         the CI variant: fewer runs, 5 s load tests (< 3 min on an idle machine)
 *   npm run bench -- --check         exit 1 when a budget is missed (without it only a broken run fails)
 *   npm run bench -- --only=render,server   some sections only
 *   npm run bench -- --no-build      reuse the private build from a previous run
 *
 * Sections, each independent (its own server, browser and temp dirs, cleaned up even when it fails):
 * bundle (fresh build into YX_DIST_DIR or $TMPDIR/dist-bench, then scripts/size.mjs), render
 * (bench/render/measure.ts), messages (bench/messages.ts), server (autocannon against a server in a
 * child process), start (cold and warm server start to a healthy /healthz). docs/performance.md
 * says what each figure means. Writes bench/results/latest.json and prints a table.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureMessages, TARGETS as MESSAGE_TARGETS } from './messages';
import { measureRender } from './render/measure';
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import { startServer } from '../server/main';
import { insertTokensBulk } from '../server/repos/tokens';
import { benchTokenRows } from './token-rows';
import { findUserByLogin } from '../server/repos/users';
import { Client } from '../test/server/helpers/client';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench/results/latest.json');
const SECTIONS = ['bundle', 'render', 'messages', 'server', 'start'] as const;
type Section = (typeof SECTIONS)[number];
type Figures = Record<string, unknown>;

interface Budget {
  figure: string;
  value: number | undefined;
  budget: string;
  pass: boolean | undefined;
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = onlyArg ? (onlyArg.split(',') as Section[]) : [...SECTIONS];
const unknown = only.filter((s) => !SECTIONS.includes(s));
if (unknown.length > 0) {
  console.error(`[bench] unknown section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const distDir = resolve(process.env.YX_DIST_DIR?.trim() || join(tmpdir(), 'dist-bench'));
const log = (line: string) => console.log(`[bench] ${line}`);

/** Children and temp dirs still to clean up if the run is interrupted. */
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
function cleanUp(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/** SIGTERM (the server closes cleanly), then SIGKILL if it has not exited within 20 s. */
async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((ok) => (timer = setTimeout(ok, 20_000, 'late')));
  if ((await Promise.race([exited, late])) === 'late') child.kill('SIGKILL');
  clearTimeout(timer);
  children.delete(child);
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---- bundle ------------------------------------------------------------------------------------

interface SizeModule {
  measure(dir: string): Promise<{
    pages: Array<{ element: string; locale: string; files: number; gzipBytes: number }>;
    allGzipBytes: number;
    allBothLanguagesGzipBytes: number;
  }>;
}

async function bundle(): Promise<Figures> {
  let buildMs: number | undefined;
  if (!args.includes('--no-build')) {
    log(`building into ${distDir} …`);
    const started = performance.now();
    execFileSync(process.execPath, ['scripts/build.mjs', '--no-types'], {
      cwd: ROOT,
      env: { ...process.env, YX_DIST_DIR: distDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    buildMs = Math.round(performance.now() - started);
  }
  // A .mjs without types: typed here by what this file uses.
  const size = (await import(pathToFileURL(join(ROOT, 'scripts/size.mjs')).href)) as SizeModule;
  const { pages, allGzipBytes, allBothLanguagesGzipBytes } = await size.measure(distDir);
  const largest = pages.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  return {
    pageGzipMaxKB: round(largest.gzipBytes / 1024),
    allGzipKB: round(allGzipBytes / 1024),
    largestPage: `${largest.element} (${largest.locale})`,
    allBothLanguagesGzipKB: round(allBothLanguagesGzipBytes / 1024),
    pages: Object.fromEntries(pages.map((p) => [p.element, round(p.gzipBytes / 1024)])),
    buildMs,
  };
}

// ---- render, messages --------------------------------------------------------------------------

async function render(): Promise<Figures> {
  const result = await measureRender({ runs: quick ? 25 : 41, distDir, log });
  return {
    ...result,
    ratio: round(result.ratio, 2),
    cpuRatio: round(result.cpuRatio, 2),
    tokenManagerMs: round(result.tokenManagerMs),
    litBaselineMs: round(result.litBaselineMs),
  };
}

async function messages(): Promise<Figures> {
  // The figure is defined on 10,000 messages (issue 12), in quick mode too (which only scrolls in
  // bigger steps), not on the smaller quick default of bench/messages.ts.
  const result = await measureMessages({ quick, messages: 10_000, distDir, log });
  // Read through a record: figures bench/messages.ts adds later are kept in the JSON as they come.
  const figures: Figures = { ...result };
  for (const key of ['firstRenderMs', 'firstRenderCpuMs', 'scrollMs', 'longestTaskCpuMs']) {
    if (typeof figures[key] === 'number') figures[key] = round(figures[key]);
  }
  return figures;
}

// ---- server ------------------------------------------------------------------------------------

/** This file run with this flag is the server under load (a child process, so autocannon in this
 * process does not share its event loop). */
const SERVE_FLAG = '--serve-tokens';
const TOKENS = 10_000;
const SEARCH_PATH = '/users/ajax/v1/my/tokens:search';
const SEARCH_BODY = JSON.stringify({ pagination: { current_page: 1, page_size: 20 } });
const DEMO = { username: 'demo', password: 'Demo@2026' };

/** Child: a fresh PGlite in BENCH_DATA_DIR (the parent made it and removes it) with the demo data
 * and 10,000 tokens for demo (one bulk insert, as bench/tokens-search.ts does); prints its URL,
 * serves until SIGTERM or until stdin closes. */
async function serveTokens(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const config = { ...loadConfig({}), port: 0, dataDir, logLevel: 'warn' as const, distDir: join(dataDir, 'none') };
  const running = await startServer(config, { clock: systemClock });
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop); // the parent died
  process.stdin.resume();
  const demo = (await findUserByLogin(running.database.db, DEMO.username))!;
  await insertTokensBulk(running.database.db, benchTokenRows(demo.id, TOKENS, Date.now()));
  process.stdout.write(JSON.stringify({ url: running.url }) + '\n');
}

interface LoadResult {
  rps: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  seconds: number;
  connections: number;
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Cannon = (options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}) => Promise<CannonResult>;
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const CONNECTIONS = 10;

/** One autocannon run (`seconds`) on one route; any non-2xx answer voids the figure. */
async function cannon(url: string, path: string, seconds: number, session?: Client): Promise<CannonResult> {
  const request = session
    ? {
        method: 'POST',
        body: SEARCH_BODY,
        headers: {
          cookie: session.cookieHeader,
          'x-csrf-token': session.csrfToken,
          'content-type': 'application/json',
        },
      }
    : { method: 'GET' };
  const result = await autocannon({ url: url + path, ...request, connections: CONNECTIONS, duration: seconds });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${path}: ${failed} of ${result.requests.total} requests failed or were not 2xx`);
  return result;
}

/**
 * The trivial route and tokens:search, loaded in turns: a 1 s warm-up of each, then `rounds`
 * rounds of 1 s on each. Taking turns second by second, both figures see the same machine, so
 * their ratio holds while other work comes and goes (measured one after the other, a busy spell
 * during one of them moved the ratio by a third).
 */
async function loadPair(
  url: string,
  rounds: number,
  session: Client,
): Promise<{ hello: LoadResult; search: LoadResult }> {
  await cannon(url, '/healthz', 1);
  await cannon(url, SEARCH_PATH, 1, session);
  const runs = { hello: [] as CannonResult[], search: [] as CannonResult[] };
  for (let i = 0; i < rounds; i++) {
    runs.hello.push(await cannon(url, '/healthz', 1));
    runs.search.push(await cannon(url, SEARCH_PATH, 1, session));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const sum = (list: CannonResult[]): LoadResult => {
    const requests = list.reduce((n, r) => n + r.requests.total, 0);
    const seconds = list.reduce((n, r) => n + r.duration, 0);
    return {
      rps: round(requests / seconds, 2),
      latencyP50Ms: median(list.map((r) => r.latency.p50)),
      latencyP99Ms: median(list.map((r) => r.latency.p99)),
      requests,
      seconds: round(seconds, 2),
      connections: CONNECTIONS,
    };
  };
  const hello = sum(runs.hello);
  const search = sum(runs.search);
  log(`/healthz: ${Math.round(hello.rps)} req/s, p50 ${hello.latencyP50Ms} ms`);
  log(`${SEARCH_PATH}: ${Math.round(search.rps)} req/s, p50 ${search.latencyP50Ms} ms`);
  return { hello, search };
}

/** Sign-ins a second: `loops` concurrent loops, each a fresh client doing what a browser does
 * (GET page-settings for a CSRF token, then POST /users/ajax/login), for `seconds`. */
async function loginRate(url: string, seconds: number, loops: number) {
  const until = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < until) {
        const answer = await new Client(url).login(DEMO.username, DEMO.password);
        if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        count++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: round(count / elapsed, 2), signIns: count, seconds: round(elapsed, 2), concurrency: loops };
}

async function server(): Promise<Figures> {
  const seconds = quick ? 5 : 10;
  const dataDir = tempDir('yx-bench-server-');
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), SERVE_FLAG], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((ok) => child.once('exit', ok));
  try {
    const first = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('the server under load was not ready within 180 s')), 180_000);
      createInterface({ input: child.stdout! }).once('line', (line) => {
        clearTimeout(timer);
        ok(line);
      });
      void exited.then(() => {
        clearTimeout(timer);
        fail(new Error('the server under load exited before it was ready'));
      });
    });
    const { url } = JSON.parse(first) as { url: string };
    const session = new Client(url);
    const login = await session.login(DEMO.username, DEMO.password);
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
    const check = await session.post(SEARCH_PATH, JSON.parse(SEARCH_BODY));
    if (check.status !== 200 || check.body.pages?.total_size !== TOKENS) {
      throw new Error(`tokens:search answered ${check.status} ${check.text.slice(0, 200)}`);
    }
    log(`server with ${TOKENS} tokens for demo at ${url}`);
    const { hello, search } = await loadPair(url, seconds, session);
    const signIn = await loginRate(url, seconds, 2);
    log(`sign-in: ${signIn.perSecond.toFixed(1)} a second`);
    return {
      helloRps: Math.round(hello.rps),
      tokensSearchRps: Math.round(search.rps),
      ratio: round(search.rps / hello.rps, 2),
      loginPerSec: round(signIn.perSecond),
      hello: { path: '/healthz', ...hello },
      tokensSearch: { path: SEARCH_PATH, tokens: TOKENS, pageSize: 20, ...search },
      login: signIn,
    };
  } finally {
    await stopChild(child, exited);
    rmSync(dataDir, { recursive: true, force: true });
    tempDirs.delete(dataDir);
  }
}

// ---- start -------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', () => ok()));
  const { port } = probe.address() as { port: number };
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** Spawns the server on `dataDir` and times spawn → first 200 from /healthz; then stops it. */
async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    SSH_PORT: '0',
    YX_DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // the figure is for the default embedded database
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'ignore' });
  children.add(child);
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  try {
    const deadline = started + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`);
      if (performance.now() > deadline) throw new Error('the server was not healthy within 180 s');
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return Math.round(performance.now() - started);
      // Polling granularity, not a wait for correctness: the figure is at most this much late.
      await new Promise((ok) => setTimeout(ok, 20));
    }
  } finally {
    await stopChild(child, exited);
  }
}

async function start(): Promise<Figures> {
  const runs = quick ? 1 : 3;
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = tempDir('yx-bench-start-');
    cold.push(await startOnce(dataDir));
    warm.push(await startOnce(dataDir));
    log(`start ${i + 1}/${runs}: cold ${cold.at(-1)} ms, warm ${warm.at(-1)} ms`);
    rmSync(dataDir, { recursive: true, force: true });
    tempDirs.delete(dataDir);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    coldMs: median(cold),
    warmMs: median(warm),
    coldRunsMs: cold,
    warmRunsMs: warm,
    command: 'node --import tsx server/main.ts (what npm start runs once dist/ is built), PGlite, fresh DATA_DIR',
  };
}

// ---- report ------------------------------------------------------------------------------------

function budgets(figures: Partial<Record<Section, Figures>>): Budget[] {
  const num = (section: Section, key: string) => {
    const value = figures[section]?.[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  const at = (figure: string, value: number | undefined, budget: string, ok: (v: number) => boolean): Budget => ({
    figure,
    value,
    budget,
    pass: value === undefined ? undefined : ok(value),
  });
  const list: Budget[] = [];
  if (only.includes('bundle')) {
    list.push(at('bundle.pageGzipMaxKB', num('bundle', 'pageGzipMaxKB'), '≤ 95', (v) => v <= 95));
    list.push(at('bundle.allGzipKB', num('bundle', 'allGzipKB'), '≤ 140', (v) => v <= 140));
  }
  if (only.includes('render')) list.push(at('render.ratio', num('render', 'ratio'), '≤ 1.5', (v) => v <= 1.5));
  if (only.includes('messages')) {
    const t = MESSAGE_TARGETS;
    list.push(at('messages.domRows', num('messages', 'domRows'), `≤ ${t.domRows}`, (v) => v <= t.domRows));
    list.push(
      at(
        'messages.longTasksOver50ms',
        num('messages', 'longTasksOver50ms'),
        `= ${t.longTasksOver50ms}`,
        (v) => v <= t.longTasksOver50ms,
      ),
    );
    list.push(
      at(
        'messages.firstRenderMs',
        num('messages', 'firstRenderMs'),
        `< ${t.firstRenderMs}`,
        (v) => v < t.firstRenderMs,
      ),
    );
  }
  if (only.includes('server')) list.push(at('server.ratio', num('server', 'ratio'), '≥ 0.3', (v) => v >= 0.3));
  return list;
}

/** Figures without a budget, shown under the budgeted ones. */
const INFO: Array<[Section, string, string]> = [
  ['render', 'tokenManagerMs', 'ms'],
  ['render', 'litBaselineMs', 'ms'],
  ['render', 'cpuRatio', ''],
  ['messages', 'cpuTasksOver50ms', ''],
  ['messages', 'firstRenderCpuMs', 'ms'],
  ['server', 'helloRps', 'req/s'],
  ['server', 'tokensSearchRps', 'req/s'],
  ['server', 'loginPerSec', '/s'],
  ['start', 'coldMs', 'ms'],
  ['start', 'warmMs', 'ms'],
];

function table(list: Budget[], figures: Partial<Record<Section, Figures>>, errors: Record<string, string>): string {
  const rows: string[][] = list.map((b) => [
    b.figure,
    b.value === undefined ? '—' : String(b.value),
    b.budget,
    b.pass === undefined ? 'NO VALUE' : b.pass ? 'pass' : 'FAIL',
  ]);
  for (const [section, key, unit] of INFO) {
    const value = figures[section]?.[key];
    if (typeof value === 'number') rows.push([`${section}.${key}`, `${value}${unit ? ` ${unit}` : ''}`, '', '']);
  }
  for (const [section, message] of Object.entries(errors)) rows.push([section, 'ERROR', '', message.split('\n')[0]!]);
  const header = ['figure', 'value', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  process.chdir(ROOT);
  const startedAt = performance.now();
  const machine = {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGB: round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${type()} ${release()}`,
    loadAverageAtStart: loadavg().map((n) => round(n, 2)),
  };
  log(
    `${quick ? 'quick' : 'full'} run on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, Node ${machine.node}, load ${machine.loadAverageAtStart.join(' ')}`,
  );
  const run: Record<Section, () => Promise<Figures>> = { bundle, render, messages, server, start };
  const figures: Partial<Record<Section, Figures>> = {};
  const errors: Record<string, string> = {};
  const durationsMs: Record<string, number> = {};
  for (const section of SECTIONS.filter((s) => only.includes(s))) {
    const started = performance.now();
    log(`${section} …`);
    try {
      figures[section] = await run[section]();
    } catch (error) {
      errors[section] = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`${section} failed: ${errors[section]}`);
    }
    durationsMs[section] = Math.round(performance.now() - started);
  }
  durationsMs.total = Math.round(performance.now() - startedAt);
  const list = budgets(figures);
  const passed = Object.keys(errors).length === 0 && list.every((b) => b.pass === true);
  const report = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    sections: only,
    machine: { ...machine, loadAverageAtEnd: loadavg().map((n) => round(n, 2)) },
    budgets: list,
    passed,
    figures,
    errors,
    durationsMs,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');

  console.log(`\n${table(list, figures, errors)}\n`);
  console.log(
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, Node ${machine.node}, ` +
      `load average at start ${machine.loadAverageAtStart.join(' ')}`,
  );
  if (machine.loadAverageAtStart[0]! > machine.cores) {
    console.log(
      `the machine was busy (load ${machine.loadAverageAtStart[0]} on ${machine.cores} cores): wall times include ` +
        'waiting for a core; render.cpuRatio and messages.cpuTasksOver50ms do not',
    );
  }
  console.log(`took ${Math.round(durationsMs.total / 1000)} s; wrote ${RESULTS.replace(`${ROOT}/`, '')}`);
  console.log(passed ? 'all budgets met' : 'BUDGETS MISSED or figures missing');
  // A broken run always fails; a missed budget only with --check (CI prints, the lead decides).
  process.exitCode = Object.keys(errors).length > 0 || (args.includes('--check') && !passed) ? 1 : 0;
}

if (args.includes(SERVE_FLAG)) {
  await serveTokens();
} else {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      cleanUp();
      process.exit(code);
    });
  }
  try {
    await main();
  } finally {
    cleanUp();
  }
}
