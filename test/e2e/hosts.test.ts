/**
 * The host examples of demo/hosts/ in Chromium, against the real server: a plain HTML page on the
 * CDN bundle, a React 19 app on its own React (import map + the React-external build), a Vue 3
 * app and a lit-html page on the element modules, and a page under a strict CSP with Trusted Types.
 *
 * Needs the main build and the CDN build in YX_DIST_DIR (default dist/):
 *   node scripts/build.mjs && npx rollup -c rollup.cdn.config.mjs
 */
import { existsSync } from 'node:fs';
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, ConsoleMessage, Page, Request, Route } from 'playwright-core';
import { startE2E } from './support';
import type { E2E } from './support';
import { STRICT_CSP, startHostServer } from '../../demo/hosts/serve';
import type { HostServer } from '../../demo/hosts/serve';
import { messageHub } from '../../server/notifications/hub';
import { newMessageId, recordMessage } from '../../server/notifications/notify';

const HOSTS = [
  { name: 'plain', label: 'plain HTML' },
  { name: 'react', label: 'React 19' },
  { name: 'vue', label: 'Vue 3' },
  { name: 'lit', label: 'lit-html' },
] as const;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Waits for a condition outside the page (the server's state). */
async function until(check: () => boolean, what: string, timeout = 15_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A stand-in for React DevTools: every React DOM copy on the page registers with it once, and
 * reports each root it commits. One renderer means one React, whatever the bundles. */
function installReactProbe() {
  const hook = {
    supportsFiber: true,
    renderers: new Map<number, unknown>(),
    containers: new Set<unknown>(),
    inject(renderer: unknown) {
      hook.renderers.set(hook.renderers.size + 1, renderer);
      return hook.renderers.size;
    },
    onCommitFiberRoot(_id: number, root: { containerInfo: unknown }) {
      hook.containers.add(root.containerInfo);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
}

describe('host examples, end to end', () => {
  let e2e: E2E;
  let hosts: HostServer;
  let signedIn: StorageState;

  before(async () => {
    const distDir = process.env.YX_DIST_DIR?.trim() || 'dist';
    for (const file of ['cdn/yx-elements.min.js', 'react-external/elements/yx-token-manager.js']) {
      if (!existsSync(`${distDir}/${file}`)) {
        throw new Error(`${distDir}/${file} is missing: run \`npx rollup -c rollup.cdn.config.mjs\` after the build`);
      }
    }
    e2e = await startE2E();
    hosts = await startHostServer({ api: e2e.server.url });
    // One sign-in for the whole file; every test gets a fresh context with its cookies.
    const { context, page } = await e2e.newPage();
    await e2e.login(page, 'demo', 'Demo@2026');
    signedIn = await context.storageState();
    await context.close();
  });
  after(async () => {
    await hosts?.close();
    await e2e?.close();
  });
  // Closed even when a test fails half-way, so no page keeps a stream open into the next test.
  const open: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });

  /** A signed-in page on one host, with console errors collected and the React probe installed;
   * the paths of the scripts it loads go into `scripts`. */
  async function openHost(
    name: string,
    { scripts }: { scripts?: string[] } = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await e2e.browser.newContext({ locale: 'en-US', storageState: signedIn });
    open.push(context);
    await context.addInitScript(installReactProbe);
    const page = await context.newPage();
    page.on('request', (r: Request) => {
      if (r.resourceType() === 'script') scripts?.push(new URL(r.url()).pathname);
    });
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${hosts.url}/hosts/${name}/`);
    return { context, page, errors };
  }

  /** Both elements have loaded what they show. */
  async function ready(page: Page): Promise<void> {
    await page.locator('yx-token-manager [part~="token-list"][data-status="ready"]').waitFor();
    await page.locator('yx-unread-badge [part="link"][data-count]').waitFor();
  }

  for (const host of HOSTS) {
    describe(`given the ${host.label} host`, () => {
      it('passes the language and the badge link in, and follows a language switch', async () => {
        const { page, errors } = await openHost(host.name);
        await ready(page);
        const title = page.locator('yx-token-manager [part~="title"]');
        const link = page.locator('yx-unread-badge [part="link"]');
        assert.equal(await title.textContent(), 'Personal access tokens');
        const count = await link.getAttribute('data-count');
        assert.equal(await link.getAttribute('aria-label'), `Messages, ${count} unread`);
        assert.equal(await link.getAttribute('href'), '#/inbox');

        await page.selectOption('#locale', 'zh_CN');
        await page.locator('yx-token-manager [part~="title"]', { hasText: '个人访问令牌' }).waitFor();
        await page.locator(`yx-unread-badge [part="link"][aria-label="消息，${count} 条未读"]`).waitFor();

        assert.deepEqual(errors, []);
      });

      it("hears the elements' yx- events in its own listeners and takes over their navigation", async () => {
        const { page, errors } = await openHost(host.name);
        await ready(page);
        const log = page.locator('#events');

        // yx-unread-change: the host shows the count in its own words.
        const count = await page.locator('yx-unread-badge [part="link"]').getAttribute('data-count');
        await page.locator('#unread', { hasText: `${count} unread` }).waitFor();
        await log.getByText(`yx-unread-change {"count":${count}}`).waitFor();

        // yx-navigate: the host cancels it and routes by itself; the page does not follow the link.
        const before = page.url();
        await page.locator('yx-unread-badge [part="link"]').click();
        await page.locator('#route', { hasText: 'Host route: #/inbox' }).waitFor();
        assert.equal(page.url(), before);

        // yx-token-create after a real write (the CSRF token came in through the host).
        const manager = page.locator('yx-token-manager');
        await manager.locator('[part~="create-button"]').first().click();
        const drawer = manager.locator('[part~="drawer"]');
        await drawer.locator('input[name="name"]').fill(`Acme ${host.label} CI`);
        // The label, as a user clicks it (the native radio is visually hidden).
        const thirtyDays = drawer.locator('label[part~="radio"]', { has: page.locator('input[value="30"]') });
        await thirtyDays.click();
        await drawer
          .locator('label[part~="radio"][data-state="checked"] input[value="30"]')
          .waitFor({ state: 'attached' });
        await drawer.locator('li[data-key="codeup:repository:read"]').click();
        await drawer.locator('[part~="submit-button"]').click();
        await manager.locator('[part="secret-value"]').waitFor();
        const created = log.getByText(`yx-token-create`);
        await created.waitFor();
        assert.match((await created.textContent()) ?? '', new RegExp(`"name":"Acme ${host.label} CI"`));
        assert.match((await created.textContent()) ?? '', /"tokenId":"[^"]+"/);
        assert.doesNotMatch((await log.textContent()) ?? '', /yxp_/, 'the value never travels in an event');

        assert.deepEqual(errors, []);
      });

      it('keeps its own CSS out of the elements', async () => {
        const { page, errors } = await openHost(host.name);
        await ready(page);
        const style = (selector: string) =>
          page.locator(selector).evaluate((node) => {
            const s = getComputedStyle(node);
            return {
              display: s.display,
              color: s.color,
              background: s.backgroundColor,
              fontFamily: s.fontFamily,
              textTransform: s.textTransform,
              borderRadius: s.borderRadius,
              borderStyle: s.borderTopStyle,
            };
          });

        // The house style is in force outside: pink square buttons, serif text.
        const hostButton = await page.locator('#locale').evaluate((n) => getComputedStyle(n).backgroundColor);
        assert.equal(hostButton, 'rgb(255, 0, 128)');

        const title = await style('yx-token-manager [part~="title"]');
        assert.notEqual(title.display, 'none');
        assert.equal(title.color, 'rgb(31, 35, 41)');
        assert.equal(title.textTransform, 'none');
        assert.match(title.fontFamily, /^system-ui/);

        const create = await style('yx-token-manager [part~="create-button"]');
        assert.notEqual(create.display, 'none');
        assert.equal(create.background, 'rgb(0, 106, 212)');
        assert.equal(create.color, 'rgb(255, 255, 255)');
        assert.equal(create.borderRadius, '6px');
        assert.equal(create.textTransform, 'none');

        const table = await style('yx-token-manager [part~="table"]');
        assert.notEqual(table.display, 'none');
        assert.notEqual(table.borderStyle, 'dashed');

        const badge = await style('yx-unread-badge [part="link"]');
        assert.notEqual(badge.display, 'none');
        assert.notEqual(badge.color, 'rgb(255, 140, 0)');

        assert.deepEqual(errors, []);
      });

      it('runs both elements on one React', async () => {
        const scripts: string[] = [];
        const { page, errors } = await openHost(host.name, { scripts });
        await ready(page);
        const probe = await page.evaluate(() => {
          const hook = (window as unknown as Record<string, { renderers: Map<number, unknown>; containers: Set<Node> }>)
            .__REACT_DEVTOOLS_GLOBAL_HOOK__!;
          const shadows = ['yx-token-manager', 'yx-unread-badge'].map((tag) => document.querySelector(tag)!.shadowRoot);
          return {
            renderers: hook.renderers.size,
            roots: hook.containers.size,
            both: shadows.every((root) => root !== null && hook.containers.has(root)),
          };
        });
        assert.equal(probe.renderers, 1, 'one React DOM on the page');
        assert.equal(probe.both, true, 'both elements render on it');
        if (host.name === 'react') {
          // The host's own root renders on the same React: the elements brought none of their own.
          assert.equal(probe.roots, 3);
          assert.ok(scripts.includes('/vendor/react/react-dom-client.js'));
          assert.deepEqual(
            scripts.filter((s) => /\/chunks\/react-[\w-]+\.js$/.test(s)),
            [],
          );
        } else if (host.name === 'plain') {
          assert.deepEqual(
            scripts.filter((s) => s.startsWith('/users/')),
            ['/users/cdn/yx-elements.min.js'],
          );
        } else {
          assert.equal(scripts.filter((s) => /^\/users\/chunks\/react-[\w-]+\.js$/.test(s)).length, 1);
        }

        assert.deepEqual(errors, []);
      });

      it('ends the requests, the stream and the listeners of the elements it removes', async () => {
        const { context, page, errors } = await openHost(host.name);
        const hub = messageHub(e2e.server.deps);
        const cdp = await context.newCDPSession(page);
        const listeners = async () => {
          const types: Record<string, string[]> = {};
          for (const target of ['window', 'document']) {
            const { result } = await cdp.send('Runtime.evaluate', { expression: target });
            const { listeners: found } = await cdp.send('DOMDebugger.getEventListeners', {
              objectId: result.objectId!,
            });
            types[target] = found.map((l) => l.type).sort();
          }
          return types;
        };
        await ready(page);
        await until(() => hub.stats.listeners === 1, 'the badge stream to open');

        // Once through, so what the first element on a page sets up for good is in the baseline.
        await page.uncheck('#embed');
        await until(() => hub.stats.listeners === 0, 'the badge stream to close');
        const baseline = await listeners();

        const held: Route[] = [];
        await page.route('**/users/ajax/v1/my/tokens*', (route) => {
          held.push(route);
        });
        const failed: Request[] = [];
        page.on('requestfailed', (r) => failed.push(r));
        await page.check('#embed');
        await page.locator('yx-token-manager [part~="token-list"][data-status="loading"]').waitFor();
        await until(() => held.length === 1 && hub.stats.listeners === 1, 'the list request and the stream');

        await page.uncheck('#embed');
        assert.equal(await page.locator('yx-token-manager, yx-unread-badge').count(), 0);
        await until(() => failed.some((r) => r === held[0]!.request()), 'the list request to be aborted');
        assert.match(held[0]!.request().failure()?.errorText ?? '', /ERR_ABORTED/);
        await until(() => hub.stats.listeners === 0, 'the badge stream to close');
        assert.deepEqual(await listeners(), baseline);

        assert.deepEqual(errors, []);
      });
    });
  }

  it("warns the host's developer, once, about a wrong attribute value, in the built elements", async () => {
    const { page, errors } = await openHost('plain');
    await ready(page);
    const warnings: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.evaluate(() => {
      // Configured like the page's own badge (its CSRF token included), but for the flavour.
      const own = document.querySelector('yx-unread-badge')!;
      for (let i = 0; i < 2; i++) {
        const badge = document.createElement('yx-unread-badge');
        for (const { name, value } of own.attributes) badge.setAttribute(name, value);
        badge.setAttribute('flavour', 'bogus');
        document.body.append(badge);
      }
    });
    await until(() => warnings.some((w) => w.includes('"bogus"')), 'the warning');
    // Both badges render with the fallback, and the warning is not repeated.
    await page.locator('yx-unread-badge[flavour="bogus"] [part="link"][data-count]').nth(1).waitFor();
    assert.equal(warnings.filter((w) => w.includes('"bogus"')).length, 1);
    assert.match(
      warnings.find((w) => w.includes('"bogus"'))!,
      /Unknown flavour "bogus".*Falling back to "standard"/,
    );
    assert.deepEqual(errors, []);
  });

  describe('given a host page under a strict CSP with Trusted Types enforced', () => {
    it('opens a drawer and shows sanitised message content with zero policy violations', async () => {
      const context = await e2e.browser.newContext({ locale: 'en-US', storageState: signedIn });
      open.push(context);
      // Registered before any page script, so nothing the page does goes unheard.
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __violations: string[] }).__violations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

      // Two messages from an app, newest of all so they head the list: one with hostile markup,
      // one with the rich text apps may send.
      const { db, clock } = e2e.server.deps;
      const demo = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
      const message = (title: string, body: string, minutes: number) => ({
        id: newMessageId(),
        user_id: demo.id,
        app: 'thoughts',
        title,
        body,
        read: false,
        sensitive_type: null,
        created_at: new Date(clock.now().getTime() + minutes * 60_000),
      });
      await recordMessage(
        db,
        message(
          'A message with hostile markup',
          'Check this out <img src=x onerror=alert(1)> and <a href="javascript:alert(document.cookie)">this link</a>' +
            '<script>alert(2)</script><svg onload=alert(3)></svg><style>p { color: red }</style>' +
            '<p onclick="alert(4)" style="color: red">, please.</p>',
          1,
        ),
      );
      await recordMessage(
        db,
        message(
          'A message with rich text',
          '<p>Release 3.4 is <strong>frozen</strong>.</p><p><a href="https://example.com/releases/3.4">Open it</a></p>',
          2,
        ),
      );

      const response = await page.goto(`${hosts.url}/hosts/csp/`);
      assert.equal(response?.headers()['content-security-policy'], STRICT_CSP);
      assert.match(STRICT_CSP, /script-src 'self';/);
      assert.match(STRICT_CSP, /style-src 'self';/);
      assert.match(STRICT_CSP, /require-trusted-types-for 'script'/);

      // The token drawer opens.
      const manager = page.locator('yx-token-manager');
      await manager.locator('[part~="token-list"][data-status="ready"]').waitFor();
      await manager.locator('[part~="create-button"]').first().click();
      const drawer = manager.locator('[part~="drawer"]');
      await drawer.locator('input[name="name"]').waitFor();
      await drawer.locator('li[data-key="codeup:repository:read"]').waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // The hostile message opens, shown harmlessly.
      const centre = page.locator('yx-message-centre');
      await centre.locator('[part~="message-centre"][data-status="ready"]').waitFor();
      const hostile = centre.locator('[part~="message"]', { hasText: 'A message with hostile markup' });
      await hostile.locator('[part="message-title"]').click();
      const content = hostile.locator('[part="message-content"][data-state="open"]');
      await content.waitFor();
      assert.match((await content.textContent()) ?? '', /^Check this out\s+and this link\s*, please\.$/);
      assert.equal(
        await content.locator('img, script, svg, style, [style], [onclick], [onerror], [onload]').count(),
        0,
      );
      assert.equal(await content.locator('a[href]').count(), 0, 'the javascript: link lost its href');

      // The rich one keeps its allowed markup.
      const rich = centre.locator('[part~="message"]', { hasText: 'A message with rich text' });
      await rich.locator('[part="message-title"]').click();
      await rich.locator('[part="message-content"][data-state="open"] strong', { hasText: 'frozen' }).waitFor();
      assert.equal(
        await rich.locator('[part="message-content"] a').getAttribute('href'),
        'https://example.com/releases/3.4',
      );

      assert.deepEqual(await violations(), []);
      assert.equal(await page.locator('#violations').textContent(), '0 policy violations');
      assert.deepEqual(errors, []);

      // The policy is really enforced here: a raw HTML string is refused and reported.
      const refused = await page.evaluate(() => {
        try {
          document.body.insertAdjacentHTML('beforeend', '<b>raw</b>');
          return 'allowed';
        } catch (error) {
          return (error as Error).name;
        }
      });
      assert.equal(refused, 'TypeError');
      const reported = await violations();
      assert.equal(reported.length, 1);
      assert.match(reported[0]!, /^require-trusted-types-for trusted-types-sink/);
    });
  });
});
