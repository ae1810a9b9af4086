import { expect } from '@open-wc/testing';
import '../../../elements/yx-error-page';
import { ERROR_TYPE_NAMES } from '../../../src/features/errors/types';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { expectNoAxeViolations } from '../fixtures/axe';

const title = (el: Element) => el.shadowRoot!.querySelector('[part=title]')!.textContent;
const buttons = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=actions] button')];

/** Captures one cancelable event and cancels it, so the test page does not navigate. */
function capture(type: 'yx-navigate' | 'yx-relogin') {
  const seen: Array<{ url: string }> = [];
  const listener = (e: Event) => {
    e.preventDefault();
    seen.push((e as CustomEvent<{ url: string }>).detail);
  };
  document.addEventListener(type, listener);
  return { seen, stop: () => document.removeEventListener(type, listener) };
}

describe('<yx-error-page>', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('says what went wrong on every error page, in English and Chinese, with at least one way out', async () => {
    for (const type of ERROR_TYPE_NAMES) {
      const en = await mountElement('yx-error-page', { type, locale: 'en_US', host: location.origin });
      const zh = await mountElement('yx-error-page', { type, locale: 'zh_CN', host: location.origin });
      expect(title(en), type).to.match(/[A-Za-z]/);
      expect(title(zh), type).to.match(/[\u4e00-\u9fa5]/);
      expect(buttons(en).length, type).to.be.greaterThan(0);
      en.remove();
      zh.remove();
    }
  });

  it('shows the 404 page with a code and takes the user home through a cancelable event', async () => {
    const el = await mountElement('yx-error-page', { type: 'not-found', locale: 'en_US' });
    expect(el.shadowRoot!.querySelector('[part=code]')!.textContent).to.equal('404');
    expect(title(el)).to.equal('Page not found');
    const nav = capture('yx-navigate');
    buttons(el)[0]!.click();
    nav.stop();
    expect(nav.seen).to.deep.equal([{ url: '/' }]);
  });

  it('focuses the message so screen readers announce it first', async () => {
    const el = await mountElement('yx-error-page', { type: 'no-permission', locale: 'en_US' });
    await waitFor(() => el.shadowRoot!.activeElement === el.shadowRoot!.querySelector('h1'), {
      message: 'focus on the title',
    });
  });

  it('names the login failure detail and offers Sign in Again', async () => {
    const el = await mountElement('yx-error-page', {
      type: 'login-failure',
      reason: 'bound-account-not-found',
      locale: 'en_US',
    });
    expect(title(el)).to.equal('Login failed: no bound account was found');
    const relogin = capture('yx-relogin');
    expect(buttons(el)[0]!.textContent).to.equal('Sign in Again');
    buttons(el)[0]!.click();
    relogin.stop();
    expect(relogin.seen).to.deep.equal([{ url: '/users/#/users/login' }]);
  });

  for (const [locale, text] of [
    ['en_US', 'Login failed: too many sign-in attempts. Please try again in a minute.'],
    ['zh_CN', '登录失败：尝试次数过多，请一分钟后再试'],
  ] as const) {
    it(`says a sign-on refused for too many attempts was refused for that (${locale})`, async () => {
      const el = await mountElement('yx-error-page', { type: 'login-failure', reason: 'too-many-requests', locale });
      expect(title(el)).to.equal(text);
    });
  }

  it('ignores a login failure reason it does not know instead of echoing it', async () => {
    const el = await mountElement('yx-error-page', {
      type: 'login-failure',
      reason: 'Call 555-0100 to unlock your account',
      locale: 'en_US',
    });
    expect(title(el)).to.equal('Login failed');
    expect(el.shadowRoot!.textContent).not.to.contain('555-0100');
  });

  it('tells a RAM user to switch account in the global flavour and to log on again elsewhere', async () => {
    const global = await mountElement('yx-error-page', { type: 'ram-user', flavour: 'global', locale: 'en_US' });
    expect(title(global)).to.contain('Please switch account');
    expect(buttons(global)[0]!.textContent).to.equal('Switch Account');
    const relogin = capture('yx-relogin');
    buttons(global)[0]!.click();
    relogin.stop();
    expect(relogin.seen[0]!.url).to.match(/^\/users\/logout\?next_url=/);

    const standard = await mountElement('yx-error-page', { type: 'ram-user', flavour: 'standard', locale: 'en_US' });
    expect(buttons(standard)[0]!.textContent).to.equal('Log on again');
  });

  it('shows the request id of a server error for support', async () => {
    const el = await mountElement('yx-error-page', {
      type: 'server-error',
      'request-id': 'req-123',
      locale: 'en_US',
    });
    expect(el.shadowRoot!.querySelector('[part=request-id]')!.textContent).to.equal('Request ID: req-123');
  });

  it('falls back to the generic page for an unknown type, with a warning for the developer', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (m: string) => warnings.push(m);
    try {
      const el = await mountElement('yx-error-page', { type: 'made-up', locale: 'en_US' });
      expect(title(el)).to.equal('Something went wrong on this page');
      expect(warnings.some((w) => w.includes('type="made-up"'))).to.equal(true);
      el.setAttribute('type', 'server-error');
      await settle();
      expect(title(el)).to.equal('The server encountered an error (500)');
    } finally {
      console.warn = original;
    }
  });

  describe('given the organization and app of /users/errors (verify-access)', () => {
    const ORG = 'org-7';
    const appsRoute = (identities: string[]): MockRoute => ({
      method: 'GET',
      path: '/uiless/api/my/apps',
      body: { apps: identities.map((identity) => ({ identity })) },
    });
    const accessRoute = (answer: Partial<MockRoute>): MockRoute => ({
      method: 'GET',
      path: `/uiless/api/organizations/${ORG}/apps/projex/access`,
      body: { pass: true },
      ...answer,
    });
    const recordRoute = (rawUrl: string): MockRoute => ({
      method: 'GET',
      path: `/uiless/api/organizations/${ORG}/apps/projex`,
      body: { result: { identity: 'projex', app: { raw_url: rawUrl } } },
    });
    const section = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[part="error-page"]')!;

    async function mountChecked(routes: MockRoute[], type = 'no-permission') {
      const api = await mockApi(routes);
      const el = await mountElement('yx-error-page', {
        type,
        locale: 'en_US',
        host: api.host,
        'org-id': ORG,
        'app-id': 'projex',
        'verify-access': '',
      });
      return { api, el };
    }

    let nav: ReturnType<typeof capture>;
    beforeEach(() => {
      nav = capture('yx-navigate');
    });
    afterEach(() => nav.stop());

    it('goes on to the app instead of showing the page when the user has it and may open it', async () => {
      const { api, el } = await mountChecked([
        appsRoute(['workbench', 'projex']),
        accessRoute({ delayMs: 150 }),
        recordRoute('https://projex.example.com/org-7'),
      ]);
      // Nothing of the error flashes while the checks run.
      expect(section(el).dataset.status).to.equal('checking');
      expect(Boolean(el.shadowRoot!.querySelector('h1')), 'a title while checking').to.equal(false);
      await waitFor(() => nav.seen.length === 1, { message: 'the navigation' });
      expect(nav.seen).to.deep.equal([{ url: 'https://projex.example.com/org-7' }]);
      expect(Boolean(el.shadowRoot!.querySelector('h1')), 'a title after passing').to.equal(false);
      const calls = await api.calls();
      expect(calls.find((c) => c.path === '/uiless/api/my/apps')!.query).to.deep.equal({ organization_id: ORG });
    });

    it('goes to / when the app has no address it can use', async () => {
      await mountChecked([appsRoute(['projex']), accessRoute({}), recordRoute('javascript:alert(1)')]);
      await waitFor(() => nav.seen.length === 1, { message: 'the navigation' });
      expect(nav.seen).to.deep.equal([{ url: '/' }]);
    });

    it('shows the page it was given when the access check does not pass', async () => {
      const { el } = await mountChecked([appsRoute(['projex']), accessRoute({ body: { pass: false } })]);
      await waitFor(() => section(el).dataset.status === 'failed', { message: 'the verdict' });
      expect(title(el)).to.equal('You do not have permission to access this page');
      // Compared as a boolean: chai printing two elements walks React's internals and hangs the page.
      await waitFor(() => el.shadowRoot!.activeElement === el.shadowRoot!.querySelector('h1'), {
        message: 'focus on the title',
      });
      expect(nav.seen).to.deep.equal([]);
    });

    it('shows the page when the user does not have the app, even if access would pass', async () => {
      const { el } = await mountChecked([appsRoute(['workbench']), accessRoute({})]);
      await waitFor(() => section(el).dataset.status === 'failed', { message: 'the verdict' });
      expect(title(el)).to.equal('You do not have permission to access this page');
      expect(nav.seen).to.deep.equal([]);
    });

    it('turns a generic page into the no-permission page when the user lacks the app', async () => {
      // Reloading can never help there: the page says what is wrong instead.
      const { el } = await mountChecked([appsRoute(['workbench']), accessRoute({})], 'generic');
      await waitFor(() => section(el).dataset.status === 'failed', { message: 'the verdict' });
      expect(section(el).dataset.type).to.equal('no-permission');
      expect(title(el)).to.equal('You do not have permission to access this page');

      // A page asked for by name stays that page.
      const { el: named } = await mountChecked(
        [appsRoute(['projex']), accessRoute({ body: { pass: false } })],
        'bad-parameter',
      );
      await waitFor(() => section(named).dataset.status === 'failed', { message: 'the second verdict' });
      expect(section(named).dataset.type).to.equal('bad-parameter');
    });

    it("names the organization's rule when the server turns the user away for it, in both languages", async () => {
      const refused = { status: 403, body: { code: 'ip_restricted', message: 'IP not allowed', requestId: 'r1' } };
      const { el } = await mountChecked([{ ...appsRoute([]), ...refused }, accessRoute(refused)], 'generic');
      await waitFor(() => section(el).dataset.status === 'failed', { message: 'the verdict' });
      expect(section(el).dataset.type).to.equal('ip-restricted');
      expect(title(el)).to.equal('Access from your IP address is restricted');

      const expired = { status: 403, body: { code: 'order_expired', message: 'expired', requestId: 'r2' } };
      const api = await mockApi([{ ...appsRoute([]), ...expired }, accessRoute(expired)]);
      const zh = await mountElement('yx-error-page', {
        locale: 'zh_CN',
        host: api.host,
        'org-id': ORG,
        'app-id': 'projex',
        'verify-access': '',
      });
      await waitFor(() => section(zh).dataset.status === 'failed', { message: 'the verdict' });
      expect(section(zh).dataset.type).to.equal('order-expired');
      expect(title(zh)).to.match(/[\u4e00-\u9fa5]/);
    });

    it('shows the page it was given when a check fails for another reason', async () => {
      const { el } = await mountChecked([
        appsRoute(['projex']),
        accessRoute({ status: 500, body: { code: 'internal' } }),
      ]);
      await waitFor(() => section(el).dataset.status === 'failed', { message: 'the verdict' });
      expect(section(el).dataset.type).to.equal('no-permission');
    });

    it('runs no check without verify-access, or without an app id', async () => {
      const api = await mockApi([appsRoute(['projex']), accessRoute({})]);
      const plain = await mountElement('yx-error-page', {
        locale: 'en_US',
        host: api.host,
        'org-id': ORG,
        'app-id': 'projex',
      });
      const noApp = await mountElement('yx-error-page', {
        locale: 'en_US',
        host: api.host,
        'org-id': ORG,
        'verify-access': '',
      });
      await settle();
      expect(title(plain)).to.equal('Something went wrong on this page');
      expect(title(noApp)).to.equal('Something went wrong on this page');
      expect(await api.calls()).to.deep.equal([]);
      expect(nav.seen).to.deep.equal([]);
    });
  });

  // The pages where another organization may let the user in: IP not allowed, organization
  // inaccessible, licence or order expired, resource not in the current organization, a link of
  // another organization.
  for (const type of [
    'ip-restricted',
    'organization-inaccessible',
    'order-expired',
    'resource-not-in-organization',
    'other-organization',
  ] as const) {
    it(`offers Switch Organization on the ${type} page, through a cancelable event`, async () => {
      const zh = await mountElement('yx-error-page', { type, locale: 'zh_CN' });
      expect(buttons(zh).map((b) => b.textContent)).to.include('切换企业');
      zh.remove();
      const el = await mountElement('yx-error-page', { type, locale: 'en_US' });
      const choice = buttons(el).find((b) => b.textContent === 'Switch Organization');
      expect(choice, 'a Switch Organization button').to.not.equal(undefined);
      const nav = capture('yx-navigate');
      choice!.click();
      nav.stop();
      expect(nav.seen).to.deep.equal([{ url: '/users/#/users/switch/organization' }]);
    });
  }

  it('still offers Reload on the IP page, for a user whose address changes', async () => {
    const el = await mountElement('yx-error-page', { type: 'ip-restricted', locale: 'en_US' });
    expect(buttons(el).map((b) => b.textContent)).to.deep.equal(['Switch Organization', 'Reload']);
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('has no accessibility violations', async () => {
    for (const type of ['not-found', 'login-failure', 'ram-user', 'generic']) {
      const el = await mountElement('yx-error-page', { type, locale: 'en_US' });
      await expectNoAxeViolations(el.shadowRoot!);
      el.remove();
    }
  });
});
