/**
 * End-to-end fixtures: the real server (in this process, on an ephemeral port, over a fresh
 * database and the built `dist/`) and Debian's Chromium driven by playwright-core.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium.mjs';
import { openDatabase } from '../../server/db/index';
import { createTestDatabase } from '../server/helpers/database';
import type { TestDatabase } from '../server/helpers/database';
import { startTestServer } from '../server/helpers/server';
import type { TestServer, TestServerOptions } from '../server/helpers/server';

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** The standalone page's URL, e.g. http://127.0.0.1:40123/users/ */
  pageUrl: string;
  /** A fresh browser context (own cookies) with a page; console errors are collected. */
  newPage(options?: { locale?: string }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** Signs in over the API inside the page's context, so the page's cookies hold the session. */
  login(page: Page, username: string, password: string): Promise<void>;
  close(): Promise<void>;
}

export interface E2EOptions extends TestServerOptions {
  /** Start from an empty database that the server seeds with this configuration (`demoOrgs`,
   * `flavour`), as `npm start` does the first time. Slower (initdb, ~5 s) than the shared
   * template, which was seeded once in the standard flavour. @default false */
  firstStart?: boolean;
}

/** An empty database: a new PGlite directory, or (`DATABASE_URL`) a new, empty PostgreSQL one. */
async function emptyDatabase(): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) return createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'yx-e2e-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Starts the server and Chromium. Needs `npm run build` first (npm test builds before this). */
export async function startE2E({ firstStart = false, ...options }: E2EOptions = {}): Promise<E2E> {
  const distDir = process.env.YX_DIST_DIR?.trim() || 'dist';
  if (!existsSync(`${distDir}/demo/index.html`)) throw new Error(`${distDir}/ is missing: run \`npm run build\` first`);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs`');
  const database: TestDatabase = firstStart ? await emptyDatabase() : await createTestDatabase();
  const server = await startTestServer(database, { ...options, config: { distDir, ...options.config } });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  const pageUrl = `${server.url}/users/`;
  return {
    server,
    browser,
    pageUrl,
    async newPage({ locale = 'en-US' } = {}) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      return { context, page, errors };
    },
    async login(page, username, password) {
      const settings = await page.request.get(`${server.url}/users/ajax/v1/page-settings`);
      const { csrfToken } = (await settings.json()) as { csrfToken: string };
      const answer = await page.request.post(`${server.url}/users/ajax/login`, {
        data: { username, password },
        headers: { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
      });
      if (answer.status() !== 200) throw new Error(`login failed: ${answer.status()} ${await answer.text()}`);
    },
    async close() {
      await browser.close();
      await server.close();
      await database.dispose();
    },
  };
}

/**
 * The usual set-up of an end-to-end suite: {@link startE2E} in its `before`, `close()` in its
 * `after`. The object returned stands for the started one inside the suite's tests and hooks.
 * @example const e2e = useE2E({ clock: new WallClock() });
 */
export function useE2E(options?: E2EOptions): E2E {
  let started: E2E | undefined;
  before(async () => {
    started = await startE2E(options);
  });
  after(async () => {
    await started?.close();
  });
  return new Proxy({} as E2E, {
    get(_target, key) {
      if (!started) throw new Error('useE2E: read in a test or hook of its suite, once it has started');
      return Reflect.get(started, key) as unknown;
    },
  });
}
