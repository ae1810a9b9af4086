/** `<yx-ssh-keys>` follows a runtime change of the organization (`org-id` or
 * `configure({ organizationId })`): the old organization's list (or error) goes at once, the new
 * one loads, and a late answer for the old organization is never shown. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { configure, resetConfiguration } from '../../../src/core/settings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { KEYS_PATH, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const titles = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('tr[part="table-row"] [part="key-title"]')].map((e) => e.textContent).join();
const status = (el: Element) => $(el, '[part="ssh-keys"]')!.dataset.status;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tenants = async (api: Awaited<ReturnType<typeof mockApi>>) =>
  (await api.calls()).filter((c) => c.method === 'GET' && c.path === KEYS_PATH).map((c) => c.headers['x-tenant-id']);

describe('<yx-ssh-keys> organization change', () => {
  afterEach(() => {
    resetConfiguration();
    document.body.innerHTML = '';
  });

  it('drops the old list at once and loads the new organization’s', async () => {
    const api = await mockApi([listRoute([sshKey(1, { title: 'alpha-key' })])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US', 'org-id': 'org-a' });
    await waitFor(() => titles(el) === 'alpha-key', { message: 'the first list' });
    await api.define([{ ...listRoute([sshKey(2, { title: 'beta-key' })]), delayMs: 400 }]);
    el.setAttribute('org-id', 'org-b');
    await waitFor(() => status(el) === 'loading', { message: 'loading the new organization' });
    expect(titles(el), 'the old keys are gone').to.equal('');
    await waitFor(() => titles(el) === 'beta-key', { message: 'the new list' });
    expect(await tenants(api), 'define() forgot the first call').to.deep.equal(['org-b']);
  });

  it('replaces an error of the old organization, and ignores its late answer', async () => {
    const api = await mockApi([
      listRoute([sshKey(2, { title: 'beta-key' })]),
      { method: 'GET', path: KEYS_PATH, status: 403, body: { code: 'Forbidden' }, times: 1 },
    ]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US', 'org-id': 'org-a' });
    await waitFor(() => status(el) === 'error', { message: 'the first error' });
    await api.define([
      listRoute([sshKey(2, { title: 'beta-key' })]),
      { ...listRoute([sshKey(1, { title: 'alpha-key' })]), delayMs: 700, times: 1 },
    ]);
    el.setAttribute('org-id', 'org-a2');
    await waitFor(() => status(el) === 'loading', { message: 'loading again' });
    el.setAttribute('org-id', 'org-b');
    await waitFor(() => titles(el) === 'beta-key', { message: 'the new list' });
    await pause(900);
    expect(titles(el), 'the late answer for the old organization is not shown').to.equal('beta-key');
    expect(await tenants(api)).to.have.members(['org-a2', 'org-b']);
  });

  it('follows configure({ organizationId })', async () => {
    configure({ organizationId: 'org-a' });
    const api = await mockApi([listRoute([sshKey(1, { title: 'alpha-key' })])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await waitFor(() => titles(el) === 'alpha-key', { message: 'the first list' });
    await api.define([listRoute([sshKey(2, { title: 'beta-key' })])]);
    configure({ organizationId: 'org-b' });
    await waitFor(() => titles(el) === 'beta-key', { message: 'the new list' });
    expect(await tenants(api), 'define() forgot the first call').to.deep.equal(['org-b']);
  });
});
