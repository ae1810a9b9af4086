import { expect } from '@open-wc/testing';
import '../../../elements/yx-settings';
import '../../../elements/yx-org-switcher';
import type { YxSettings } from '../../../elements/yx-settings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { appsRoute, captureEvents, defineFakeSections, noHelpRoute } from './settings-fixtures';

defineFakeSections();

type OrgChange = { organizationId: string; url: string };
const withNext = (url: string) => `${url}?nextUrl=${encodeURIComponent(location.href)}`;

async function mountSettings() {
  const api = await mockApi([appsRoute([]), noHelpRoute]);
  const el = await mountElement<YxSettings>('yx-settings', { host: api.host, locale: 'en_US', section: 'profile' });
  await waitFor(() => el.shadowRoot!.querySelector('yx-profile'), { message: 'the section' });
  return el;
}

/** What an element inside the shell (an org switcher, a section) fires after a switch. */
const innerChange = (detail: OrgChange, cancelable = true) =>
  new CustomEvent('yx-org-change', { detail, bubbles: true, composed: true, cancelable });

describe('<yx-settings> organization change', () => {
  let changes: ReturnType<typeof captureEvents<OrgChange>>;
  beforeEach(() => {
    changes = captureEvents<OrgChange>('yx-org-change');
  });
  afterEach(() => {
    changes.stop();
    document.body.innerHTML = '';
  });

  it('takes over a change fired inside and announces the url with nextUrl = the current address', async () => {
    const el = await mountSettings();
    const inner = el.shadowRoot!.querySelector('yx-profile')!;
    const event = innerChange({ organizationId: 'org-2', url: '/workbench' });
    const proceeded = inner.dispatchEvent(event);
    expect(proceeded, 'the inner element must not navigate itself').to.equal(false);
    expect(changes.details, 'only the shell’s event reaches the page').to.deep.equal([
      { organizationId: 'org-2', url: withNext('/workbench') },
    ]);
  });

  it('takes over a change from an org switcher the host put in the top-bar slot', async () => {
    const el = await mountSettings();
    const slotted = document.createElement('div');
    slotted.slot = 'top-bar';
    el.append(slotted);
    slotted.dispatchEvent(innerChange({ organizationId: 'org-3', url: '/' }));
    expect(changes.details).to.deep.equal([{ organizationId: 'org-3', url: withNext('/') }]);
  });

  it('takes over a real <yx-org-switcher> in the top bar after it saved the workspace', async () => {
    const el = await mountSettings();
    const api = await mockApi([
      {
        method: 'POST',
        path: '/individual/proxy/my/organizations',
        body: {
          organizations: [
            { _id: 'org-1', name: 'Acme', logo: '', current: true },
            { _id: 'org-9', name: 'Beta', logo: '' },
          ],
          pages: {},
        },
      },
      { method: 'PUT', path: '/uiless/api/sdk/users/lastWorkspace', body: {} },
    ]);
    const switcher = document.createElement('yx-org-switcher');
    switcher.slot = 'top-bar';
    switcher.setAttribute('host', api.host);
    switcher.setAttribute('next-url', '/workbench');
    el.append(switcher);
    const beta = (await waitFor(() => switcher.shadowRoot!.querySelector<HTMLElement>('[data-id="org-9"]')))!;
    beta.click();
    await waitFor(() => changes.details.length === 1, { message: 'the shell’s yx-org-change' });
    expect(changes.details).to.deep.equal([{ organizationId: 'org-9', url: withNext('/workbench') }]);
    expect((await api.calls()).filter((c) => c.method === 'PUT')).to.have.length(1);
  });

  it('switches through changeOrganization(), keeping other URLs to this origin', async () => {
    const el = await mountSettings();
    el.changeOrganization('org-4', '/projex?tab=mine');
    el.changeOrganization('org-5', 'https://evil.example/steal');
    el.changeOrganization('org-6');
    expect(changes.details).to.deep.equal([
      { organizationId: 'org-4', url: `/projex?tab=mine&nextUrl=${encodeURIComponent(location.href)}` },
      { organizationId: 'org-5', url: withNext('/') },
      { organizationId: 'org-6', url: withNext('/') },
    ]);
  });

  it('leaves a change the inner element does not let anyone cancel alone', async () => {
    const el = await mountSettings();
    const inner = el.shadowRoot!.querySelector('yx-profile')!;
    inner.dispatchEvent(innerChange({ organizationId: 'org-7', url: '/' }, false));
    expect(changes.details).to.deep.equal([{ organizationId: 'org-7', url: '/' }]);
  });

  it('goes to the url itself when the host does not take over', async () => {
    changes.stop();
    changes = captureEvents<OrgChange>('yx-org-change', { cancel: false });
    const before = location.href;
    try {
      const el = await mountSettings();
      el.changeOrganization('org-8', '#/users/switch/org-8/app-entry');
      const expected = `#/users/switch/org-8/app-entry?nextUrl=${encodeURIComponent(before)}`;
      expect(changes.details).to.deep.equal([{ organizationId: 'org-8', url: expected }]);
      expect(location.hash).to.equal(expected);
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
