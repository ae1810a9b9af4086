import { expect } from '@open-wc/testing';
import { mockApi, waitFor } from '../fixtures/harness';
import {
  APPS_PATH,
  HELP_URL,
  appsRoute,
  captureEvents,
  helpRoute,
  mountShell,
  navKeys,
  navLabels,
  noHelpRoute,
} from './settings-fixtures';

const ready = (root: ShadowRoot) => root.querySelector('[part="settings"][data-status="ready"]');

describe('<yx-settings> menu', () => {
  let nav: ReturnType<typeof captureEvents<{ url: string }>>;
  beforeEach(() => {
    nav = captureEvents<{ url: string }>('yx-navigate');
  });
  afterEach(() => {
    nav.stop();
    document.body.innerHTML = '';
  });

  const APP_SETS: Record<string, string[]> = {
    'no apps': [],
    'code hosting': ['codeup'],
    packages: ['packages'],
    'code hosting and packages': ['codeup', 'packages', 'flow'],
  };
  const FULL: Record<string, string[]> = {
    'no apps': ['profile', 'personalAccessToken', 'third-party'],
    'code hosting': ['profile', 'personalAccessToken', 'ssh', 'third-party'],
    packages: ['profile', 'personalAccessToken', 'packagesCredential', 'third-party'],
    'code hosting and packages': ['profile', 'personalAccessToken', 'ssh', 'packagesCredential', 'third-party'],
  };
  const EXPECTED: Record<string, Record<string, string[]>> = {
    standard: FULL,
    dedicated: FULL,
    'dedicated-intl': FULL,
    'cloud-provider': FULL,
    // Global: profile, token and SSH only, and SSH even without code hosting.
    global: Object.fromEntries(Object.keys(APP_SETS).map((k) => [k, ['profile', 'personalAccessToken', 'ssh']])),
  };

  for (const [flavour, byApps] of Object.entries(EXPECTED)) {
    describe(`in the ${flavour} flavour`, () => {
      for (const [appSet, keys] of Object.entries(byApps)) {
        it(`shows ${keys.join(', ')} to a user with ${appSet}`, async () => {
          const api = await mockApi([appsRoute(APP_SETS[appSet]!), noHelpRoute]);
          const { root } = await mountShell({ section: 'profile' }, { host: api.host, flavour });
          await waitFor(() => ready(root), { message: 'the shell' });
          expect(navKeys(root)).to.deep.equal(keys);
          expect(nav.details, 'no redirect').to.deep.equal([]);
        });
      }
    });
  }

  it('asks for the apps of the current organization', async () => {
    const api = await mockApi([appsRoute(['codeup']), noHelpRoute]);
    const { root } = await mountShell({ section: 'profile' }, { host: api.host, 'org-id': 'org-7' });
    await waitFor(() => ready(root));
    const calls = (await api.calls()).filter((c) => c.path === APPS_PATH);
    expect(calls).to.have.length(1);
    expect(calls[0]!.query).to.deep.equal({ organization_id: 'org-7' });
  });

  it('names the sections with the tabs of the spec, in English and Chinese', async () => {
    const api = await mockApi([appsRoute(['codeup', 'packages']), noHelpRoute]);
    const en = await mountShell({ section: 'profile' }, { host: api.host });
    await waitFor(() => ready(en.root));
    expect(navLabels(en.root)).to.deep.equal([
      'Personal Information',
      'Access Token',
      'SSH Public Key',
      'Packages Credential',
      'Identity Provider Binding',
    ]);
    expect(en.root.querySelector('[part="title"]')!.textContent).to.equal('Personal Settings');
    const zh = await mountShell({ section: 'profile' }, { host: api.host, locale: 'zh_CN' });
    await waitFor(() => ready(zh.root));
    expect(navLabels(zh.root)).to.deep.equal(['个人信息', '访问令牌', 'SSH 公钥', '制品仓库凭证', '第三方账号绑定']);
    expect(zh.root.querySelector('[part="title"]')!.textContent).to.equal('个人设置');
  });

  it('links each entry to its route and marks the current one', async () => {
    const api = await mockApi([appsRoute(['codeup']), noHelpRoute]);
    const { root } = await mountShell({ section: 'ssh' }, { host: api.host });
    await waitFor(() => ready(root));
    const links = [...root.querySelectorAll<HTMLAnchorElement>('[part~="nav-link"]')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      '#/users/settings/profile',
      '#/users/settings/personalAccessToken',
      '#/users/settings/ssh',
      '#/users/settings/third-party',
    ]);
    const current = links.filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.dataset.key)).to.deep.equal(['ssh']);
    expect(current[0]!.part.contains('nav-link-current')).to.equal(true);
    expect(root.querySelector('nav')!.getAttribute('aria-label')).to.equal('Personal settings menu');
  });

  it('lets the host route a sidebar click through a cancelable yx-navigate', async () => {
    const api = await mockApi([appsRoute([]), noHelpRoute]);
    const { root } = await mountShell({ section: 'profile' }, { host: api.host });
    await waitFor(() => ready(root));
    const before = location.hash;
    root.querySelector<HTMLAnchorElement>('[data-key="third-party"]')!.click();
    expect(nav.details).to.deep.equal([{ url: '#/users/settings/third-party' }]);
    expect(location.hash, 'the host took it over').to.equal(before);
  });

  describe('given a section key that is not in the menu', () => {
    it('redirects to the first entry with yx-navigate', async () => {
      const api = await mockApi([appsRoute([]), noHelpRoute]);
      const { root } = await mountShell({ section: 'nonsense' }, { host: api.host });
      await waitFor(() => nav.details.length > 0, { message: 'the redirect' });
      expect(nav.details).to.deep.equal([{ url: '#/users/settings/profile' }]);
      expect(root.querySelector('[aria-current="page"]')).to.equal(null);
      expect(root.querySelector('[part="section"] > *')).to.equal(null);
    });

    it('redirects from a hidden section too (SSH without code hosting)', async () => {
      const api = await mockApi([appsRoute(['packages']), noHelpRoute]);
      await mountShell({ section: 'ssh' }, { host: api.host });
      await waitFor(() => nav.details.length > 0);
      expect(nav.details).to.deep.equal([{ url: '#/users/settings/profile' }]);
    });

    it('redirects when no section is given', async () => {
      const api = await mockApi([appsRoute([]), noHelpRoute]);
      await mountShell({}, { host: api.host, flavour: 'global' });
      await waitFor(() => nav.details.length > 0);
      expect(nav.details).to.deep.equal([{ url: '#/users/settings/profile' }]);
    });

    it('replaces the address itself when the host does not take over', async () => {
      nav.stop();
      nav = captureEvents<{ url: string }>('yx-navigate', { cancel: false });
      const before = location.href;
      const length = history.length;
      try {
        const api = await mockApi([appsRoute([]), noHelpRoute]);
        await mountShell({ section: 'packagesCredential' }, { host: api.host });
        await waitFor(() => location.hash === '#/users/settings/profile', { message: 'the new address' });
        expect(nav.details).to.deep.equal([{ url: '#/users/settings/profile' }]);
        expect(history.length, 'replaced, not pushed').to.equal(length);
      } finally {
        history.replaceState(null, '', before);
      }
    });

    it('shows identity-provider, which has no menu entry, where third-party is offered', async () => {
      const api = await mockApi([appsRoute([]), noHelpRoute]);
      const { root } = await mountShell({ section: 'identity-provider' }, { host: api.host });
      await waitFor(() => root.querySelector('yx-third-party-bindings'));
      expect(nav.details).to.deep.equal([]);
      expect(navKeys(root)).to.not.include('identity-provider');
      expect(root.querySelector('yx-third-party-bindings')!.getAttribute('section')).to.equal('identity-provider');
    });
  });

  describe('given the apps fetch fails or leaves no entry', () => {
    it('says the system is abnormal and reloads on Retry', async () => {
      const api = await mockApi([appsRoute([], { status: 500, body: { code: 'boom', message: 'Boom' } }), noHelpRoute]);
      const { root, reloads } = await mountShell({ section: 'profile' }, { host: api.host });
      await waitFor(() => root.querySelector('[part="result"][data-status="error"]'), { message: 'the error' });
      expect(root.querySelector('[part="result-title"]')!.textContent).to.equal(
        'The system is abnormal, please try again',
      );
      expect(root.querySelector('nav')).to.equal(null);
      const retry = root.querySelector<HTMLButtonElement>('[part="result"] button')!;
      expect(retry.textContent).to.equal('Retry');
      retry.click();
      expect(reloads).to.have.length(1);
    });

    it('says so in Chinese for a malformed answer', async () => {
      const api = await mockApi([{ method: 'GET', path: APPS_PATH, raw: '{"apps": ' }, noHelpRoute]);
      const { root } = await mountShell({ section: 'profile' }, { host: api.host, locale: 'zh_CN' });
      await waitFor(() => root.querySelector('[part="result"][data-status="error"]'));
      expect(root.querySelector('[part="result-title"]')!.textContent).to.equal('系统异常，请稍后重试');
      expect(root.querySelector('[part="result"] button')!.textContent).to.equal('重试');
    });

    it('says the same for apps of the wrong shape, and does not redirect', async () => {
      const api = await mockApi([{ method: 'GET', path: APPS_PATH, body: { apps: [{ id: 1 }] } }, noHelpRoute]);
      const { root, reloads } = await mountShell({ section: 'profile' }, { host: api.host });
      await waitFor(() => root.querySelector('[part="result"][data-status="error"]'));
      root.querySelector<HTMLButtonElement>('[part="result"] button')!.click();
      expect(reloads).to.have.length(1);
      expect(nav.details, 'no redirect from an error').to.deep.equal([]);
    });
  });

  describe('while the apps load', () => {
    it('renders nothing', async () => {
      const api = await mockApi([appsRoute(['codeup'], { delayMs: 700 }), helpRoute()]);
      const { root } = await mountShell({ section: 'profile' }, { host: api.host });
      const shell = root.querySelector<HTMLElement>('[part="settings"]')!;
      expect(shell.dataset.status).to.equal('loading');
      expect(shell.childElementCount).to.equal(0);
      expect(root.textContent).to.equal('');
      await waitFor(() => ready(root));
      expect(root.querySelector('nav')).to.exist;
    });
  });

  describe('the top bar', () => {
    it('shows the help link when one is configured', async () => {
      const api = await mockApi([appsRoute([]), helpRoute()]);
      const { root } = await mountShell({ section: 'profile' }, { host: api.host });
      const help = (await waitFor(() => root.querySelector<HTMLAnchorElement>('[part="help-link"]')))!;
      expect(help.getAttribute('href')).to.equal(HELP_URL);
      expect(help.target).to.equal('_blank');
      expect(help.rel).to.contain('noopener');
      expect(help.textContent).to.equal('Help(opens in a new tab)');
    });

    it('leaves the help link out when none is configured, or it is not a web address', async () => {
      const api = await mockApi([appsRoute([]), noHelpRoute]);
      const { root } = await mountShell({ section: 'profile' }, { host: api.host });
      await waitFor(() => ready(root));
      await waitFor(async () => (await api.calls()).some((c) => c.path.includes('helpLink')));
      await new Promise((r) => setTimeout(r, 100));
      expect(root.querySelector('[part="help-link"]')).to.equal(null);

      const evil = await mockApi([appsRoute([]), helpRoute('javascript:alert(1)')]);
      const second = await mountShell({ section: 'profile' }, { host: evil.host });
      await waitFor(() => ready(second.root));
      await waitFor(async () => (await evil.calls()).some((c) => c.path.includes('helpLink')));
      await new Promise((r) => setTimeout(r, 100));
      expect(second.root.querySelector('[part="help-link"]')).to.equal(null);
    });

    it('shows the shell even when the help link call fails', async () => {
      const api = await mockApi([appsRoute([]), { method: 'GET', path: '/uiless/api/helpLink/*', status: 500 }]);
      const { root } = await mountShell({ section: 'profile' }, { host: api.host });
      await waitFor(() => ready(root));
      expect(root.querySelector('[part="help-link"]')).to.equal(null);
    });

    it('reloads the page when the title (home) is clicked', async () => {
      const api = await mockApi([appsRoute([]), noHelpRoute]);
      const { root, reloads } = await mountShell({ section: 'profile' }, { host: api.host });
      await waitFor(() => ready(root));
      const home = root.querySelector<HTMLAnchorElement>('[part="home-link"]')!;
      expect(home.textContent).to.equal('Personal Settings');
      expect(home.getAttribute('href'), 'a new tab opens the section').to.equal('#/users/settings/profile');
      home.click();
      expect(reloads).to.have.length(1);
    });
  });
});
