/**
 * The message centre's view in the standalone page's address: the tab and app filter the user
 * chooses go into the hash (replaced: no history entry per click, no new view, focus where it
 * was, `nextUrl` kept), so a reload or a shared link opens the same view; a value that is none
 * opens All / All Messages.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useE2E } from './support';

const LIST = '/users/ajax/v1/notifications/inbox/messages:list';

describe('the message centre view in the address', () => {
  const e2e = useE2E();

  const centre = (page: Page) => page.locator('yx-message-centre');
  const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
  const selectedTab = (page: Page) =>
    centre(page)
      .locator('[role="tab"][aria-selected="true"]')
      .evaluate((tab) => tab.textContent!.replace(/[\s\d+]+$/, ''));
  const pressedApps = (page: Page) =>
    centre(page)
      .locator('[part="app-filter-option"][aria-pressed="true"]')
      .evaluateAll((options) => options.map((o) => (o as HTMLElement).dataset.app ?? null));
  /** The part of the focused element inside the centre (null: focus is elsewhere). */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const host = document.activeElement;
      if (host?.localName !== 'yx-message-centre') return null;
      const inner = host.shadowRoot!.activeElement as HTMLElement | null;
      return (
        inner && `${inner.getAttribute('role') ?? inner.getAttribute('part')}:${inner.dataset.app ?? inner.textContent}`
      );
    });
  /** The body of every list call the page makes from now on. */
  const listCalls = (page: Page) => {
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === LIST) bodies.push(request.postDataJSON());
    });
    return bodies;
  };

  it('keeps the tab and app filter in the hash, and opens them again on reload', async () => {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await e2e.login(page, 'demo', 'Demo@2026');
    const next = encodeURIComponent('#/users/settings/ssh');
    await page.goto(`${e2e.pageUrl}#/users/notifications?nextUrl=${next}`);
    await centre(page).locator('[part="message"]').first().waitFor();
    const app = await centre(page).locator('[part="app-filter-option"][data-app]').first().getAttribute('data-app');
    assert.ok(app, 'an app to filter by');
    const entries = await page.evaluate(() => history.length);
    // The same element all along: the route is not shown again.
    await centre(page).evaluate((el) => ((el as HTMLElement & { marked?: boolean }).marked = true));

    await centre(page)
      .getByRole('tab', { name: /^Unread\b/ })
      .click();
    await page.waitForFunction(() => location.hash.includes('tab=unread'));
    assert.equal(hashOf(page), '#/users/notifications?nextUrl=#/users/settings/ssh&tab=unread');
    assert.match((await focused(page)) ?? '', /^tab:Unread/, 'focus stays on the tab');

    await centre(page).locator(`[part="app-filter-option"][data-app="${app}"]`).click();
    await page.waitForFunction(() => location.hash.includes('app='));
    assert.equal(hashOf(page), `#/users/notifications?nextUrl=#/users/settings/ssh&tab=unread&app=${app}`);
    assert.equal(await focused(page), `app-filter-option:${app}`, 'focus stays on the app');
    assert.equal(await page.evaluate(() => history.length), entries, 'no history entry per click');
    assert.equal(await centre(page).evaluate((el) => (el as HTMLElement & { marked?: boolean }).marked), true);
    assert.equal(
      await page.locator('.yx-page__back').getAttribute('href'),
      '#/users/settings/ssh',
      'the way back still goes where nextUrl says',
    );
    const signOut = await page.locator('.yx-page__sign-out').getAttribute('href');
    assert.match(decodeURIComponent(signOut!), /tab=unread&app=/, 'Sign Out comes back to this view');

    // A reload (or the link shared) opens the same view, asking for it first.
    const lists = listCalls(page);
    await page.reload();
    await centre(page).locator('[part="message-centre"][data-status="ready"]').waitFor();
    assert.equal(await selectedTab(page), 'Unread');
    assert.deepEqual(await pressedApps(page), [app]);
    assert.deepEqual(lists[0], { tab: 'unread', app, page_size: 100 });

    // Back to All / All Messages: the hash has only nextUrl again.
    await centre(page).locator('[part="app-filter-option"]:not([data-app])').click();
    await centre(page)
      .getByRole('tab', { name: /^All\b/ })
      .click();
    await page.waitForFunction(() => !location.hash.includes('tab=') && !location.hash.includes('app='));
    assert.equal(hashOf(page), '#/users/notifications?nextUrl=#/users/settings/ssh');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('opens All / All Messages for a tab or app that is none', async () => {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await e2e.login(page, 'demo', 'Demo@2026');
    const lists = listCalls(page);
    await page.goto(`${e2e.pageUrl}#/users/notifications?tab=read-later&app=${encodeURIComponent('not an app')}`);
    await centre(page).locator('[part="message-centre"][data-status="ready"]').waitFor();
    assert.equal(await selectedTab(page), 'All');
    assert.deepEqual(await pressedApps(page), [null]);
    assert.deepEqual(lists[0], { tab: 'all', page_size: 100 });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
