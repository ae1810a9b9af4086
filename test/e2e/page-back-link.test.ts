/**
 * The ways out of the standalone page's views outside the settings shell (product audit,
 * finding 1): the message centre, the organization switcher and an organization's apps have no
 * way back of their own, so the page puts a bar above them, drawn as the shell's top bar: "←
 * Personal Settings" (to the settings section the view was opened from, when `nextUrl` names one)
 * and Sign Out. The back link is the view's first Tab stop, in both languages, both colour schemes
 * and at phone width.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { contrastOf } from './contrast';
import { useE2E } from './support';

/** What has focus, seen through the shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.localName}.${el.className} "${(el.textContent ?? '').replace(/\s+/g, ' ').trim()}"` : 'nothing';
  });

/** Waits until focus is on the view's container (a route change put it there). */
async function focusOnView(page: Page) {
  await page.waitForFunction(() => document.activeElement?.localName === 'main', undefined, { timeout: 5000 });
}

describe('the way back from the views outside the settings shell', () => {
  const e2e = useE2E();

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
      assert.deepEqual(errors, []);
      await context.close();
    });

    /** Loads the page afresh at a settings route and waits for its shell. */
    async function open(route: string) {
      await page.goto('about:blank');
      await page.goto(`${e2e.pageUrl}#${route}`);
      await page.locator('yx-settings [part~="nav-link-current"]').waitFor();
    }
    const back = () => page.locator('main > .yx-page__bar > a.yx-page__back');

    it('leads from the message centre back to Personal Settings, as the first Tab stop', async () => {
      await open('/users/settings/profile');
      await page.locator('yx-unread-badge [part="link"]').click();
      await page.locator('yx-message-centre').waitFor();
      await focusOnView(page);
      assert.match((await back().textContent())!, /^←\s+Personal Settings$/);
      await page.getByRole('link', { name: 'Back to Personal Settings' }).waitFor();
      const signOut = page.locator('main > .yx-page__bar > a.yx-page__sign-out');
      assert.equal(await signOut.textContent(), 'Sign Out');
      // Signing back in returns to this view, with its own way back (the badge named the section).
      assert.match(
        decodeURIComponent((await signOut.getAttribute('href'))!),
        /next_url=\/users\/#\/users\/notifications\?nextUrl=%23%2Fusers%2Fsettings%2Fprofile$/,
      );

      await page.keyboard.press('Tab');
      assert.equal(await focused(page), 'a.yx-page__back "← Personal Settings"');
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/users\/settings\/profile$/);
      await page.locator('yx-settings yx-profile').waitFor();
      assert.equal(await back().count(), 0, 'the settings shell has its own top bar');
    });

    it('leads from the organization switcher back to the section it was opened from', async () => {
      await open('/users/settings/ssh');
      await page.locator('yx-settings > a.yx-page__switch').click();
      await page.locator('yx-org-switcher').waitFor();
      await focusOnView(page);
      assert.equal(await back().getAttribute('href'), '#/users/settings/ssh');
      await page.keyboard.press('Tab');
      assert.equal(await focused(page), 'a.yx-page__back "← Personal Settings"');
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/users\/settings\/ssh$/);
      await page.locator('yx-settings yx-ssh-keys').waitFor();
    });

    it('goes to Personal Settings when nextUrl is not a settings route of this page', async () => {
      for (const next of [
        '//evil.example/',
        'https://evil.example/#/users/settings/ssh',
        'javascript:alert(1)',
        '#/users/login',
      ]) {
        await page.goto('about:blank');
        await page.goto(`${e2e.pageUrl}#/users/switch/organization?nextUrl=${encodeURIComponent(next)}`);
        await page.locator('yx-org-switcher').waitFor();
        assert.equal(await back().getAttribute('href'), '#/users/settings/profile', next);
      }
    });

    it("is the first Tab stop of an organization's apps, loaded directly", async () => {
      const settings = await page.request.get(`${e2e.server.url}/users/ajax/v1/page-settings`);
      const { organizationId } = (await settings.json()) as { organizationId: string };
      assert.ok(organizationId);
      await page.goto('about:blank');
      await page.goto(`${e2e.pageUrl}#/users/switch/${encodeURIComponent(organizationId)}/app-entry`);
      await page.locator('yx-app-entry').waitFor();
      await back().waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await focused(page), 'a.yx-page__back "← Personal Settings"');
      assert.equal(await back().getAttribute('href'), '#/users/settings/profile');
    });
  });

  describe('given a signed-in user in Chinese, in the dark, on a phone', () => {
    it('says it in Chinese, readably, within the screen', async () => {
      const { context, page, errors } = await e2e.newPage({ locale: 'zh-CN' });
      await context.addCookies([{ name: 'ak_user_locale', value: 'zh_CN', url: e2e.server.url }]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await e2e.login(page, 'demo', 'Demo@2026');
      await page.goto(`${e2e.pageUrl}#/users/notifications`);
      await page.locator('yx-message-centre').waitFor();
      const back = page.locator('main > .yx-page__bar > a.yx-page__back');
      const signOut = page.locator('main > .yx-page__bar > a.yx-page__sign-out');
      await back.waitFor();
      assert.match((await back.textContent())!, /^←\s+个人设置$/);
      assert.equal(await back.getAttribute('aria-label'), '返回个人设置');
      assert.equal(await signOut.textContent(), '退出登录');

      for (const link of [back, signOut]) {
        const { ratio } = await contrastOf(link);
        assert.ok(ratio >= 4.5, `contrast ${ratio.toFixed(2)}`);
        const box = (await link.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
      }
      const bar = await page
        .locator('main > .yx-page__bar')
        .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderBottomColor]);
      assert.deepEqual(bar, ['rgb(27, 29, 33)', 'rgb(59, 64, 72)'], 'the dark top bar of the settings shell');
      const padding = await page.locator('main > .yx-page__bar').evaluate((el) => getComputedStyle(el).padding);
      assert.equal(padding, '8px 12px', "the settings shell's top bar at phone width");
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
