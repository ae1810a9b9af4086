/**
 * The render benchmark: how long after the data of `tokens:search` arrives the 20-row token table
 * is painted, in `<yx-token-manager>` (the built element, React included) and in a hand-written
 * lit-html page (lit-baseline.js, the floor).
 *
 * Both pages are served by one small local HTTP server that also answers `tokens:search` with the
 * same 20 tokens (same bytes) after {@link ANSWER_DELAY_MS}, a stand-in for the network that also
 * lets each page finish starting up, so what is timed is the render and not the page's boot.
 * "Data arrival" is the call's `responseEnd` (Resource Timing); "painted" is defined once, in
 * instrument.js, for both pages. The two pages alternate, each run in a new tab, after one warm-up
 * run each; the figure is the median.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium.mjs';
import { outermostTasks } from '../trace-tasks';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const LIT_DIR = resolve(HERE, '../../node_modules/lit-html');
const SEARCH_PATH = '/users/ajax/v1/my/tokens:search';
/** How long the fake server waits before answering `tokens:search`. */
export const ANSWER_DELAY_MS = 150;
const ROWS = 20;
const TOTAL = 45;

export interface RenderOptions {
  /** Runs of each page after the warm-up. @default 25 */
  runs?: number;
  /** The built elements (`graph.json`, `elements/`, `chunks/`). */
  distDir: string;
  log?: (line: string) => void;
}

export interface RenderSide {
  /** Median, data arrival → end of the frame that paints the 20 rows, ms. */
  paintMs: number;
  /** Median, data arrival → the 20th row in the DOM, ms. */
  domMs: number;
  /** Median main-thread CPU time from data arrival to the paint, ms (see mainThreadCpuMs). */
  cpuMs: number;
  /** Every run's paint time, in run order. */
  runsMs: number[];
  /** `outerHTML` length of the rendered `<table>`: how much markup each side draws. */
  tableBytes: number;
}

export interface RenderResult {
  tokenManagerMs: number;
  litBaselineMs: number;
  /** tokenManagerMs / litBaselineMs. */
  ratio: number;
  /** The same ratio of main-thread CPU time: what to read when the machine was busy. */
  cpuRatio: number;
  tokenManager: RenderSide;
  litBaseline: RenderSide;
  runs: number;
  answerDelayMs: number;
  chromium: string;
  /** Requests the fake server did not expect (each answered 404), e.g. a call the element added. */
  unexpectedRequests: string[];
}

/** 20 tokens of a 45-token list as the server sends them: some described, some never used, one
 * about to expire, two expired. */
export function benchTokens(now = Date.now()) {
  const day = 86_400_000;
  const tokens = Array.from({ length: ROWS }, (_, i) => ({
    token_id: `pat_render${String(i).padStart(3, '0')}`,
    name: `ci-deploy-${i}`,
    description: i % 3 === 0 ? `Deploys service ${i} from the pipeline` : null,
    token_scopes: ['codeup:repository:read', 'codeup:repository:write', 'user:profile:read'].slice(0, 1 + (i % 3)),
    created_at: new Date(now - (i + 1) * 3 * day).toISOString(),
    expires_at: new Date(now + (i === 4 ? 3 : i === 7 || i === 12 ? -2 : 30 + i) * day).toISOString(),
    last_used_at: i % 4 === 0 ? null : new Date(now - i * 3_600_000).toISOString(),
    expired: i === 7 || i === 12,
  }));
  return { access_tokens: tokens, pages: { total_size: TOTAL } };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** `root` + `path`, or undefined when the path leaves `root` or names no file. */
function fileUnder(root: string, path: string): string | undefined {
  const file = resolve(root, `.${decodeURIComponent(path)}`);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** The pages, the built elements, lit-html and a fake `tokens:search`, on 127.0.0.1 (also handy to
 * look at the two pages by hand). */
export async function startPageServer(distDir: string, unexpected: string[]) {
  const body = JSON.stringify(benchTokens());
  const dist = resolve(distDir);
  const send = (res: ServerResponse, status: number, type: string, data: string | Buffer) => {
    // no-store: every run loads and compiles the scripts as a first visit would.
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(data);
  };
  const handle = (req: IncomingMessage, res: ServerResponse, origin: string) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (req.method === 'POST' && path === SEARCH_PATH) {
      req.resume();
      req.on('end', () => setTimeout(() => send(res, 200, 'application/json', body), ANSWER_DELAY_MS));
      return;
    }
    let file: string | undefined;
    if (path === '/render/element.html' || path === '/render/lit.html' || path === '/render/lit-baseline.js') {
      file = join(HERE, path.slice('/render/'.length));
    } else if (path.startsWith('/dist/')) file = fileUnder(dist, path.slice('/dist'.length));
    else if (path.startsWith('/node_modules/lit-html/'))
      file = fileUnder(LIT_DIR, path.slice('/node_modules/lit-html'.length));
    if (req.method === 'GET' && file) {
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const data = readFileSync(file);
      send(res, 200, type, path === '/render/element.html' ? data.toString().replace('__ORIGIN__', origin) : data);
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    unexpected.push(`${req.method} ${path}`);
    send(res, 404, 'application/json', JSON.stringify({ code: 'not_found', message: 'not part of the bench' }));
  };
  let origin = '';
  const server: Server = createServer((req, res) => handle(req, res, origin));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the page server has no port');
  origin = `http://127.0.0.1:${address.port}`;
  const close = () =>
    new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    });
  return { origin, close };
}

interface Run {
  /** Main-thread CPU time of the tasks that started between data arrival and the paint, ms. */
  cpuMs: number;
  dataAt: number;
  domAt: number;
  paintedAt: number;
  rows: number;
  names: string[];
  tableBytes: number;
  status: string | null;
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
  args?: { data?: { startTime?: number } };
}

/** CPU time (thread time, not wall time) the page's main thread spent in tasks that started
 * between `from` and `to` (page clock, ms). The `bench-painted` mark names the thread and maps the
 * page's clock onto the trace's. On a busy machine wall times include waiting for a core; this
 * does not. */
function mainThreadCpuMs(trace: Buffer, from: number, to: number): number {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === 'bench-painted' && e.args?.data?.startTime !== undefined);
  if (!mark) return Number.NaN;
  const offset = mark.ts - mark.args!.data!.startTime! * 1000;
  const [start, end] = [from * 1000 + offset, to * 1000 + offset];
  let cpu = 0;
  for (const e of outermostTasks(events.filter((e) => e.pid === mark.pid && e.tid === mark.tid))) {
    if (e.ts >= start && e.ts < end) cpu += e.tdur ?? 0;
  }
  return cpu / 1000;
}

/** Opens one page in a new tab and reads what instrument.js saw. */
async function runOnce(context: BrowserContext, url: string): Promise<Run> {
  const browser = context.browser()!;
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let tracing = false;
  try {
    // Only the task and user-timing categories: cheap enough not to change what is measured.
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    tracing = true;
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __bench: Run }).__bench.paintedAt > 0, null, {
      timeout: 60_000,
    });
    const run = await page.evaluate((searchPath) => {
      const bench = (window as unknown as { __bench: { domAt: number; paintedAt: number } }).__bench;
      const call = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(searchPath)) as
        PerformanceResourceTiming | undefined;
      const root = document.querySelector('[data-bench-host]')!.shadowRoot!;
      const table = root.querySelector('table');
      const rows = [...root.querySelectorAll('tr[part~="table-row"]')];
      return {
        dataAt: call?.responseEnd ?? Number.NaN,
        domAt: bench.domAt,
        paintedAt: bench.paintedAt,
        rows: rows.length,
        names: rows.map((row) => row.querySelector('[part~="token-name"]')?.textContent?.trim() ?? ''),
        tableBytes: table?.outerHTML.length ?? 0,
        status: table?.getAttribute('data-status') ?? null,
      };
    }, SEARCH_PATH);
    const trace = await browser.stopTracing();
    tracing = false;
    if (errors.length > 0) throw new Error(`${url} reported errors: ${errors.join('; ')}`);
    return { ...run, cpuMs: mainThreadCpuMs(trace, run.dataAt, run.paintedAt) };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Checks that a run drew the expected table, so a broken page is never timed as a fast one. */
function check(label: string, run: Run, expected: string[]): void {
  if (!Number.isFinite(run.dataAt)) throw new Error(`${label}: no tokens:search call was made`);
  if (run.rows !== ROWS || run.names.join() !== expected.join()) {
    throw new Error(`${label}: expected the ${ROWS} bench tokens, saw ${run.rows} rows (${run.names.join(', ')})`);
  }
  if (run.status !== null && run.status !== 'ready') throw new Error(`${label}: the table is ${run.status}`);
}

/** Runs the benchmark (see the file comment). Starts and stops its own server and browser. */
export async function measureRender(options: RenderOptions): Promise<RenderResult> {
  const runs = options.runs ?? 25;
  const log = options.log ?? (() => undefined);
  if (!existsSync(join(options.distDir, 'elements/yx-token-manager.js'))) {
    throw new Error(`${options.distDir}/elements/yx-token-manager.js is missing: build first`);
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or run `node scripts/ensure-chromium.mjs`');
  const expected = benchTokens().access_tokens.map((token) => token.name);
  const unexpected: string[] = [];
  const server = await startPageServer(options.distDir, unexpected);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    // tsx compiles with esbuild's keepNames, which wraps functions sent to the page in __name().
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await context.addInitScript({ path: join(HERE, 'instrument.js') });
    const pages = {
      tokenManager: `${server.origin}/render/element.html`,
      litBaseline: `${server.origin}/render/lit.html`,
    } as const;
    const seen: Record<keyof typeof pages, Run[]> = { tokenManager: [], litBaseline: [] };
    for (let i = -1; i < runs; i++) {
      // Alternate which goes first, so a slow stretch of a busy machine hits both alike.
      const order =
        i % 2 === 0 ? (['tokenManager', 'litBaseline'] as const) : (['litBaseline', 'tokenManager'] as const);
      for (const side of order) {
        const run = await runOnce(context, pages[side]);
        check(side, run, expected);
        if (i >= 0) seen[side].push(run);
      }
      if (i >= 0) {
        const last = (side: keyof typeof pages) => {
          const run = seen[side].at(-1)!;
          return `${(run.paintedAt - run.dataAt).toFixed(1)} ms (CPU ${run.cpuMs.toFixed(1)} ms)`;
        };
        log(`render run ${i + 1}/${runs}: token manager ${last('tokenManager')}, lit-html ${last('litBaseline')}`);
      }
    }
    await context.close();
    const tenth = (n: number) => Math.round(n * 10) / 10;
    const summary = (side: keyof typeof pages): RenderSide => ({
      paintMs: tenth(median(seen[side].map((run) => run.paintedAt - run.dataAt))),
      domMs: tenth(median(seen[side].map((run) => run.domAt - run.dataAt))),
      cpuMs: tenth(median(seen[side].map((run) => run.cpuMs))),
      runsMs: seen[side].map((run) => tenth(run.paintedAt - run.dataAt)),
      tableBytes: seen[side][0]!.tableBytes,
    });
    const tokenManager = summary('tokenManager');
    const litBaseline = summary('litBaseline');
    return {
      tokenManagerMs: tokenManager.paintMs,
      litBaselineMs: litBaseline.paintMs,
      ratio: tokenManager.paintMs / litBaseline.paintMs,
      cpuRatio: tokenManager.cpuMs / litBaseline.cpuMs,
      tokenManager,
      litBaseline,
      runs,
      answerDelayMs: ANSWER_DELAY_MS,
      chromium: browser.version(),
      unexpectedRequests: [...new Set(unexpected)],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
