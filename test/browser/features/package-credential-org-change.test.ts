/** `<yx-package-credential>` follows a runtime change of the organization (`org-id` or
 * `configure({ organizationId })`): the old organization's credential (or error) goes at once,
 * the new one loads, and a late answer for the old organization is never shown. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-package-credential';
import { configure, resetConfiguration } from '../../../src/core/settings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { USER_INFO_PATH, callsMatching, userInfoRoute } from './package-credential-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const username = (el: Element) => ($(el, '[part~="username-value"]') as HTMLInputElement | null)?.value;
const status = (el: Element) => $(el, '[part="package-credential"]')!.dataset.status;
const tenants = async (api: Awaited<ReturnType<typeof mockApi>>) =>
  (await callsMatching(api, (c) => c.path === USER_INFO_PATH)).map((c) => c.headers['x-tenant-id']);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('<yx-package-credential> organization change', () => {
  afterEach(() => {
    resetConfiguration();
    document.body.innerHTML = '';
  });

  it('drops the old credential at once and loads the new organization’s', async () => {
    const api = await mockApi([userInfoRoute('alpha-user')]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US', 'org-id': 'org-a' });
    await waitFor(() => username(el) === 'alpha-user', { message: 'the first credential' });
    await api.define([{ ...userInfoRoute('beta-user'), delayMs: 400 }]);
    el.setAttribute('org-id', 'org-b');
    await waitFor(() => status(el) === 'loading', { message: 'loading the new organization' });
    expect(username(el), 'the old username is gone').to.equal(undefined);
    await waitFor(() => username(el) === 'beta-user', { message: 'the new credential' });
    expect(await tenants(api), 'define() forgot the first call').to.deep.equal(['org-b']);
  });

  it('replaces an error of the old organization, and ignores its late answer', async () => {
    const api = await mockApi([
      userInfoRoute('beta-user'),
      { method: 'GET', path: USER_INFO_PATH, status: 403, body: { code: 'Forbidden' }, times: 1 },
    ]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US', 'org-id': 'org-a' });
    await waitFor(() => status(el) === 'error', { message: 'the first error' });
    // The next answer for org-a is slow: the switch to org-b must win over it.
    await api.define([userInfoRoute('beta-user'), { ...userInfoRoute('alpha-user'), delayMs: 700, times: 1 }]);
    el.setAttribute('org-id', 'org-a2');
    await waitFor(() => status(el) === 'loading', { message: 'loading again' });
    el.setAttribute('org-id', 'org-b');
    await waitFor(() => username(el) === 'beta-user', { message: 'the new credential' });
    await pause(900);
    expect(username(el), 'the late answer for the old organization is not shown').to.equal('beta-user');
    expect(await tenants(api)).to.have.members(['org-a2', 'org-b']);
  });

  it('follows configure({ organizationId })', async () => {
    configure({ organizationId: 'org-a' });
    const api = await mockApi([userInfoRoute('alpha-user')]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
    await waitFor(() => username(el) === 'alpha-user', { message: 'the first credential' });
    await api.define([userInfoRoute('beta-user')]);
    configure({ organizationId: 'org-b' });
    await waitFor(() => username(el) === 'beta-user', { message: 'the new credential' });
    expect(await tenants(api), 'define() forgot the first call').to.deep.equal(['org-b']);
  });
});
