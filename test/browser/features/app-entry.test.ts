import { expect } from '@open-wc/testing';
import '../../../elements/yx-app-entry';
import { getApp, logoUrl } from '../../../src/core/catalogue';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { configure, resetConfiguration } from '../../../src/core/settings';
import { captureEvents } from './settings-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const appButtons = (el: Element) => $$(el, '[part~="app"]');

const ORG = 'org-42';
const orgRoute = (body: unknown = { result: { _id: ORG, name: 'Acme Rockets', logo: '' } }): MockRoute => ({
  method: 'GET',
  path: `/uiless/api/organizations/${ORG}`,
  body,
});
const appsRoute = (identities: string[]): MockRoute => ({
  method: 'GET',
  path: '/uiless/api/my/apps',
  body: { apps: identities.map((identity) => ({ identity })) },
});
const appRoute = (appId: string, rawUrl: string): MockRoute => ({
  method: 'GET',
  path: `/uiless/api/organizations/${ORG}/apps/${appId}`,
  body: { result: { identity: appId, app: { raw_url: rawUrl } } },
});

async function mountEntry(
  locale = 'en_US',
  routes: MockRoute[] = [orgRoute(), appsRoute(['projex', 'codeup', 'packages'])],
) {
  const api = await mockApi(routes);
  const el = await mountElement('yx-app-entry', { host: api.host, locale, 'organization-id': ORG });
  return { api, el };
}

describe('<yx-app-entry>', () => {
  let nav: ReturnType<typeof captureEvents<{ url: string }>>;
  beforeEach(() => {
    nav = captureEvents<{ url: string }>('yx-navigate');
  });
  afterEach(() => {
    nav.stop();
    document.body.innerHTML = '';
  });

  it("lists the organization's installed apps with the catalogue logos and names", async () => {
    const { api, el } = await mountEntry();
    await waitFor(() => appButtons(el).length === 3, { message: 'three apps' });
    expect($(el, '[part="org-name"]')!.textContent).to.equal('Acme Rockets');
    expect($(el, '[part~="org-logo-initials"]')!.textContent).to.equal('AR');
    expect($$(el, '[part="app-name"]').map((n) => n.textContent)).to.deep.equal(['Projex', 'Codeup', 'Packages']);
    const logo = appButtons(el)[1]!.querySelector('img')!;
    expect(logo.getAttribute('src')).to.equal(logoUrl(getApp('codeup')!, '#006AD4'));
    expect(logo.getAttribute('alt')).to.equal('');
    expect($(el, '[part="apps"]')!.getAttribute('aria-label')).to.equal('Installed apps');
    const calls = await api.calls();
    expect(calls.find((c) => c.path === '/uiless/api/my/apps')!.query).to.deep.equal({ organization_id: ORG });
  });

  it('names the apps in Chinese', async () => {
    const { el } = await mountEntry('zh_CN');
    await waitFor(() => appButtons(el).length === 3);
    expect($$(el, '[part="app-name"]').map((n) => n.textContent)).to.deep.equal(['项目协作', '代码管理', '制品仓库']);
    expect($(el, '[part="intro"]')!.textContent).to.equal('选择要进入的应用');
  });

  it('shows an app the catalogue does not know by its identity, with initials', async () => {
    const { el } = await mountEntry('en_US', [orgRoute(), appsRoute(['custom-app'])]);
    await waitFor(() => appButtons(el).length === 1);
    expect($(el, '[part="app-name"]')!.textContent).to.equal('custom-app');
    expect(appButtons(el)[0]!.querySelector('[part~="app-logo-initials"]')!.textContent).to.equal('C');
  });

  it("opens an app's raw_url through a cancelable yx-navigate", async () => {
    const { api, el } = await mountEntry('en_US', [
      orgRoute(),
      appsRoute(['projex', 'codeup']),
      appRoute('codeup', 'https://codeup.example.com/org-42'),
    ]);
    await waitFor(() => appButtons(el).length === 2);
    appButtons(el)[1]!.click();
    await waitFor(() => nav.details.length === 1, { message: 'yx-navigate' });
    expect(nav.details).to.deep.equal([{ url: 'https://codeup.example.com/org-42' }]);
    const asked = (await api.calls()).filter((c) => c.path.includes('/apps/'));
    expect(asked.map((c) => c.path)).to.deep.equal([`/uiless/api/organizations/${ORG}/apps/codeup`]);
  });

  it('goes there itself when the host does not take over', async () => {
    nav.stop();
    nav = captureEvents<{ url: string }>('yx-navigate', { cancel: false });
    const before = location.href;
    try {
      const { el } = await mountEntry('en_US', [orgRoute(), appsRoute(['flow']), appRoute('flow', '#/opened-flow')]);
      await waitFor(() => appButtons(el).length === 1);
      appButtons(el)[0]!.click();
      await waitFor(() => location.hash === '#/opened-flow', { message: 'the app address' });
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('says when an app cannot be opened, and refuses an address that is not a web address', async () => {
    const { el } = await mountEntry('en_US', [
      orgRoute(),
      appsRoute(['projex', 'codeup']),
      appRoute('projex', 'javascript:alert(1)'),
      {
        method: 'GET',
        path: `/uiless/api/organizations/${ORG}/apps/codeup`,
        status: 403,
        body: { code: 'no', message: 'Not installed for you' },
      },
    ]);
    await waitFor(() => appButtons(el).length === 2);
    appButtons(el)[0]!.click();
    const alert = (await waitFor(() => $(el, '[part="open-error"]')))!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(alert.textContent).to.equal('Projex could not be opened: The app has no usable address');
    appButtons(el)[1]!.click();
    await waitFor(
      () => $(el, '[part="open-error"]')!.textContent === 'Codeup could not be opened: Not installed for you',
    );
    await settle();
    expect(nav.details).to.deep.equal([]);
    expect(appButtons(el)).to.have.length(2);
  });

  it('says so when the organization has no apps', async () => {
    const { el } = await mountEntry('en_US', [orgRoute(), appsRoute([])]);
    const result = (await waitFor(() => $(el, '[part="result"][data-status="empty"]')))!;
    expect(result.textContent).to.contain('No apps are installed in this organization');
    expect($(el, '[part="org-name"]')!.textContent).to.equal('Acme Rockets');
  });

  describe('when loading fails', () => {
    it('shows the error with Retry when the organization cannot be read', async () => {
      const { api, el } = await mountEntry('en_US', [
        { ...orgRoute(), status: 503, body: { code: 'unavailable', message: 'Service unavailable' } },
        appsRoute(['projex']),
      ]);
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.querySelector('[part="result-title"]')!.textContent).to.equal(
        'The organization’s apps could not be loaded',
      );
      expect(result.textContent).to.contain('System exception, please try again');
      await api.define([orgRoute(), appsRoute(['projex'])]);
      result.querySelector('button')!.click();
      await waitFor(() => appButtons(el).length === 1);
    });

    it('shows the error when the apps fetch fails (in Chinese)', async () => {
      const { el } = await mountEntry('zh_CN', [
        orgRoute(),
        { method: 'GET', path: '/uiless/api/my/apps', status: 500 },
      ]);
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.querySelector('[part="result-title"]')!.textContent).to.equal('企业应用加载失败');
      expect(result.querySelector('button')!.textContent).to.equal('重试');
    });

    it('shows the error for a malformed organization', async () => {
      const { el } = await mountEntry('en_US', [orgRoute({ result: { name: 'no id' } }), appsRoute([])]);
      await waitFor(() => $(el, '[part="result"][data-status="error"]'));
    });
  });

  describe('which organization', () => {
    afterEach(() => resetConfiguration());
    const otherOrgRoute: MockRoute = {
      method: 'GET',
      path: '/uiless/api/organizations/org-other',
      body: { result: { _id: 'org-other', name: 'Other Org', logo: '' } },
    };

    it('falls back to the common org-id attribute', async () => {
      const api = await mockApi([orgRoute(), appsRoute(['projex'])]);
      const el = await mountElement('yx-app-entry', { host: api.host, locale: 'en_US', 'org-id': ORG });
      await waitFor(() => appButtons(el).length === 1, { message: 'the apps of org-id' });
      expect($(el, '[part="org-name"]')!.textContent).to.equal('Acme Rockets');
    });

    it('falls back to configure({ organizationId }), and follows a later change', async () => {
      configure({ organizationId: 'org-other' });
      const api = await mockApi([orgRoute(), otherOrgRoute, appsRoute(['projex'])]);
      const el = await mountElement('yx-app-entry', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="org-name"]')?.textContent === 'Other Org', { message: 'the configured org' });
      configure({ organizationId: ORG });
      await waitFor(() => $(el, '[part="org-name"]')?.textContent === 'Acme Rockets', { message: 'the new org' });
    });

    it('lets its own organization-id win over org-id', async () => {
      const api = await mockApi([orgRoute(), otherOrgRoute, appsRoute(['projex'])]);
      const el = await mountElement('yx-app-entry', {
        host: api.host,
        locale: 'en_US',
        'org-id': 'org-other',
        'organization-id': ORG,
      });
      await waitFor(() => appButtons(el).length === 1);
      expect($(el, '[part="org-name"]')!.textContent).to.equal('Acme Rockets');
      expect((await api.calls()).map((c) => c.path)).not.to.include('/uiless/api/organizations/org-other');
    });

    it('without any organization, shows the error and warns which attribute to set', async () => {
      const warnings: string[] = [];
      const original = console.warn;
      console.warn = (m: string) => warnings.push(m);
      try {
        const api = await mockApi([orgRoute(), appsRoute(['projex'])]);
        const el = await mountElement('yx-app-entry', { host: api.host, locale: 'en_US' });
        const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
        expect(result.textContent).to.contain('Parameter error');
        await waitFor(() => warnings.some((w) => w.includes('<yx-app-entry>') && w.includes('organization-id')), {
          message: 'the warning',
        });
        expect(await api.calls(), 'nothing requested').to.deep.equal([]);
      } finally {
        console.warn = original;
      }
    });
  });

  describe('accessibility', () => {
    for (const locale of ['en_US', 'zh_CN']) {
      it(`lets every user read the apps (${locale})`, async () => {
        const { el } = await mountEntry(locale);
        await waitFor(() => appButtons(el).length === 3);
        await expectNoAxeViolations(el.shadowRoot!);
      });
    }

    it('lets every user read the error and a failed open', async () => {
      const failing = await mountEntry('en_US', [
        orgRoute(),
        { method: 'GET', path: '/uiless/api/my/apps', status: 500 },
      ]);
      await waitFor(() => $(failing.el, '[part="result"]'));
      await expectNoAxeViolations(failing.el.shadowRoot!);
      const { el } = await mountEntry('en_US', [
        orgRoute(),
        appsRoute(['projex']),
        appRoute('projex', 'data:text/html,x'),
      ]);
      await waitFor(() => appButtons(el).length === 1);
      appButtons(el)[0]!.click();
      await waitFor(() => $(el, '[part="open-error"]'));
      await expectNoAxeViolations(el.shadowRoot!);
    });
  });
});
