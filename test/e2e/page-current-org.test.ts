/**
 * The current organization on the standalone page (product audit): the settings shell's top bar
 * names it in the Switch Organization link ("Acme Engineering ▾", read "Acme Engineering
 * (current organization). Switch Organization": the visible name first), asked once per organization from
 * `GET /uiless/api/organizations/{id}`; after a switch the link names the new one and a polite
 * status says "Now in …". Without an answer the link stays the plain "Switch Organization".
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { useE2E } from './support';

const ORG_PATH = /\/uiless\/api\/organizations\/[^/]+$/;

/** What has focus, seen through the shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.localName}.${el.className}` : 'nothing';
  });

describe('the current organization in the settings top bar', () => {
  const e2e = useE2E();
  const link = (page: Page) => page.locator('yx-settings > a.yx-page__switch');

  /** Loads the page afresh at a settings route and waits for its shell. */
  async function open(page: Page, route: string) {
    await page.goto('about:blank');
    await page.goto(`${e2e.pageUrl}#${route}`);
    await page.locator('yx-settings [part~="nav-link-current"]').waitFor();
  }

  /** Picks `name` in the organization switcher with the keyboard. */
  async function pick(page: Page, name: RegExp) {
    const choice = page.locator('yx-org-switcher').getByRole('button', { name });
    await choice.focus();
    await page.keyboard.press('Enter');
  }

  describe('given a signed-in user in English', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    before(async () => {
      ({ context, page, errors } = await e2e.newPage());
      await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
      await e2e.login(page, 'demo', 'Demo@2026');
    });
    after(async () => {
      await context.close();
    });

    it('names the organization in the link, asking the server once for it', async () => {
      const asked: string[] = [];
      const onRequest = (request: Request) => {
        if (ORG_PATH.test(new URL(request.url()).pathname)) asked.push(request.method());
      };
      page.on('request', onRequest);
      await open(page, '/users/settings/profile');
      const named = page.getByRole('link', {
        name: 'Acme Engineering (current organization). Switch Organization',
        exact: true,
      });
      await named.waitFor();
      assert.equal(await link(page).textContent(), 'Acme Engineering▾');
      assert.equal(await link(page).getAttribute('title'), 'Acme Engineering');

      // Another section of the shell: the name stays, from the answer already in.
      await page.locator('yx-settings [part~="nav-link"]', { hasText: 'SSH Public Key' }).click();
      await page.locator('yx-settings yx-ssh-keys').waitFor();
      await named.waitFor();
      // The unread badge beside it opens the message centre with its way back to this section.
      assert.equal(
        await page.locator('yx-settings > yx-unread-badge').getAttribute('href'),
        '#/users/notifications?nextUrl=' + encodeURIComponent('#/users/settings/ssh'),
      );
      page.off('request', onRequest);
      assert.deepEqual(asked, ['GET']);
      assert.deepEqual(errors, []);
    });

    it('names the new organization after a switch made with the keyboard, and says so', async () => {
      await open(page, '/users/settings/ssh');
      await link(page).getByText('Acme Engineering').waitFor();
      let reached = false;
      for (let i = 0; i < 12 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = (await focused(page)) === 'a.yx-page__switch';
      }
      assert.ok(reached, 'the link is reached with Tab');
      await page.keyboard.press('Enter');
      await page.locator('yx-org-switcher').getByRole('heading', { name: 'Switch Organization' }).waitFor();
      await pick(page, /Open Source Lab/);

      await page.waitForURL(/#\/users\/settings\/ssh$/);
      const status = page.getByRole('status').filter({ hasText: 'Now in Open Source Lab' });
      await status.waitFor({ state: 'attached' });
      await page
        .getByRole('link', { name: 'Open Source Lab (current organization). Switch Organization', exact: true })
        .waitFor();
      assert.equal(await link(page).textContent(), 'Open Source Lab▾');
      // Out of sight, yet on the page.
      const box = (await status.boundingBox())!;
      assert.ok(box.width <= 1 && box.height <= 1, JSON.stringify(box));

      // And back, for the tests that follow.
      await link(page).click();
      await pick(page, /Acme Engineering/);
      await page.getByRole('status').filter({ hasText: 'Now in Acme Engineering' }).waitFor({ state: 'attached' });
      await link(page).getByText('Acme Engineering').waitFor();
      assert.deepEqual(errors, []);
    });

    it('announces the switch too when the picker, opened on its own, reloads the page', async () => {
      await page.goto('about:blank');
      await page.goto(`${e2e.pageUrl}#/users/switch/organization`);
      await pick(page, /Blue Harbor Design Studio/);
      await page.waitForURL(/#\/users\/settings\/profile$/);
      await page
        .getByRole('status')
        .filter({ hasText: 'Now in Blue Harbor Design Studio' })
        .waitFor({ state: 'attached' });
      await link(page).getByText('Blue Harbor Design Studio').waitFor();
      // Once only: a reload does not say it again.
      await page.reload();
      await link(page).getByText('Blue Harbor Design Studio').waitFor();
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.yx-page__live').textContent(), '');

      await link(page).click();
      await pick(page, /Acme Engineering/);
      await page.waitForURL(/#\/users\/settings\/profile$/);
      await link(page).getByText('Acme Engineering').waitFor();
      assert.deepEqual(errors, []);
    });

    it('shows the plain link when the organization cannot be had', async () => {
      await page.route(ORG_PATH, (route) => route.fulfill({ status: 500, json: { code: 'server_error' } }));
      try {
        await open(page, '/users/settings/profile');
        await page.locator('yx-settings [part="help-link"]').waitFor();
        await page.waitForTimeout(300);
        assert.equal(await link(page).textContent(), 'Switch Organization');
        assert.equal(await link(page).getAttribute('aria-label'), null);
        assert.equal(await link(page).getAttribute('title'), null);
        await page.getByRole('link', { name: 'Switch Organization', exact: true }).click();
        await page.locator('yx-org-switcher').waitFor();
      } finally {
        await page.unrouteAll();
      }
    });

    it("shows the organization's logo when it has one", async () => {
      const logo = `${e2e.server.url}/users/test-org-logo.svg`;
      await page.route(ORG_PATH, (route) =>
        route.fulfill({ json: { result: { _id: 'x', name: 'Acme Engineering', logo } } }),
      );
      await page.route(logo, (route) =>
        route.fulfill({
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="#06c"/></svg>',
        }),
      );
      try {
        await open(page, '/users/settings/profile');
        const img = link(page).locator('img.yx-page__org-logo');
        await img.waitFor();
        assert.equal(await img.getAttribute('alt'), '');
        await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img.yx-page__org-logo')?.complete);
        assert.equal(await img.evaluate((el: HTMLImageElement) => el.naturalWidth), 20);
      } finally {
        await page.unrouteAll();
      }
    });
  });

  describe('given a visitor who signs in on the page', () => {
    it('names the organization the user is in without a reload', async () => {
      const { context, page, errors } = await e2e.newPage();
      await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
      await page.goto(`${e2e.pageUrl}#/users/login?nextUrl=${encodeURIComponent('#/users/settings/profile')}`);
      const login = page.locator('yx-login');
      await login.getByLabel(/^Account/).fill('alice');
      await login.getByLabel(/^Password/).fill('Alice@2026');
      // The page served to the visitor knew no organization; a reload would not be this document.
      await page.evaluate(() => Object.assign(window, { servedBeforeSignIn: true }));
      await login.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.locator('yx-settings [part~="nav-link-current"]').waitFor();
      await page.getByRole('link', { name: /^.+ \(current organization\)\. Switch Organization$/ }).waitFor();
      assert.equal(await page.evaluate(() => 'servedBeforeSignIn' in window), true, 'the same document');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  describe('given a signed-in user in Chinese, on a phone', () => {
    it('names a long organization cut short within the screen, whole in its title and name', async () => {
      const { context, page, errors } = await e2e.newPage({ locale: 'zh-CN' });
      await context.addCookies([{ name: 'ak_user_locale', value: 'zh_CN', url: e2e.server.url }]);
      await page.setViewportSize({ width: 390, height: 844 });
      await e2e.login(page, 'demo', 'Demo@2026');
      const long = '一个名字非常非常长的企业研发中心与开源实验室联合工作组 Engineering Collective';
      await page.route(ORG_PATH, (route) => route.fulfill({ json: { result: { _id: 'x', name: long, logo: null } } }));
      await open(page, '/users/settings/profile');
      const named = page.getByRole('link', { name: `${long}（当前企业）。切换企业`, exact: true });
      await named.waitFor();
      assert.equal(await named.getAttribute('title'), long);
      const name = link(page).locator('.yx-page__org');
      assert.ok(
        await name.evaluate(
          (el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis',
        ),
        'cut short with an ellipsis',
      );
      for (const control of [link(page), page.locator('yx-settings > a.yx-page__sign-out')]) {
        const box = (await control.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scrolling');
      await page.unrouteAll();

      // The real organization, switched to and announced in Chinese.
      await open(page, '/users/settings/profile');
      await link(page).getByText('Acme Engineering').waitFor();
      await link(page).click();
      await pick(page, /Open Source Lab/);
      await page.waitForURL(/#\/users\/settings\/profile$/);
      await page.getByRole('status').filter({ hasText: '已切换到“Open Source Lab”' }).waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'Open Source Lab（当前企业）。切换企业', exact: true }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  describe("given another user's session that ends on the page", () => {
    it("names the next user's organization, not the last one's, and the settings work in it", async () => {
      const { context, page, errors } = await e2e.newPage();
      await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
      await e2e.login(page, 'demo', 'Demo@2026');
      // demo works in Open Source Lab, which alice is no member of (last in this file: it moves demo).
      const settings = await page.request.get(`${e2e.server.url}/users/ajax/v1/page-settings`);
      const { csrfToken } = (await settings.json()) as { csrfToken: string };
      const headers = { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' };
      const listed = await page.request.post(`${e2e.server.url}/individual/proxy/my/organizations`, {
        data: { pagination: { page_size: 50 } },
        headers,
      });
      const { organizations } = (await listed.json()) as { organizations: Array<{ _id: string; name: string }> };
      const lab = organizations.find((o) => o.name === 'Open Source Lab')!;
      const moved = await page.request.put(`${e2e.server.url}/uiless/api/sdk/users/lastWorkspace`, {
        data: { organization_id: lab._id },
        headers,
      });
      assert.equal(moved.status(), 200);
      await open(page, '/users/settings/profile');
      await page.getByRole('link', { name: 'Open Source Lab (current organization). Switch Organization' }).waitFor();

      // The session ends (signed out elsewhere); alice signs in on this same document.
      await context.clearCookies({ name: 'yx_sid' });
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      // The next call finds the session gone and the page asks to sign in, coming back here.
      await page.evaluate(() => {
        location.hash = '#/users/settings/ssh';
      });
      const login = page.locator('yx-login');
      await login.getByLabel(/^Account/).waitFor();
      await login.getByLabel(/^Account/).fill('alice');
      await login.getByLabel(/^Password/).fill('Alice@2026');
      await login.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.locator('yx-settings yx-ssh-keys').waitFor();
      await page
        .getByRole('link', {
          name: /^(Acme Engineering|Blue Harbor Design Studio) \(current organization\)\. Switch Organization$/,
        })
        .waitFor();
      assert.equal(await page.evaluate(() => 'sameDocument' in window), true, 'the same document');
      assert.equal(
        await page.locator('yx-settings [part~="result"][role="alert"]').count(),
        0,
        'no error in the shell',
      );
      // The ended session's refused calls (401, or 403 for a write without its CSRF session) only.
      assert.deepEqual(
        errors.filter((e) => !/status of 40[13]/.test(e)),
        [],
      );
      await context.close();
    });
  });
});
