/**
 * Signing out of the standalone account centre (§2: logout goes to the account host's logout
 * address with a next-url holding the current address): Sign Out in the settings top bar ends the
 * session, shows the sign-in page, and signing in again comes back to where the user was.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useE2E } from './support';

/** The signed-in user's name, or the status of the refusal. */
const whoAmI = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/individual/proxy/me', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return answer.ok ? ((await answer.json()) as { username: string }).username : answer.status;
  });

describe('Sign Out on the standalone page', () => {
  const e2e = useE2E();

  for (const [locale, label] of [
    ['en_US', 'Sign Out'],
    ['zh_CN', '退出登录'],
  ] as const) {
    it(`ends the session, and signing in again comes back to the same section (${locale})`, async () => {
      const { context, page, errors } = await e2e.newPage();
      await context.addCookies([{ name: 'ak_user_locale', value: locale, url: e2e.server.url }]);
      await e2e.login(page, 'demo', 'Demo@2026');
      await page.goto(`${e2e.pageUrl}#/users/settings/ssh`);
      const signOut = page.locator('yx-settings > a.yx-page__sign-out');
      await signOut.waitFor();
      assert.equal(await signOut.textContent(), label);
      assert.equal(await signOut.getAttribute('slot'), 'top-bar');
      assert.equal(await whoAmI(page), 'demo');

      // From the keyboard, as any link.
      await signOut.focus();
      await page.keyboard.press('Enter');
      await page.locator('yx-login [part="login-form"]').waitFor();
      const before = errors.length;
      assert.equal(await whoAmI(page), 401, 'the session has ended');
      await page.waitForTimeout(100);
      errors.splice(before); // the console's note of that refusal
      const next = new URL(page.url()).hash;
      assert.match(next, /^#\/users\/login\?nextUrl=/);
      assert.match(decodeURIComponent(next), /#\/users\/settings\/ssh$/);

      const login = page.locator('yx-login');
      await login.locator('input[name="username"]').fill('demo');
      await login.locator('input[name="password"]').fill('Demo@2026');
      await login.locator('input[name="password"]').press('Enter');
      await page.waitForURL(/\/users\/#\/users\/settings\/ssh$/);
      await page.locator('yx-ssh-keys').waitFor({ state: 'attached' });
      assert.equal(await whoAmI(page), 'demo');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
