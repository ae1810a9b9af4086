/**
 * A session that ends while the page is open (signed out in another tab): the next page or action
 * sends the user to sign in, coming back to where they were, instead of showing errors that a
 * retry cannot fix (§2: every page but the public ones needs a signed-in user).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { useE2E } from './support';
import type { E2E } from './support';

/** The hash route the page is on (`#/users/…`), decoded. */
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

/** Opens the message centre signed in, in English. */
async function signedInAtMessages(e2e: E2E) {
  const opened = await e2e.newPage();
  await opened.context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
  await e2e.login(opened.page, 'demo', 'Demo@2026');
  await opened.page.goto(`${e2e.pageUrl}#/users/notifications`);
  await opened.page.locator('yx-message-centre').getByRole('heading', { name: 'Message Center' }).waitFor();
  return opened;
}

/** Signs out in a second tab of the same browser, as a user does. */
async function signOutInAnotherTab(e2e: E2E, context: BrowserContext) {
  const other = await context.newPage();
  await other.goto(`${e2e.server.url}/users/logout`);
  await other.close();
}

/** Moves the first tab to another hash route, as a click on a link does. */
async function goTo(page: Page, hash: string) {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

describe('a session that ends in another tab', () => {
  const e2e = useE2E();

  it('sends the user from the next settings page to sign in, and back there after signing in', async () => {
    const { page, context, errors } = await signedInAtMessages(e2e);
    await signOutInAnotherTab(e2e, context);

    await goTo(page, '#/users/settings/profile');
    await page.waitForURL(/#\/users\/login\?nextUrl=/);
    assert.equal(hashOf(page), '#/users/login?nextUrl=#/users/settings/profile');
    await page.locator('yx-login').getByRole('heading', { name: 'Sign In', exact: true }).waitFor();

    await page.locator('yx-login input[name="username"]').fill('demo');
    await page.locator('yx-login input[name="password"]').fill('Demo@2026');
    await page.locator('yx-login [part~="submit-button"]').click();
    await page.waitForURL(/#\/users\/settings\/profile$/);
    await page.locator('yx-settings yx-profile').getByRole('heading', { name: 'Personal Information' }).waitFor();
    // Only refused calls reach the console: the ones the ended session refused (401), and writes
    // sent with its token before they fetched the current one and tried again (403).
    assert.deepEqual(
      errors.filter((e) => !/status of 40[13]/.test(e)),
      [],
    );
    await context.close();
  });

  it('sends the user from the organization picker to sign in instead of a retry that cannot work', async () => {
    const { page, context } = await signedInAtMessages(e2e);
    await signOutInAnotherTab(e2e, context);

    await goTo(page, '#/users/switch/organization');
    await page.waitForURL(/#\/users\/login\?nextUrl=/);
    assert.equal(hashOf(page), '#/users/login?nextUrl=#/users/switch/organization');
    await page.locator('yx-login').getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
    await context.close();
  });

  it('asks the server again on each page from then on, rather than trusting the answer from before', async () => {
    const { page, context } = await signedInAtMessages(e2e);
    await signOutInAnotherTab(e2e, context);
    await goTo(page, '#/users/settings/ssh');
    await page.waitForURL(/#\/users\/login\?nextUrl=/);

    // Back to a page that needs a session: the guard itself asks, and sends the user to sign in.
    const asked = page.waitForRequest((r) => r.url().endsWith('/individual/proxy/me'));
    await goTo(page, '#/users/settings/personalAccessToken');
    await asked;
    await page.waitForURL(/nextUrl=%23%2Fusers%2Fsettings%2FpersonalAccessToken/);
    await page.locator('yx-login').getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
    await context.close();
  });

  it('leaves a wrong password at sign-in on the sign-in page with its own message', async () => {
    const { page, context } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await page.goto(`${e2e.pageUrl}#/users/login?nextUrl=${encodeURIComponent('#/users/settings/ssh')}`);
    await page.locator('yx-login input[name="username"]').fill('demo');
    await page.locator('yx-login input[name="password"]').fill('Wrong@2026');
    const ended: string[] = [];
    await page.exposeFunction('sessionEnded', (url: string) => ended.push(url));
    await page.evaluate(() =>
      window.addEventListener('yx-session-end', (e) =>
        (window as unknown as { sessionEnded(u: string): void }).sessionEnded(e.detail.url),
      ),
    );
    await page.locator('yx-login [part~="submit-button"]').click();
    await page.locator('yx-login [part="form-error"]').waitFor();
    assert.deepEqual(ended, []);
    assert.equal(hashOf(page), '#/users/login?nextUrl=#/users/settings/ssh');
    await context.close();
  });
});

describe('a session that ends in the global flavour', () => {
  const e2e = useE2E({ firstStart: true, config: { flavour: 'global' } });

  it("sends the user to the cloud provider's home page, where relogin goes there", async () => {
    const { page, context } = await e2e.newPage();
    // The provider's page itself is not part of the test: answer for it.
    await context.route('https://www.alibabacloud.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Cloud provider</title>' }),
    );
    await e2e.login(page, 'demo', 'Demo@2026');
    await page.goto(`${e2e.pageUrl}#/users/notifications`);
    await page.locator('yx-message-centre').getByRole('heading', { name: 'Message Center' }).waitFor();
    await signOutInAnotherTab(e2e, context);

    await goTo(page, '#/users/settings/profile');
    await page.waitForURL('https://www.alibabacloud.com/');
    await context.close();
  });
});
