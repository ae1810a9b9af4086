/**
 * Route changes inside the standalone page (keyboard audit, finding 5): the document title stays
 * "Personal Settings" on every route (§2), so a view that replaces the one the user was in takes
 * focus to its container, named after the view, instead of leaving it on <body> unannounced.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { useE2E } from './support';

/** What has focus, seen through the shadow roots: the container's name, or the focused control. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return 'nothing';
    if (el.localName === 'main') {
      const style = getComputedStyle(el);
      return `main "${el.getAttribute('aria-label') ?? ''}" outline:${style.outlineStyle}`;
    }
    return `${el.localName} "${(el.textContent ?? '').trim()}"`;
  });

/** Where focus is once it has left <body> and `before` (or after 3 s, where it is then). */
async function focusMovedFrom(page: Page, before = ''): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const now = await focused(page);
    if (now !== before && !now.startsWith('body ')) return now;
    await page.waitForTimeout(50);
  }
  return focused(page);
}

describe('route changes on the standalone page', () => {
  const e2e = useE2E();

  describe('given a signed-in user in English', () => {
    let context: BrowserContext;
    let page: Page;
    before(async () => {
      ({ context, page } = await e2e.newPage());
      await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
      await e2e.login(page, 'demo', 'Demo@2026');
    });
    after(async () => {
      await context.close();
    });

    /** Loads the page afresh at a settings route and waits for its shell. */
    async function open(route: string) {
      await page.goto('about:blank');
      await page.goto(`${e2e.pageUrl}#${route}`);
      await page.locator('yx-settings [part~="nav-link-current"]').waitFor();
    }

    it('leaves focus where the browser put it on the first load', async () => {
      await open('/users/settings/profile');
      await page.locator('yx-profile [part="account"]').waitFor();
      assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
    });

    it('takes focus to the message centre, named, when the unread badge is activated', async () => {
      await open('/users/settings/profile');
      const badge = page.locator('yx-unread-badge [part="link"]');
      await badge.focus();
      await page.keyboard.press('Enter');
      await page.locator('yx-message-centre').waitFor();
      assert.equal(await focusMovedFrom(page), 'main "Message Center" outline:none');
    });

    it('takes focus to the organization picker, named, from Switch Organization', async () => {
      await open('/users/settings/profile');
      await page.locator('yx-settings > a.yx-page__switch').focus();
      await page.keyboard.press('Enter');
      await page.locator('yx-org-switcher').waitFor();
      assert.equal(await focusMovedFrom(page), 'main "Switch Organization" outline:none');
    });

    it('takes focus to the token list, named, when the create screen is cancelled', async () => {
      await open('/users/settings/personalAccessToken/create');
      const cancel = page.locator('yx-token-manager').getByRole('button', { name: 'Cancel', exact: true });
      await cancel.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/users\/settings\/personalAccessToken$/);
      await page.locator('yx-token-manager [data-view="list"]').waitFor();
      assert.equal(await focusMovedFrom(page, 'button "Cancel"'), 'main "Access Token" outline:none');
    });

    it('keeps focus on the menu link when the sidebar switches the settings section', async () => {
      await open('/users/settings/profile');
      const link = page.locator('yx-settings [part~="nav-link"]', { hasText: 'SSH Public Key' });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/users\/settings\/ssh$/);
      await page.locator('yx-ssh-keys').waitFor();
      await page.waitForTimeout(500);
      assert.equal(await focused(page), 'a "SSH Public Key"');
    });
  });

  describe('given a signed-out visitor in Chinese', () => {
    it('takes focus to the settings, named after the section, once signed in', async () => {
      const { context, page, errors } = await e2e.newPage({ locale: 'zh-CN' });
      await context.addCookies([{ name: 'ak_user_locale', value: 'zh_CN', url: e2e.server.url }]);
      await page.goto(`${e2e.pageUrl}#/users/login`);
      const login = page.locator('yx-login');
      await login.getByRole('heading', { name: '登录' }).waitFor();
      await login.getByLabel(/^账号/).fill('demo');
      await login.getByLabel(/^密码/).fill('Demo@2026');
      await login.getByRole('button', { name: '登录', exact: true }).press('Enter');
      await page.waitForURL(/#\/users\/settings\/profile$/);
      await page.locator('yx-settings').waitFor();
      assert.equal(await focusMovedFrom(page), 'main "个人信息" outline:none');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
