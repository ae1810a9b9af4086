import { expect } from '@open-wc/testing';
import '../../../elements/yx-package-credential';
import '../../../elements/yx-ssh-keys';
import '../../../elements/yx-third-party-bindings';
import '../../../elements/yx-token-manager';
import { mockApi, mountElement, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import type { MockCall, MockRoute } from '../fixtures/harness';
import { GENERATED, PASSWORD_PATH, generateRoute, userInfoRoute } from './package-credential-fixtures';
import { KEYS_PATH, listRoute, sshKey } from './ssh-keys-fixtures';
import { aliceDingTalk, identitiesRoute, identityPath, providersRoute } from './third-party-fixtures';
import { SEARCH, TOKENS, page, token } from './tokens-fixtures';

// The token manager keeps drafts in localStorage; files run side by side.
useOwnLocalStorage();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);
const failure: Omit<MockRoute, 'method' | 'path'> = {
  status: 500,
  body: { code: 'x', message: 'x', requestId: 'r1' },
  times: 1,
};

async function countCalls(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n: number) {
  await waitFor(async () => (await api.calls()).filter(match).length >= n, { message: `${n} call(s)` });
}

/** Opens the confirmation with `open`, confirms and fails, confirms again (the confirmation stays
 * open after a failure: its button is the retry) and succeeds. Returns the toasts then shown. */
async function failThenRetry(el: Element, api: Awaited<ReturnType<typeof mockApi>>, method: string, open: () => void) {
  open();
  await waitFor(() => $(el, '[part~="confirm"] [part~="confirm-button"]'), { message: 'the confirmation' });
  $(el, '[part~="confirm-button"]')!.click();
  await waitFor(() => toasts(el).length > 0, { message: 'the error toast' });
  expect($(el, '[part="toast"]')!.dataset.tone).to.equal('error');
  $(el, '[part~="confirm-button"]')!.click();
  await countCalls(api, (c) => c.method === method, 2);
  await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
  return toasts(el);
}

describe('a confirmed action that failed, then went through on retry, shows only the success', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('<yx-token-manager> deleting a token', async () => {
    const api = await mockApi([
      { method: 'POST', path: SEARCH, body: page([token('t1', { name: 'ci' })]) },
      { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
      { method: 'DELETE', path: `${TOKENS}/:id`, ...failure },
    ]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    const button = (await waitFor(() => $(el, 'tr[part="table-row"] [part~="delete-button"]')))!;
    expect(await failThenRetry(el, api, 'DELETE', () => button.click())).to.deep.equal(['Deleted successfully']);
  });

  it('<yx-ssh-keys> deleting a key', async () => {
    const api = await mockApi([
      listRoute([sshKey(11, { title: 'work laptop' })]),
      { method: 'DELETE', path: `${KEYS_PATH}/:id`, body: {} },
      { method: 'DELETE', path: `${KEYS_PATH}/:id`, ...failure },
    ]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    const button = (await waitFor(() => $(el, 'tr[part="table-row"] [part~="delete-button"]')))!;
    expect(await failThenRetry(el, api, 'DELETE', () => button.click())).to.deep.equal(['Deleted successfully']);
  });

  it('<yx-third-party-bindings> unbinding an account', async () => {
    const api = await mockApi([
      providersRoute(),
      identitiesRoute([aliceDingTalk]),
      { method: 'DELETE', path: identityPath(':provider'), body: { provider: 'dingtalk' } },
      { method: 'DELETE', path: identityPath(':provider'), ...failure },
    ]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
    const button = (await waitFor(() => $(el, '[data-provider="dingtalk"] [part~="unbind-button"]')))!;
    expect(await failThenRetry(el, api, 'DELETE', () => button.click())).to.deep.equal(['DingTalk account unbound']);
  });

  // Its success is the new password on screen, not a toast: the failure's toast goes.
  it('<yx-package-credential> resetting the password', async () => {
    const api = await mockApi([userInfoRoute(), generateRoute(), { method: 'POST', path: PASSWORD_PATH, ...failure }]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
    const button = (await waitFor(() => $(el, '[part~="reset-button"]')))!;
    expect(await failThenRetry(el, api, 'POST', () => button.click())).to.deep.equal([]);
    expect(($(el, '[part~="password-value"]') as HTMLInputElement).value).to.equal(GENERATED);
  });
});
