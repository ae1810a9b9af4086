/**
 * Benchmark: `<yx-message-centre>` with 10,000 messages, in Chromium, against the real server.
 *
 * A fresh embedded PGlite is seeded with the demo data plus N messages for demo
 * (`demoMessages`, as `YX_DEMO_MESSAGES=N` does), the standalone page is opened on
 * `#/users/notifications` as demo, and the list is scrolled from the first message to the last,
 * loading every page by cursor. It reports:
 *
 * - first render: from the arrival of the first page (its `responseEnd`) to the frame in which
 *   the first rows are painted; target < 200 ms;
 * - DOM rows: the most `[part="message"]` rows ever in the element at once (checked after every
 *   DOM change and every frame); target ≤ 100;
 * - long tasks over 50 ms during the scroll (PerformanceObserver 'longtask'); target 0.
 *
 * Wall time on a busy machine counts the time the page waited for a core, so a Chromium trace is
 * recorded too, and the same two timings are given in the main thread's CPU time.
 *
 *   npm run bench:messages                       (node --import tsx bench/messages.ts)
 *   MESSAGES=20000 npm run bench:messages
 *   QUICK=1 npm run bench:messages               (the `npm run bench` variant: 3,000 messages)
 *
 * Needs a build (`npm run build`, or `YX_DIST_DIR=/tmp/x node scripts/build.mjs` with the same
 * YX_DIST_DIR here) and a Chromium (`node scripts/ensure-chromium.mjs`).
 *
 * `measureMessages()` is the programmatic entry (the combined `npm run bench` calls it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';
import { isTaskEvent, outermostTasks } from './trace-tasks';
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import { startServer } from '../server/main';
import { findUserByLogin } from '../server/repos/users';

/** The targets of issue 8. */
export const TARGETS = { domRows: 100, longTasksOver50ms: 0, firstRenderMs: 200 } as const;

export interface MessagesBenchOptions {
  /** A shorter run for the combined `npm run bench`: 3,000 messages unless `messages` says
   * otherwise, scrolled two screens a frame. The run is bound by its page calls (one per 100
   * messages), so fewer messages is what makes it short. @default false */
  quick?: boolean;
  /** Extra messages for demo, on top of the hand-written demo ones. @default 10000 (3000 quick) */
  messages?: number;
  /** The built page and elements. @default YX_DIST_DIR, else 'dist' */
  distDir?: string;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
}

export interface MessagesBenchResult {
  /** Messages demo has (the extra ones and the hand-written ones). */
  messages: number;
  /** Messages in the list at the end of the scroll (all of them, when every page loaded). */
  loaded: number;
  /** List pages requested (the first one and every `next_token`). */
  pages: number;
  /** The most message rows in the DOM at any time. */
  domRows: number;
  /** Long tasks (> 50 ms) from the start to the end of the scroll. */
  longTasksOver50ms: number;
  /** The longest of those, in ms (0 when none). */
  longestTaskMs: number;
  /** Tasks of the page's main thread during the scroll that used over 50 ms of its CPU time
   * (from a Chromium trace): the long tasks the element itself causes, without the time a busy
   * machine kept the thread waiting. */
  cpuTasksOver50ms: number;
  /** The most CPU time one of those tasks used, in ms. */
  longestTaskCpuMs: number;
  /** The CPU time the page's main thread spent between the first page's arrival and its rows
   * painted: {@link firstRenderMs} without the waits for a core. */
  firstRenderCpuMs: number;
  /** The machine's 1-minute load average when the scroll ended, and its CPU count. */
  load: { average: number; cpus: number };
  /** First page's arrival → its rows painted. */
  firstRenderMs: number;
  /** Navigation start → first rows painted (includes sign-in check, scripts, the first call). */
  navigationToRowsMs: number;
  /** Start to end of the scroll, including waits for pages. */
  scrollMs: number;
  /** Frames drawn during the scroll and the longest gap between two of them. */
  frames: number;
  longestFrameMs: number;
  /** Whether domRows, longTasksOver50ms and firstRenderMs meet {@link TARGETS} (and every page
   * loaded): the targets as issue 8 states them, in wall time. */
  met: boolean;
  /** The same with the CPU-time measures (cpuTasksOver50ms, firstRenderCpuMs) in place of the
   * wall-time ones: what the element does, whatever else the machine is doing. */
  metByCpu: boolean;
}

/** Runs in the page before its own scripts: collects long tasks and finds when rows first paint. */
function instrument(): void {
  const w = window as unknown as { __bench: Record<string, unknown> };
  const bench = { longTasks: [] as Array<{ start: number; duration: number }>, rowsPaintedAt: 0 };
  w.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The first frame with rows: checked in each animation frame, timed after that frame's paint
  // (a message posted from requestAnimationFrame runs once the frame is done).
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    // The mark also lands in the trace, which lines page time up with trace time.
    bench.rowsPaintedAt = performance.mark('yx-bench-rows-painted').startTime;
  };
  const look = () => {
    const centre = document.querySelector('yx-message-centre');
    if (centre?.shadowRoot?.querySelector('[part="message"]')) channel.port2.postMessage(null);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** Runs in the page: scrolls the list to its end, `step` × its height each frame, and waits at
 * the bottom while the next page loads. Resolves with what it saw. */
function scrollToEnd({ step, total, timeoutMs }: { step: number; total: number; timeoutMs: number }) {
  const centre = document.querySelector('yx-message-centre')!;
  const root = centre.shadowRoot!;
  const list = root.querySelector<HTMLElement>('[part="message-list"]')!;
  const rowCount = () => root.querySelectorAll('[part="message"]').length;
  let maxRows = rowCount();
  // Rows added and removed between two frames count too.
  const observer = new MutationObserver(() => {
    maxRows = Math.max(maxRows, rowCount());
  });
  observer.observe(root, { childList: true, subtree: true });
  const started = performance.mark('yx-bench-scroll-start').startTime;
  return new Promise<{
    maxRows: number;
    loaded: number;
    started: number;
    ended: number;
    frames: number;
    longestFrameMs: number;
  }>((resolve, reject) => {
    let frames = 0;
    let last = started;
    let longestFrameMs = 0;
    const frame = (now: number) => {
      frames++;
      longestFrameMs = Math.max(longestFrameMs, now - last);
      last = now;
      maxRows = Math.max(maxRows, rowCount());
      const loaded = Number(list.dataset.count);
      const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
      if (atBottom && loaded >= total) {
        observer.disconnect();
        const ended = performance.mark('yx-bench-scroll-end').startTime;
        resolve({ maxRows, loaded, started, ended, frames, longestFrameMs });
        return;
      }
      if (root.querySelector('[part="list-footer"] [role="alert"]')) {
        observer.disconnect();
        reject(new Error(`a page failed to load after ${loaded} messages`));
        return;
      }
      if (performance.now() - started > timeoutMs) {
        observer.disconnect();
        reject(new Error(`the scroll did not reach the end in ${timeoutMs} ms (${loaded} of ${total} loaded)`));
        return;
      }
      // At the bottom while a page loads, this changes nothing; the list grows and it goes on.
      list.scrollTop += Math.round(list.clientHeight * step);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { startTime?: number } };
}

/** One task of the page's main thread, in page time (ms since navigation, as performance.now()). */
export interface TraceTask {
  start: number;
  wallMs: number;
  cpuMs: number;
}

/**
 * The tasks of the page's main thread from a Chromium trace of the `toplevel` and
 * `blink.user_timing` categories, placed in page time by the `yx-bench-*` marks the page made
 * (a mark carries both its page time and its trace time). Read line by line (Chromium writes one
 * event a line): a long trace is larger than the longest string Node can make.
 */
export function readTrace(trace: Buffer): TraceTask[] {
  const byThread = new Map<string, TraceEvent[]>();
  let anchor: TraceEvent | undefined;
  for (let start = 0; start < trace.length;) {
    let end = trace.indexOf(10, start);
    if (end === -1) end = trace.length;
    const line = trace.toString('utf8', start, end).trim().replace(/,$/, '');
    start = end + 1;
    if (!line.startsWith('{"') || line.startsWith('{"traceEvents"')) continue;
    let e: TraceEvent;
    try {
      e = JSON.parse(line) as TraceEvent;
    } catch {
      continue;
    }
    if (e.name.startsWith('yx-bench-') && e.args?.data?.startTime !== undefined) anchor ??= e;
    if (!isTaskEvent(e)) continue;
    const thread = `${e.pid}:${e.tid}`;
    const tasks = byThread.get(thread) ?? [];
    tasks.push(e);
    byThread.set(thread, tasks);
  }
  if (!anchor) throw new Error("the trace has none of the page's yx-bench marks");
  // Marks are made on the page's main thread; µs of trace time at page time 0:
  const origin = anchor.ts - anchor.args!.data!.startTime! * 1000;
  return outermostTasks(byThread.get(`${anchor.pid}:${anchor.tid}`) ?? []).map((e) => ({
    start: (e.ts - origin) / 1000,
    wallMs: (e.dur ?? 0) / 1000,
    cpuMs: (e.tdur ?? 0) / 1000,
  }));
}

/** CPU time the tasks spent between two page times (a task half inside counts half). */
export function cpuBetween(tasks: readonly TraceTask[], from: number, to: number): number {
  let sum = 0;
  for (const task of tasks) {
    const overlap = Math.min(to, task.start + task.wallMs) - Math.max(from, task.start);
    if (overlap > 0 && task.wallMs > 0) sum += task.cpuMs * Math.min(1, overlap / task.wallMs);
  }
  return sum;
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  const settings = await page.request.get(`${baseUrl}/users/ajax/v1/page-settings`);
  const { csrfToken } = (await settings.json()) as { csrfToken: string };
  const answer = await page.request.post(`${baseUrl}/users/ajax/login`, {
    data: { username: 'demo', password: 'Demo@2026' },
    headers: { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (answer.status() !== 200) throw new Error(`sign-in failed: ${answer.status()} ${await answer.text()}`);
}

/** Seeds, opens the message centre as demo, scrolls to the end and measures (see the file's
 * comment). Starts and stops its own server and browser.
 * @example const { domRows, longTasksOver50ms, firstRenderMs, met } = await measureMessages({ quick: true }); */
export async function measureMessages(options: MessagesBenchOptions = {}): Promise<MessagesBenchResult> {
  const log = options.log ?? (() => {});
  const extra = options.messages ?? (options.quick ? 3000 : 10_000);
  const distDir = options.distDir ?? (process.env.YX_DIST_DIR?.trim() || 'dist');
  if (!existsSync(join(distDir, 'demo/index.html'))) {
    throw new Error(`${distDir}/ has no build: run \`npm run build\` first (or set YX_DIST_DIR to a built directory)`);
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs` or set CHROME_PATH');

  const dataDir = mkdtempSync(join(tmpdir(), 'yx-bench-messages-'));
  const config = { ...loadConfig({}), port: 0, dataDir, logLevel: 'warn' as const, distDir, demoMessages: extra };
  let started = performance.now();
  const server = await startServer(config, { clock: systemClock });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const db = server.database.db;
    const demo = (await findUserByLogin(db, 'demo'))!;
    const { count } = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', demo.id)
      .executeTakeFirstOrThrow();
    const total = Number(count);
    log(`server on fresh PGlite with ${total} messages for demo in ${Math.round(performance.now() - started)} ms`);

    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // tsx compiles this file with esbuild's keepNames, which wraps the inner functions of the
    // functions sent to the page in `__name(…)` calls: give the page that helper.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await context.addInitScript(instrument);
    await signIn(page, server.url);

    // A trace tells the page's own CPU time per task from the time it waited for a core: on a
    // shared machine a 20 ms task can take 200 ms of wall time.
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    await page.goto(`${server.url}/users/#/users/notifications`);
    await page.waitForFunction(
      () => (window as unknown as { __bench: { rowsPaintedAt: number } }).__bench.rowsPaintedAt > 0,
      null,
      {
        timeout: 60_000,
      },
    );
    const first = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { rowsPaintedAt: number } }).__bench;
      const list = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith('/notifications/inbox/messages:list')) as PerformanceResourceTiming;
      return { paintedAt: bench.rowsPaintedAt, dataAt: list.responseEnd };
    });
    const firstRenderMs = first.paintedAt - first.dataAt;
    log(`first rows painted ${firstRenderMs.toFixed(1)} ms after the first page arrived`);

    started = performance.now();
    const scroll = await page.evaluate(scrollToEnd, {
      step: options.quick ? 2 : 1,
      total,
      timeoutMs: 10 * 60_000,
    });
    log(`scrolled through ${scroll.loaded} messages in ${Math.round(performance.now() - started)} ms`);
    const tasks = readTrace(await browser.stopTracing());
    const scrollTasks = tasks.filter((task) => task.start >= scroll.started && task.start <= scroll.ended);

    const measured = await page.evaluate(
      ({ from, to }) => {
        const bench = (window as unknown as { __bench: { longTasks: Array<{ start: number; duration: number }> } })
          .__bench;
        const during = bench.longTasks.filter((task) => task.start + task.duration >= from && task.start <= to);
        const pages = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/notifications/inbox/messages:list')).length;
        return { longTasks: during.map((task) => task.duration), pages };
      },
      { from: scroll.started, to: scroll.ended },
    );
    if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join('; ')}`);
    await context.close();

    const result = {
      messages: total,
      loaded: scroll.loaded,
      pages: measured.pages,
      domRows: scroll.maxRows,
      longTasksOver50ms: measured.longTasks.length,
      longestTaskMs: Math.max(0, ...measured.longTasks),
      cpuTasksOver50ms: scrollTasks.filter((task) => task.cpuMs > 50).length,
      longestTaskCpuMs: Math.max(0, ...scrollTasks.map((task) => task.cpuMs)),
      firstRenderCpuMs: cpuBetween(tasks, first.dataAt, first.paintedAt),
      load: { average: loadavg()[0]!, cpus: availableParallelism() },
      firstRenderMs,
      navigationToRowsMs: first.paintedAt,
      scrollMs: scroll.ended - scroll.started,
      frames: scroll.frames,
      longestFrameMs: scroll.longestFrameMs,
    };
    const rowsAndPages = result.domRows <= TARGETS.domRows && result.loaded === total;
    const met =
      rowsAndPages &&
      result.longTasksOver50ms <= TARGETS.longTasksOver50ms &&
      result.firstRenderMs < TARGETS.firstRenderMs;
    const metByCpu =
      rowsAndPages &&
      result.cpuTasksOver50ms <= TARGETS.longTasksOver50ms &&
      result.firstRenderCpuMs < TARGETS.firstRenderMs;
    return { ...result, met, metByCpu };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The result as a table: each measure, its value, its target and whether it is met. */
export function formatMessagesTable(result: MessagesBenchResult): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const rows: Array<[string, string, string, string]> = [
    [
      'messages loaded',
      `${result.loaded} / ${result.messages}`,
      'all',
      result.loaded === result.messages ? 'ok' : 'MISSED',
    ],
    ['list pages', String(result.pages), '', ''],
    [
      'DOM rows (max)',
      String(result.domRows),
      `≤ ${TARGETS.domRows}`,
      result.domRows <= TARGETS.domRows ? 'ok' : 'MISSED',
    ],
    [
      'long tasks > 50 ms (scroll)',
      result.longTasksOver50ms === 0 ? '0' : `${result.longTasksOver50ms} (longest ${ms(result.longestTaskMs)})`,
      String(TARGETS.longTasksOver50ms),
      result.longTasksOver50ms <= TARGETS.longTasksOver50ms ? 'ok' : 'MISSED',
    ],
    [
      'first render after data',
      ms(result.firstRenderMs),
      `< ${TARGETS.firstRenderMs} ms`,
      result.firstRenderMs < TARGETS.firstRenderMs ? 'ok' : 'MISSED',
    ],
    [
      'tasks > 50 ms of CPU (scroll)',
      `${result.cpuTasksOver50ms} (longest ${ms(result.longestTaskCpuMs)})`,
      String(TARGETS.longTasksOver50ms),
      result.cpuTasksOver50ms <= TARGETS.longTasksOver50ms ? 'ok' : 'MISSED',
    ],
    [
      'first render, CPU time',
      ms(result.firstRenderCpuMs),
      `< ${TARGETS.firstRenderMs} ms`,
      result.firstRenderCpuMs < TARGETS.firstRenderMs ? 'ok' : 'MISSED',
    ],
    ['navigation → rows painted', ms(result.navigationToRowsMs), '', ''],
    ['scroll, end to end', ms(result.scrollMs), '', ''],
    ['frames (longest gap)', `${result.frames} (${ms(result.longestFrameMs)})`, '', ''],
  ];
  const header: [string, string, string, string] = ['measure', 'value', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.env.QUICK === '1';
  const result = await measureMessages({
    quick,
    messages: process.env.MESSAGES ? Number(process.env.MESSAGES) : undefined,
    log: (line) => console.log(line),
  });
  console.log(`\n<yx-message-centre>, ${result.messages} messages${quick ? ' (quick)' : ''}\n`);
  console.log(formatMessagesTable(result));
  console.log(`\nmachine load ${result.load.average.toFixed(1)} on ${result.load.cpus} CPUs`);
  if (!result.met && result.metByCpu) {
    console.log('in CPU time every target is met: the misses in wall time are waits for a busy machine');
  }
  console.log(result.met ? 'all targets met' : 'TARGET MISSED (wall time)');
  process.exitCode = result.met ? 0 : 1;
}
