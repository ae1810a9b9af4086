import { expect } from '@open-wc/testing';
import '../../../elements/yx-settings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { appsRoute, noHelpRoute } from './settings-fixtures';

// No stand-ins here: the real section bundles load through the element's dynamic imports.
describe('<yx-settings> section bundles', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('loads only the bundle of the section on screen, and creates the real element', async () => {
    expect(customElements.get('yx-profile'), 'not loaded up front').to.equal(undefined);
    const api = await mockApi([appsRoute(['codeup', 'packages']), noHelpRoute]);
    const el = await mountElement('yx-settings', {
      host: api.host,
      locale: 'zh_CN',
      'org-id': 'org-1',
      flavour: 'standard',
      section: 'profile',
    });
    const profile = (await waitFor(() => el.shadowRoot!.querySelector('[part="section"] > yx-profile'), {
      timeout: 10_000,
      message: 'the profile element',
    }))!;
    expect(customElements.get('yx-profile')).to.not.equal(undefined);
    expect(profile.shadowRoot, 'the real element').to.not.equal(null);
    expect(profile.getAttribute('locale')).to.equal('zh_CN');
    expect(profile.getAttribute('org-id')).to.equal('org-1');
    expect(profile.getAttribute('host')).to.equal(api.host);
    for (const tag of ['yx-token-manager', 'yx-ssh-keys', 'yx-package-credential', 'yx-third-party-bindings']) {
      expect(customElements.get(tag), `${tag} waits until its section is shown`).to.equal(undefined);
    }
  });
});
