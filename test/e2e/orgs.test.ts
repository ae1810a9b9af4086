/**
 * Organizations on the standalone page, on a first start with `YX_DEMO_ORGS=120` (the demo user
 * is then in 125): the switcher pages them by 50 as the user scrolls or asks for more, and a
 * switch lands back where the user was, in the new organization.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { startE2E } from './support';
import type { E2E } from './support';

/** Loads the page afresh at a hash route (about:blank first, so it is not a hash change). */
async function visit(e2e: E2E, page: Page, route: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${e2e.pageUrl}#${route}`);
}

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

describe('organizations, with the demo user in 125 of them', () => {
  let e2e: E2E;
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;
  before(async () => {
    e2e = await startE2E({ firstStart: true, config: { demoOrgs: 120 } });
    const opened = await e2e.newPage();
    ({ page, errors } = opened);
    close = () => opened.context.close();
    await opened.context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    await e2e.login(page, 'demo', 'Demo@2026');
  });
  after(async () => {
    await close?.();
    await e2e?.close();
  });

  const picker = () => page.locator('yx-org-switcher');
  const orgNames = () => picker().locator('[part="org-name"]').allTextContents();
  /** The settings menu as the user reads it. */
  const menu = () => page.locator('yx-settings [part~="nav-link"]').allTextContents();

  it('pages through them 50 at a time, scrolling for the second page and Load more for the third', async () => {
    const lists: Array<{ page_size?: number; next_token?: string }> = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/individual/proxy/my/organizations')) {
        lists.push((request.postDataJSON() as { pagination: { page_size?: number; next_token?: string } }).pagination);
      }
    };
    page.on('request', onRequest);

    await visit(e2e, page, '/users/switch/organization');
    await picker().getByRole('heading', { name: 'Switch Organization', exact: true }).waitFor();
    await picker().locator('[part="count"]', { hasText: '50 organizations loaded' }).waitFor();
    assert.equal((await orgNames()).length, 50);
    assert.equal(
      await picker().locator('[part~="org"][aria-current="true"] [part="org-name"]').textContent(),
      'Acme Engineering',
    );

    // Scrolling the list to its end brings the next page.
    await picker()
      .locator('[part="scroller"]')
      .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await picker().locator('[part="count"]', { hasText: '100 organizations loaded' }).waitFor();
    assert.equal((await orgNames()).length, 100);

    // So does the button, for those who do not scroll.
    await picker().getByRole('button', { name: 'Load more' }).click();
    await picker().locator('[part="count"]', { hasText: '125 organizations loaded' }).waitFor();
    const names = await orgNames();
    assert.equal(names.length, 125);
    assert.equal(new Set(names).size, 125, 'no organization twice');
    assert.deepEqual(names.slice(0, 5), [
      'Acme Engineering',
      'Blue Harbor Design Studio',
      'Open Source Lab',
      'Harbor Secure Network',
      'Expired Trial Inc',
    ]);
    for (let n = 6; n <= 125; n++) assert.ok(names.includes(`Demo Org ${String(n).padStart(3, '0')}`), `Demo Org ${n}`);
    assert.equal(await picker().locator('[part~="org"][aria-current="true"]').count(), 1, 'exactly one current');

    // The last page is the last: no more button, no more loading on scroll.
    assert.equal(await picker().getByRole('button', { name: 'Load more' }).count(), 0);
    assert.equal(await picker().locator('[part="sentinel"]').count(), 0);
    page.off('request', onRequest);
    assert.equal(lists.length, 3, 'three pages asked for');
    assert.deepEqual(
      lists.map((p) => p.page_size),
      [50, 50, 50],
    );
    assert.ok(!lists[0]!.next_token, 'the first page has no token');
    assert.ok(lists[1]!.next_token && lists[2]!.next_token && lists[1]!.next_token !== lists[2]!.next_token);

    // The filter looks through everything loaded, the third page included.
    await picker().getByRole('searchbox', { name: 'Filter organizations' }).fill('demo org 12');
    assert.deepEqual(await orgNames(), [
      'Demo Org 120',
      'Demo Org 121',
      'Demo Org 122',
      'Demo Org 123',
      'Demo Org 124',
      'Demo Org 125',
    ]);
    assert.deepEqual(errors, []);
  });

  it('switches from a settings page and lands back on it, in the new organization', async () => {
    await visit(e2e, page, '/users/settings/ssh');
    await page.locator('yx-settings yx-ssh-keys').getByRole('heading', { name: 'SSH public keys' }).waitFor();
    assert.deepEqual(await menu(), [
      'Personal Information',
      'Access Token',
      'SSH Public Key',
      'Packages Credential',
      'Identity Provider Binding',
    ]);

    await page.locator('yx-settings').getByRole('link', { name: 'Switch Organization' }).click();
    await picker().getByRole('heading', { name: 'Switch Organization', exact: true }).waitFor();
    assert.equal(hashOf(page), '#/users/switch/organization?nextUrl=#/users/settings/ssh');
    await picker()
      .getByRole('button', { name: /Open Source Lab/ })
      .click();

    // Back on the SSH keys, in an organization with code hosting but no packages app.
    await page.waitForURL(/#\/users\/settings\/ssh$/);
    await page.locator('yx-settings yx-ssh-keys').getByRole('heading', { name: 'SSH public keys' }).waitFor();
    await page
      .locator('yx-settings [part~="nav-link"]', { hasText: 'Packages Credential' })
      .waitFor({ state: 'detached' });
    assert.deepEqual(await menu(), [
      'Personal Information',
      'Access Token',
      'SSH Public Key',
      'Identity Provider Binding',
    ]);

    // The switch is the user's, not just the page's: it holds after a reload and in the picker.
    await page.reload();
    await page.locator('yx-settings yx-ssh-keys').getByRole('heading', { name: 'SSH public keys' }).waitFor();
    assert.deepEqual(await menu(), [
      'Personal Information',
      'Access Token',
      'SSH Public Key',
      'Identity Provider Binding',
    ]);
    await page.locator('yx-settings').getByRole('link', { name: 'Switch Organization' }).click();
    await picker().locator('[part~="org"]').first().waitFor();
    assert.equal(
      await picker().locator('[part~="org"][aria-current="true"] [part="org-name"]').textContent(),
      'Open Source Lab',
    );
    assert.deepEqual(errors, []);
  });

  it('lands on the first section when the page the user was on is not in the new organization', async () => {
    await visit(e2e, page, '/users/settings/ssh');
    await page.locator('yx-settings yx-ssh-keys').getByRole('heading', { name: 'SSH public keys' }).waitFor();
    await page.locator('yx-settings').getByRole('link', { name: 'Switch Organization' }).click();
    // Blue Harbor has no code hosting, so no SSH keys: §2 sends an unknown section to the first.
    await picker()
      .getByRole('button', { name: /Blue Harbor Design Studio/ })
      .click();
    await page.waitForURL(/#\/users\/settings\/profile$/);
    await page.locator('yx-settings yx-profile').getByRole('heading', { name: 'Personal Information' }).waitFor();
    assert.deepEqual(await menu(), ['Personal Information', 'Access Token', 'Identity Provider Binding']);
    assert.deepEqual(errors, []);
  });

  it('goes to the personal settings after a switch from the picker opened on its own', async () => {
    await visit(e2e, page, '/users/switch/organization');
    await picker()
      .getByRole('button', { name: /Acme Engineering/ })
      .click();
    await page.waitForURL(/#\/users\/settings\/profile$/);
    await page.locator('yx-settings yx-profile').getByRole('heading', { name: 'Personal Information' }).waitFor();
    assert.equal((await menu()).length, 5);
    assert.deepEqual(errors, []);
  });

  it('keeps the list and says why when the organization refuses the switch', async () => {
    await visit(e2e, page, '/users/switch/organization?nextUrl=%23%2Fusers%2Fsettings%2Fprofile');
    await picker()
      .getByRole('button', { name: /Harbor Secure Network/ })
      .click();
    const alert = picker().getByRole('alert').filter({ hasText: 'Failed to switch' });
    await alert.waitFor();
    assert.equal(
      await alert.textContent(),
      'Failed to switch the organization: Access from your IP address is restricted',
    );
    assert.match(hashOf(page), /^#\/users\/switch\/organization/);
    assert.equal((await orgNames()).length, 50);
    assert.equal(
      await picker().locator('[part~="org"][aria-current="true"] [part="org-name"]').textContent(),
      'Acme Engineering',
    );
    // The refusal is a 403 answer, which the browser logs; nothing else may be.
    assert.deepEqual(
      errors.filter((e) => !/status of 403/.test(e)),
      [],
    );
  });

  /** Calls the API with the page's session, as the elements do. */
  async function call(method: 'POST' | 'PUT', path: string, data: object) {
    const settings = await page.request.get(`${e2e.server.url}/users/ajax/v1/page-settings`);
    const { csrfToken } = (await settings.json()) as { csrfToken: string };
    const answer = await page.request.fetch(`${e2e.server.url}${path}`, {
      method,
      data,
      headers: { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
    });
    assert.equal(answer.status(), 200, `${path}: ${await answer.text()}`);
    return (await answer.json()) as any;
  }

  it('marks the current organization when it is on the third page: first, and listed once', async () => {
    errors.length = 0; // the refusal above was logged
    // Demo Org 110 is on the third page of 50; made current elsewhere (another tab, the API).
    let target: string | undefined;
    let token = '';
    do {
      const body = await call('POST', '/individual/proxy/my/organizations', {
        pagination: { next_token: token, page_size: 50 },
      });
      target ??= body.organizations.find((o: { name: string }) => o.name === 'Demo Org 110')?._id;
      token = body.pages?.next_token ?? '';
    } while (token);
    assert.ok(target);
    await call('PUT', '/uiless/api/sdk/users/lastWorkspace', { organization_id: target });

    await visit(e2e, page, '/users/switch/organization');
    await picker().locator('[part="count"]', { hasText: '51 organizations loaded' }).waitFor();
    const current = picker().locator('[part~="org"][aria-current="true"]');
    assert.equal(await current.count(), 1);
    assert.equal(await current.locator('[part="org-name"]').textContent(), 'Demo Org 110');
    assert.equal(await current.locator('[part="current-badge"]').textContent(), 'Current');
    assert.equal((await orgNames())[0], 'Demo Org 110');

    // Its own page changes nothing: still first, once, the only one marked.
    await picker().getByRole('button', { name: 'Load more' }).click();
    await picker().locator('[part="count"]', { hasText: '101 organizations loaded' }).waitFor();
    await picker().getByRole('button', { name: 'Load more' }).click();
    await picker().locator('[part="count"]', { hasText: '125 organizations loaded' }).waitFor();
    const names = await orgNames();
    assert.equal(new Set(names).size, 125, 'no organization twice');
    assert.equal(names[0], 'Demo Org 110');
    assert.equal(names.filter((n) => n === 'Demo Org 110').length, 1);
    assert.equal(await current.count(), 1);
    assert.deepEqual(errors, []);
  });

  it('offers no Retry on the app entry of an organization that does not exist', async () => {
    await visit(e2e, page, '/users/switch/org_nope/app-entry');
    const result = page.locator('yx-app-entry [part="result"][data-status="error"]');
    await result.waitFor();
    assert.equal(
      await result.locator('[part="result-title"]').textContent(),
      'The organization’s apps could not be loaded',
    );
    assert.match((await result.textContent()) ?? '', /No such organization/);
    assert.equal(await result.getByRole('button').count(), 0);
    // The 404 answer is logged by the browser; nothing else may be.
    assert.deepEqual(
      errors.filter((e) => !/status of 40[34]/.test(e)),
      [],
    );
  });
});
