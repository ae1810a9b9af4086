/**
 * Opens every story of the built Storybook (`storybook-static/`, or YX_STORYBOOK_DIR) in Chromium,
 * lets it render and play, and fails on a console error, an uncaught exception, a failed play
 * function or an axe violation. The site is served from 127.0.0.1 by a small static server; the
 * stories' network answers come from their MSW handlers inside the page.
 *
 * Run: `npm run build-storybook && node --import tsx --test test/storybook/stories.test.ts`
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type * as AxeApi from 'axe-core';
import { CHROMIUM_FLAGS, SIDE_BY_SIDE_FLAGS, findChromium } from '../../scripts/chromium.mjs';

const SITE = resolve(process.env.YX_STORYBOOK_DIR?.trim() || 'storybook-static');
const INDEX = join(SITE, 'index.json');
/** Two pages at a time: the machine has two cores, and each page mostly waits. */
const PAGES = Math.max(1, Number(process.env.YX_STORYBOOK_PAGES) || 2);
const STORY_TIMEOUT_MS = 30_000;
/** Every story is shown in each interface language (the toolbar's Locale global). */
const LOCALES = (process.env.YX_STORYBOOK_LOCALES ?? 'en_US,zh_CN')
  .split(',')
  .map((l) => l.trim())
  .filter(Boolean);

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

function storyIds(): string[] {
  if (!existsSync(INDEX)) {
    throw new Error(`${INDEX} is missing: build the site first with \`npm run build-storybook\``);
  }
  const index = JSON.parse(readFileSync(INDEX, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Serves the built site, read-only, on an ephemeral port of 127.0.0.1. */
async function serve(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      // iframe.html names no icon, so the browser asks for this one.
      const body = await readFile(pathname === '/favicon.ico' ? join(root, 'favicon.svg') : file);
      const type = pathname === '/favicon.ico' ? TYPES['.svg'] : TYPES[extname(file)];
      res.writeHead(200, { 'Content-Type': type ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/**
 * Installed before any page script: records what the preview's channel says about the current
 * story, and switches stories through that channel (as the manager does when a story is picked),
 * so the preview bundle loads once per page rather than once per story. A string, not a
 * function, so the TypeScript loader's helpers cannot leak into the page.
 */
const WATCH_STORY_CHANNEL = `(() => {
  const state = {
    storyId: new URLSearchParams(location.search).get('id'),
    finished: false,
    problems: [],
    select(storyId) {
      state.storyId = storyId;
      state.finished = false;
      state.problems = [];
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    },
  };
  const text = (payload) => {
    if (Array.isArray(payload)) return payload.map(text).join('; ');
    if (payload && typeof payload === 'object') {
      return [payload.message, payload.title, payload.description].filter(Boolean).join(': ');
    }
    return String(payload);
  };
  const problem = (label) => (payload) => state.problems.push(label + ': ' + text(payload));
  let channel;
  Object.defineProperty(window, '__yxStory', { value: state });
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value) {
      channel = value;
      value.on('storyFinished', (payload) => {
        if (payload && payload.storyId === state.storyId) state.finished = true;
      });
      value.on('playFunctionThrewException', problem('play function failed'));
      value.on('storyThrewException', problem('story threw'));
      value.on('storyErrored', problem('story errored'));
      value.on('storyMissing', problem('story missing'));
      value.on('unhandledErrorsWhilePlaying', problem('unhandled errors while playing'));
    },
  });
})();`;

interface StoryPage {
  page: Page;
  /** Whether the preview is loaded (then stories switch through its channel). */
  loaded: boolean;
  /** The Locale global the preview was loaded with. */
  locale: string;
  problems: string[];
  /** URLs the fake API answered with an error status on purpose (the browser logs each one). */
  mockedFailures: Set<string>;
}

/**
 * Pages for the stories, reused between them, at most `PAGES` at a time, each in a browser context
 * of its own: pages of one context share MSW's service worker, which hands a request from a
 * document that is already gone to any other page where MSW runs. A page leaving for the next
 * locale still sends one (Chromium fails the unread badge's event stream at the navigation, and
 * the badge polls the counts at once), and the other page's story, whose handlers know nothing of
 * it, logged it as unhandled.
 */
class PagePool {
  private idle: StoryPage[] = [];
  private waiting: Array<(storyPage: StoryPage) => void> = [];

  constructor(private readonly newContext: () => Promise<BrowserContext>) {}

  async open(): Promise<void> {
    const page = await (await this.newContext()).newPage();
    const storyPage: StoryPage = { page, loaded: false, locale: '', problems: [], mockedFailures: new Set() };
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      storyPage.problems.push(`console error: ${message.text()} (${message.location().url || 'no location'})`);
    });
    page.on('pageerror', (error) => storyPage.problems.push(`uncaught exception: ${error.stack ?? error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && response.fromServiceWorker()) storyPage.mockedFailures.add(response.url());
    });
    this.release(storyPage);
  }

  acquire(): Promise<StoryPage> {
    const storyPage = this.idle.pop();
    if (storyPage) return Promise.resolve(storyPage);
    return new Promise((done) => this.waiting.push(done));
  }

  release(storyPage: StoryPage): void {
    const next = this.waiting.shift();
    if (next) next(storyPage);
    else this.idle.push(storyPage);
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the story's root with the rules the story's `parameters.a11y.config.rules` set (as
 * the a11y addon does, so the panel and this test agree); each violation is one readable line.
 */
async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Rule = { id: string; enabled?: boolean };
    const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: Record<string, any> }).__STORYBOOK_PREVIEW__;
    const configured: Rule[] = preview?.currentRender?.story?.parameters?.a11y?.config?.rules ?? [];
    const rules: Record<string, { enabled: boolean }> = {};
    for (const rule of configured) if (typeof rule.enabled === 'boolean') rules[rule.id] = { enabled: rule.enabled };
    const axe = (window as unknown as { axe: typeof AxeApi }).axe;
    const result = await axe.run(document.querySelector('#storybook-root')!, {
      resultTypes: ['violations'],
      // Preloading the CSSOM never settles for constructed sheets adopted into shadow roots.
      preload: false,
      rules,
    });
    return result.violations.map(
      (v) => `axe ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  });
}

const FAILED_RESOURCE = /^console error: Failed to load resource: the server responded with a status of \d+/;

type StoryState = { finished: boolean; problems: string[]; select(id: string): void };

/** Shows one story, waits for it to render and play, and lists what went wrong. */
async function checkStory(storyPage: StoryPage, origin: string, id: string, locale: string): Promise<string[]> {
  const { page } = storyPage;
  storyPage.problems = [];
  storyPage.mockedFailures = new Set();
  if (!storyPage.loaded || storyPage.locale !== locale) {
    // The a11y addon's own run is skipped: this test runs axe itself, once, on the final state.
    const globals = `a11y.manual:!true;locale:${locale}`;
    await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${globals}`);
    await page.addScriptTag({ content: AXE_SOURCE });
    storyPage.loaded = true;
    storyPage.locale = locale;
  } else {
    await page.evaluate((storyId) => {
      (window as unknown as { __yxStory: StoryState }).__yxStory.select(storyId);
    }, id);
  }
  await page.waitForFunction(
    () => {
      const state = (window as unknown as { __yxStory?: StoryState }).__yxStory;
      return state && (state.finished || state.problems.length > 0);
    },
    undefined,
    { timeout: STORY_TIMEOUT_MS },
  );
  const channelProblems = await page.evaluate(
    () => (window as unknown as { __yxStory: StoryState }).__yxStory.problems,
  );
  const violations = channelProblems.length === 0 ? await axeViolations(page) : [];
  // The browser logs "Failed to load resource" for every error status, also for an answer the
  // story's fake API gave on purpose: that one is the story's subject, not a fault.
  const expected = (line: string) =>
    FAILED_RESOURCE.test(line) && [...storyPage.mockedFailures].some((url) => line.endsWith(`(${url})`));
  const all = [...channelProblems, ...storyPage.problems.filter((line) => !expected(line)), ...violations];
  // Play failures and React errors can carry a whole DOM dump: the start is what matters.
  return all.map((line) => (line.length > 800 ? `${line.slice(0, 800)}…` : line));
}

describe('every story of the built Storybook', { concurrency: PAGES }, () => {
  const ids = storyIds();
  let site: { server: Server; origin: string };
  let browser: Browser;
  let pool: PagePool;

  before(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs` or set CHROME_PATH');
    site = await serve(SITE);
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        ...CHROMIUM_FLAGS,
        // Two pages play at once.
        ...SIDE_BY_SIDE_FLAGS,
      ],
    });
    pool = new PagePool(async () => {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
      await context.addInitScript({ content: WATCH_STORY_CHANNEL });
      return context;
    });
    for (let i = 0; i < PAGES; i++) await pool.open();
  });

  after(async () => {
    await browser?.close();
    await new Promise((done) => site?.server.close(done));
  });

  it('finds the stories in index.json', () => {
    assert.ok(ids.length > 0, 'index.json lists no story');
  });

  for (const locale of LOCALES) {
    for (const id of ids) {
      it(`renders ${id} (${locale}) without console errors or axe violations`, async () => {
        const storyPage = await pool.acquire();
        try {
          const problems = await checkStory(storyPage, site.origin, id, locale);
          // A story that went wrong may leave the page in any state: the next one starts afresh.
          if (problems.length > 0) storyPage.loaded = false;
          assert.deepEqual(problems, [], `${id} (${locale}):\n  ${problems.join('\n  ')}`);
        } catch (error) {
          storyPage.loaded = false;
          throw error;
        } finally {
          pool.release(storyPage);
        }
      });
    }
  }
});
