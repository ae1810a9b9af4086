/**
 * Every route of §2 on the standalone page, as a visitor types it into the address bar: which
 * element and heading it shows signed out and signed in, the redirects, the not-found page, the
 * way through sign-in and back, and a console without errors. The global flavour starts from its
 * own first start (English, three-entry menu).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useE2E } from './support';
import type { E2E } from './support';

/** Loads the page afresh at a hash route: leaving for about:blank first makes it a full load,
 * not a hash change inside the page that is already there. */
async function visit(e2e: E2E, page: Page, route: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${e2e.pageUrl}#${route}`);
}

/** The tag of the element the page shows. */
const shownTag = (page: Page) => page.locator('#root > main > :not(.yx-page__bar)').evaluate((el) => el.localName);

/** The hash route the page is on (`#/users/…`), decoded. */
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

const idOfOrg = async (e2e: E2E, name: string) =>
  (
    await e2e.server.database.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

const STANDARD_MENU = [
  'Personal Information',
  'Access Token',
  'SSH Public Key',
  'Packages Credential',
  'Identity Provider Binding',
];

/** The pages a signed-out visitor may see, with the element and heading of each. */
const PUBLIC_ROUTES: Array<{ route: string; tag: string; heading: string }> = [
  { route: '/users/login', tag: 'yx-login', heading: 'Sign In' },
  { route: '/users/resetpassword', tag: 'yx-password-reset', heading: 'Forgot Password' },
  { route: '/users/emails', tag: 'yx-email-verify-result', heading: 'Email verification failed' },
  { route: '/login/errors', tag: 'yx-error-page', heading: 'Login failed' },
  {
    route: '/login/errors?reason=type-not-supported',
    tag: 'yx-error-page',
    heading: 'Login failed: this login type is not supported',
  },
];

/** Routes that need a session (`:acme` stands for the id of the demo user's first organization). */
const SIGNED_IN_ROUTES = [
  '/users/settings/profile',
  '/users/settings/personalAccessToken',
  '/users/settings/personalAccessToken?version=v1',
  '/users/settings/personalAccessToken/create',
  '/users/settings/ssh',
  '/users/settings/packagesCredential',
  '/users/settings/third-party',
  '/users/settings/identity-provider',
  '/users/switch/organization',
  '/users/switch/:acme/app-entry',
  '/users/notifications',
  '/users/errors',
];

const IP_RESTRICTED = 'Access from your IP address is restricted';

const UNKNOWN_ROUTES = ['/nowhere', '/users/nowhere', '/users/switch/bogus', '/users/settings/profile/extra'];

describe('the routes of §2 as a new user finds them on npm start', () => {
  const e2e = useE2E();
  let acme: string;
  before(async () => {
    acme = await idOfOrg(e2e, 'Acme Engineering');
  });

  describe('given a visitor who is not signed in', () => {
    it('shows the sign-in, password reset, email verification and login failure pages to anyone', async () => {
      const { page, context, errors } = await e2e.newPage();
      for (const { route, tag, heading } of PUBLIC_ROUTES) {
        await visit(e2e, page, route);
        await page.locator(tag).getByRole('heading', { name: heading, exact: true }).waitFor();
        assert.equal(await shownTag(page), tag, route);
        assert.equal(hashOf(page), `#${route}`, 'no redirect');
        assert.equal(await page.title(), 'Personal Settings');
      }
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('sends every other page to sign-in, keeping the address to come back to', async () => {
      const { page, context, errors } = await e2e.newPage();
      for (const template of SIGNED_IN_ROUTES) {
        const route = template.replace(':acme', acme);
        await visit(e2e, page, route);
        await page.waitForURL(/#\/users\/login\?nextUrl=/);
        await page.locator('yx-login').getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
        assert.equal(await shownTag(page), 'yx-login', route);
        const next = new URLSearchParams(new URL(page.url()).hash.split('?').slice(1).join('?')).get('nextUrl');
        assert.equal(next, `#${route}`);
      }
      assert.deepEqual(errors, [], 'no console errors, not even the 401 of asking who is signed in');
      await context.close();
    });

    it('redirects /users/settings to the profile and /users/switch to the organization picker, then to sign-in', async () => {
      const { page, context, errors } = await e2e.newPage();
      for (const [route, target] of [
        ['/users/settings', '#/users/settings/profile'],
        ['/users/switch', '#/users/switch/organization'],
        ['/users', '#/users/settings/profile'],
      ] as const) {
        await visit(e2e, page, route);
        await page.waitForURL(/#\/users\/login\?nextUrl=/);
        assert.equal(hashOf(page), `#/users/login?nextUrl=${target}`, route);
      }
      // No hash at all: the page's root is the profile too.
      await page.goto('about:blank');
      await page.goto(e2e.pageUrl);
      await page.waitForURL(/#\/users\/login\?nextUrl=/);
      assert.equal(hashOf(page), '#/users/login?nextUrl=#/users/settings/profile');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('shows the not-found page for any other path, without asking to sign in', async () => {
      const { page, context, errors } = await e2e.newPage();
      for (const route of UNKNOWN_ROUTES) {
        await visit(e2e, page, route);
        const notFound = page.locator('yx-error-page');
        await notFound.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
        assert.equal(await shownTag(page), 'yx-error-page', route);
        assert.equal(hashOf(page), `#${route}`);
        assert.equal(await notFound.locator('[part="code"]').textContent(), '404');
      }
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('shows the not-found page for an address with a broken percent-encoding', async () => {
      const { page, context, errors } = await e2e.newPage();
      await visit(e2e, page, '/users/switch/%E0%A4%A/app-entry');
      const notFound = page.locator('yx-error-page');
      await notFound.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
      assert.equal(await notFound.locator('[part="code"]').textContent(), '404');
      assert.equal(new URL(page.url()).hash, '#/users/switch/%E0%A4%A/app-entry');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('signs in from the page a visitor asked for and takes them back there', async () => {
      const { page, context, errors } = await e2e.newPage();
      await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
      await visit(e2e, page, '/users/settings/ssh');
      await page.waitForURL(/#\/users\/login\?nextUrl=/);
      await page.locator('yx-login input[name="username"]').fill('demo');
      await page.locator('yx-login input[name="password"]').fill('Demo@2026');
      await page.locator('yx-login [part~="submit-button"]').click();
      await page.waitForURL(/#\/users\/settings\/ssh$/);
      await page.locator('yx-settings yx-ssh-keys').getByRole('heading', { name: 'SSH public keys' }).waitFor();
      assert.equal(await shownTag(page), 'yx-settings');
      // Signed in now, the pages that needed it open directly.
      await page.evaluate(() => {
        location.hash = '#/users/notifications';
      });
      await page.locator('yx-message-centre').getByRole('heading', { name: 'Message Center' }).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  describe('given the demo user signed in, in English', () => {
    let page: Page;
    let errors: string[];
    let close: () => Promise<void>;
    before(async () => {
      const opened = await e2e.newPage();
      ({ page, errors } = opened);
      close = () => opened.context.close();
      await opened.context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
      await e2e.login(page, 'demo', 'Demo@2026');
    });
    after(async () => {
      await close?.();
    });

    /** Opens a settings route and checks the shell around the section: title, menu, current entry. */
    async function openSettings(route: string, current: string) {
      await visit(e2e, page, route);
      const shell = page.locator('yx-settings');
      await shell.locator('[part~="nav-link-current"]', { hasText: current }).waitFor();
      assert.equal(await shownTag(page), 'yx-settings', route);
      assert.equal(await shell.locator('[part="top-bar"] h1').textContent(), 'Personal Settings');
      assert.deepEqual(await shell.locator('[part~="nav-link"]').allTextContents(), STANDARD_MENU);
      assert.equal(await page.title(), 'Personal Settings');
      return shell;
    }

    it('shows each personal settings section in the shell, under its own menu entry', async () => {
      const sections: Array<[route: string, entry: string, element: string, heading: string]> = [
        ['/users/settings/profile', 'Personal Information', 'yx-profile', 'Personal Information'],
        ['/users/settings/personalAccessToken', 'Access Token', 'yx-token-manager', 'Personal access tokens'],
        ['/users/settings/ssh', 'SSH Public Key', 'yx-ssh-keys', 'SSH public keys'],
        ['/users/settings/packagesCredential', 'Packages Credential', 'yx-package-credential', 'Packages credential'],
        [
          '/users/settings/third-party',
          'Identity Provider Binding',
          'yx-third-party-bindings',
          'Identity Provider Binding',
        ],
      ];
      for (const [route, entry, element, heading] of sections) {
        const shell = await openSettings(route, entry);
        await shell.locator(element).getByRole('heading', { name: heading, exact: true }).waitFor();
        assert.equal(hashOf(page), `#${route}`);
      }
      assert.deepEqual(errors, []);
    });

    it('shows the identity provider page, which has no menu entry of its own', async () => {
      await visit(e2e, page, '/users/settings/identity-provider');
      const shell = page.locator('yx-settings');
      await shell
        .locator('yx-third-party-bindings')
        .getByRole('heading', { name: 'Identity Provider', exact: true })
        .waitFor();
      assert.equal(await shownTag(page), 'yx-settings');
      assert.deepEqual(await shell.locator('[part~="nav-link"]').allTextContents(), STANDARD_MENU);
      assert.equal(await shell.locator('[part~="nav-link-current"]').count(), 0);
      assert.equal(hashOf(page), '#/users/settings/identity-provider');
      assert.deepEqual(errors, []);
    });

    it('shows the token list as a modal with version=v1, and the separate create screen at /create', async () => {
      const modal = await openSettings('/users/settings/personalAccessToken?version=v1', 'Access Token');
      await modal.locator('yx-token-manager').getByRole('dialog').waitFor();
      assert.equal(await modal.locator('yx-token-manager').getByRole('dialog').count(), 1);

      const create = await openSettings('/users/settings/personalAccessToken/create', 'Access Token');
      await create
        .locator('yx-token-manager')
        .getByRole('heading', { name: 'New access token', exact: true })
        .waitFor();
      assert.equal(await create.locator('yx-token-manager').getByRole('dialog').count(), 0);
      assert.deepEqual(errors, []);
    });

    it('redirects /users/settings, the root and an unknown section to the profile', async () => {
      for (const route of ['/users/settings', '/users', '/users/settings/nonsense']) {
        await visit(e2e, page, route);
        await page.waitForURL(/#\/users\/settings\/profile$/);
        await page.locator('yx-settings yx-profile').getByRole('heading', { name: 'Personal Information' }).waitFor();
        assert.equal(await shownTag(page), 'yx-settings', route);
      }
      assert.deepEqual(errors, []);
    });

    it('redirects /users/switch to the organization picker with the current organization marked', async () => {
      await visit(e2e, page, '/users/switch');
      await page.waitForURL(/#\/users\/switch\/organization$/);
      const picker = page.locator('yx-org-switcher');
      await picker.getByRole('heading', { name: 'Switch Organization', exact: true }).waitFor();
      assert.equal(await shownTag(page), 'yx-org-switcher');
      await picker.locator('[part~="org"]').first().waitFor();
      assert.deepEqual(await picker.locator('[part="org-name"]').allTextContents(), [
        'Acme Engineering',
        'Blue Harbor Design Studio',
        'Open Source Lab',
        'Harbor Secure Network',
        'Expired Trial Inc',
      ]);
      assert.equal(
        await picker.locator('[part~="org"][aria-current="true"] [part="org-name"]').textContent(),
        'Acme Engineering',
      );
      assert.deepEqual(errors, []);
    });

    it("shows an organization's app entry with its installed apps", async () => {
      await visit(e2e, page, `/users/switch/${acme}/app-entry`);
      const entry = page.locator('yx-app-entry');
      await entry.getByRole('heading', { name: 'Acme Engineering', exact: true }).waitFor();
      assert.equal(await shownTag(page), 'yx-app-entry');
      const apps = await entry.locator('[part="app-name"]').allTextContents();
      assert.ok(apps.includes('Projex') && apps.includes('Codeup'), apps.join());
      assert.deepEqual(errors, []);
    });

    it('shows the message centre, the email verification result and the error page', async () => {
      await visit(e2e, page, '/users/notifications');
      await page.locator('yx-message-centre').getByRole('heading', { name: 'Message Center' }).waitFor();
      assert.equal(await shownTag(page), 'yx-message-centre');
      await page.locator('yx-message-centre [part~="message"], yx-message-centre [role="listitem"]').first().waitFor();
      // The seed has a hostile message (`<img onerror>`): shown, it must not even make the CSP
      // report a handler (Chromium checks while DOMPurify parses, cure53/DOMPurify#107).
      assert.deepEqual(errors, []);

      await visit(e2e, page, '/users/emails');
      await page
        .locator('yx-email-verify-result')
        .getByRole('heading', { name: 'Email verification failed' })
        .waitFor();
      assert.equal(await shownTag(page), 'yx-email-verify-result');

      await visit(e2e, page, '/users/errors');
      await page
        .locator('yx-error-page')
        .getByRole('heading', { name: 'Something went wrong on this page', exact: true })
        .waitFor();
      assert.equal(await shownTag(page), 'yx-error-page');

      await visit(e2e, page, '/users/errors?type=no-permission');
      await page
        .locator('yx-error-page')
        .getByRole('heading', { name: 'You do not have permission to access this page', exact: true })
        .waitFor();
      assert.deepEqual(errors, []);
    });

    it('goes on to the app from /users/errors when the user has it and may open it', async () => {
      await visit(e2e, page, `/users/errors?orgId=${acme}&appId=projex`);
      await page.waitForURL(`${e2e.server.url}/projex/`);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Projex — demo');
      assert.deepEqual(errors, []);
    });

    it('stays on /users/errors and names the rule when the organization turns the user away', async () => {
      const restricted = await idOfOrg(e2e, 'Harbor Secure Network');
      await visit(e2e, page, `/users/errors?orgId=${restricted}&appId=projex`);
      await page.locator('yx-error-page [part="error-page"][data-status="failed"]').waitFor();
      assert.equal(await page.locator('yx-error-page [part="error-page"]').getAttribute('data-type'), 'ip-restricted');
      await page.locator('yx-error-page').getByRole('heading', { name: IP_RESTRICTED, exact: true }).waitFor();
      assert.match(hashOf(page), /^#\/users\/errors\?/);

      const expired = await idOfOrg(e2e, 'Expired Trial Inc');
      await visit(e2e, page, `/users/errors?orgId=${expired}&appId=projex`);
      await page.locator('yx-error-page [part="error-page"][data-status="failed"]').waitFor();
      assert.equal(await page.locator('yx-error-page [part="error-page"]').getAttribute('data-type'), 'order-expired');
      await page
        .locator('yx-error-page')
        .getByRole('heading', { name: 'The organization’s order or service has expired', exact: true })
        .waitFor();
      // The refusals themselves are 403 answers, which the browser logs; nothing else may be.
      assert.deepEqual(
        errors.filter((e) => !/status of 403/.test(e)),
        [],
      );
      errors.length = 0;
    });

    it('shows the not-found page for any other path', async () => {
      for (const route of UNKNOWN_ROUTES) {
        await visit(e2e, page, route);
        await page.locator('yx-error-page').getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
        assert.equal(await shownTag(page), 'yx-error-page', route);
      }
      assert.deepEqual(errors, []);
    });
  });

  describe('given the demo user signed in with no language chosen', () => {
    it('shows the standard flavour in Chinese, its default', async () => {
      const { page, context, errors } = await e2e.newPage({ locale: 'zh-CN' });
      await e2e.login(page, 'demo', 'Demo@2026');
      await visit(e2e, page, '/users/settings/profile');
      const shell = page.locator('yx-settings');
      await shell.locator('[part~="nav-link-current"]', { hasText: '个人信息' }).waitFor();
      assert.equal(await page.title(), '个人设置');
      assert.equal(await shell.locator('[part="top-bar"] h1').textContent(), '个人设置');
      assert.equal(await shell.locator('[part~="nav-link"]').count(), 5);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});

describe('the global flavour on its first start (FLAVOUR=global)', () => {
  const e2e = useE2E({ firstStart: true, config: { flavour: 'global' } });

  it('starts in English with the three-entry settings menu, even in a Chinese browser', async () => {
    const { page, context, errors } = await e2e.newPage({ locale: 'zh-CN' });
    await e2e.login(page, 'demo', 'Demo@2026');
    await visit(e2e, page, '/users/settings');
    await page.waitForURL(/#\/users\/settings\/profile$/);
    const shell = page.locator('yx-settings');
    await shell.locator('[part~="nav-link-current"]', { hasText: 'Personal Information' }).waitFor();
    assert.equal(await page.title(), 'Personal Settings');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.deepEqual(await shell.locator('[part~="nav-link"]').allTextContents(), [
      'Personal Information',
      'Access Token',
      'SSH Public Key',
    ]);
    await shell.locator('yx-profile').getByRole('heading', { name: 'Personal Information' }).waitFor();

    // Package credentials are not in this flavour's menu: the shell goes to the first entry.
    await visit(e2e, page, '/users/settings/packagesCredential');
    await page.waitForURL(/#\/users\/settings\/profile$/);
    await shell.locator('yx-profile').getByRole('heading', { name: 'Personal Information' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('signs a visitor in and takes them back to the page they asked for', async () => {
    const { page, context, errors } = await e2e.newPage();
    await visit(e2e, page, '/users/settings/ssh');
    await page.waitForURL(/#\/users\/login\?nextUrl=/);
    await page.locator('yx-login').getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
    await page.locator('yx-login input[name="username"]').fill('demo');
    await page.locator('yx-login input[name="password"]').fill('Demo@2026');
    await page.locator('yx-login [part~="submit-button"]').click();
    await page.waitForURL(/#\/users\/settings\/ssh$/);
    await page.locator('yx-settings yx-ssh-keys').getByRole('heading', { name: 'SSH public keys' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
