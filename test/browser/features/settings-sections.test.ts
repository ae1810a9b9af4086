import { expect } from '@open-wc/testing';
import { mockApi, settle, waitFor } from '../fixtures/harness';
import type { SectionTag } from '../../../src/features/settings/SectionHost';
import { appsRoute, mountShell, noHelpRoute } from './settings-fixtures';

/** A loader whose bundles arrive (or fail) when the test says so. */
function controlledLoader() {
  const pending: Array<{ tag: SectionTag; resolve: () => void; reject: (e: Error) => void }> = [];
  const load = (tag: SectionTag) =>
    new Promise<void>((resolve, reject) => {
      pending.push({
        tag,
        resolve: () => {
          if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
          resolve();
        },
        reject,
      });
    });
  return { pending, load };
}

const COMMON = {
  'org-id': 'org-1',
  'app-id': 'app-9',
  'csrf-token': 'csrf-abc',
  flavour: 'dedicated',
  env: 'vpc',
};

describe('<yx-settings> sections', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('creates the section element inside the content area with the common attributes passed through', async () => {
    const api = await mockApi([appsRoute(['codeup']), noHelpRoute]);
    const { root, loader } = await mountShell({ section: 'profile' }, { host: api.host, ...COMMON });
    const profile = (await waitFor(() => root.querySelector('[part="section"] > yx-profile'), {
      message: 'yx-profile',
    }))!;
    expect(loader.calls).to.deep.equal(['yx-profile']);
    expect(profile.getAttribute('host')).to.equal(api.host);
    expect(profile.getAttribute('org-id')).to.equal('org-1');
    expect(profile.getAttribute('app-id')).to.equal('app-9');
    expect(profile.getAttribute('csrf-token')).to.equal('csrf-abc');
    expect(profile.getAttribute('locale')).to.equal('en_US');
    expect(profile.getAttribute('flavour')).to.equal('dedicated');
    expect(profile.getAttribute('env')).to.equal('vpc');
    expect(profile.hasAttribute('version')).to.equal(false);
    // The section names its own region; the shell's content area is not a second one of that name.
    expect(root.querySelector('[part="main"]')!.hasAttribute('aria-label')).to.equal(false);
  });

  it('passes version and view to the token section only', async () => {
    const api = await mockApi([appsRoute([]), noHelpRoute]);
    const { root } = await mountShell(
      { section: 'personalAccessToken', version: 'v1', view: 'create' },
      { host: api.host, locale: 'zh_CN' },
    );
    const tokens = (await waitFor(() => root.querySelector('yx-token-manager')))!;
    expect(tokens.getAttribute('version')).to.equal('v1');
    expect(tokens.getAttribute('view')).to.equal('create');
    expect(tokens.getAttribute('locale')).to.equal('zh_CN');
    expect(root.querySelector('[part="main"]')!.hasAttribute('aria-label')).to.equal(false);
  });

  it('shows the third-party bindings as the third-party section', async () => {
    const api = await mockApi([appsRoute([]), noHelpRoute]);
    const { root } = await mountShell({ section: 'third-party' }, { host: api.host });
    const bindings = (await waitFor(() => root.querySelector('yx-third-party-bindings')))!;
    expect(bindings.getAttribute('section')).to.equal('third-party');
  });

  it('follows attribute changes on the shell without recreating the section', async () => {
    const api = await mockApi([appsRoute([]), noHelpRoute]);
    const { root, host } = await mountShell({ section: 'profile' }, { host: api.host, 'csrf-token': 'one' });
    const profile = (await waitFor(() => root.querySelector('yx-profile')))!;
    host.setAttribute('csrf-token', 'two');
    host.removeAttribute('app-id');
    await waitFor(() => profile.getAttribute('csrf-token') === 'two');
    expect(root.querySelector('yx-profile')).to.equal(profile);
  });

  it('loads a section bundle on demand with a spinner, then shows the section', async () => {
    const api = await mockApi([appsRoute(['codeup']), noHelpRoute]);
    const loader = controlledLoader();
    const { root } = await mountShell({ section: 'ssh', loadSection: loader.load }, { host: api.host });
    await waitFor(() => loader.pending.length === 1, { message: 'the bundle request' });
    expect(loader.pending[0]!.tag).to.equal('yx-ssh-keys');
    const content = root.querySelector<HTMLElement>('[part="content"]')!;
    expect(content.dataset.status).to.equal('loading');
    const spinner = root.querySelector('[part="content"] [part="spinner"]')!;
    expect(spinner.getAttribute('role')).to.equal('status');
    expect(spinner.textContent).to.equal('Loading SSH Public Key');
    expect(root.querySelector('yx-ssh-keys'), 'not before its bundle').to.equal(null);
    loader.pending[0]!.resolve();
    await waitFor(() => root.querySelector('[part="section"] > yx-ssh-keys'));
    expect(content.dataset.status).to.equal('ready');
    expect(root.querySelector('[part="content"] [part="spinner"]')).to.equal(null);
  });

  it('shows an error with Retry when a section bundle fails, and loads it again', async () => {
    const api = await mockApi([appsRoute(['packages']), noHelpRoute]);
    const loader = controlledLoader();
    const { root } = await mountShell(
      { section: 'packagesCredential', loadSection: loader.load },
      { host: api.host, locale: 'zh_CN' },
    );
    await waitFor(() => loader.pending.length === 1);
    loader.pending[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    const result = (await waitFor(() => root.querySelector<HTMLElement>('[part="content"] [part="result"]')))!;
    expect(result.dataset.status).to.equal('error');
    expect(result.querySelector('[part="result-title"]')!.textContent).to.equal('“制品仓库凭证”加载失败');
    expect(root.querySelector('yx-package-credential')).to.equal(null);
    expect(root.querySelector('nav'), 'the shell stays').to.exist;
    result.querySelector('button')!.click();
    await waitFor(() => loader.pending.length === 2, { message: 'a second try' });
    expect(root.querySelector('[part="content"] [part="spinner"]')).to.exist;
    loader.pending[1]!.resolve();
    await waitFor(() => root.querySelector('yx-package-credential'));
    expect(root.querySelector('[part="content"] [part="result"]')).to.equal(null);
  });

  it('swaps the section element when the section changes', async () => {
    const api = await mockApi([appsRoute([]), noHelpRoute]);
    const { root, rerender, loader } = await mountShell({ section: 'profile' }, { host: api.host });
    await waitFor(() => root.querySelector('yx-profile'));
    const { SettingsShell } = await import('../../../src/features/settings/SettingsShell');
    const { createElement } = await import('react');
    await rerender(createElement(SettingsShell, { section: 'third-party', loadSection: loader.load }));
    await waitFor(() => root.querySelector('yx-third-party-bindings'));
    await settle();
    expect(root.querySelector('yx-profile')).to.equal(null);
    expect(root.querySelectorAll('[part="section"] > *')).to.have.length(1);
    expect(root.querySelector('[aria-current="page"]')!.getAttribute('data-key')).to.equal('third-party');
  });
});
