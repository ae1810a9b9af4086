import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { $, ME, PASSWORD, REBIND, UNBIND, callsMatching, me, toasts } from './profile-fixtures';

const ADDRESS = 'lin@example.com';
const NEW = 'wei@example.com';
const click = (el: Element, selector: string) => ($(el, selector) as HTMLButtonElement).click();

/** The action fails once, then goes through when the user tries again: the success takes the
 * failure's place instead of showing beside it (mock routes: the newest definition wins). */
async function failThenSucceed(el: Element, api: Awaited<ReturnType<typeof mockApi>>, path: string, act: () => void) {
  act();
  await waitFor(() => toasts(el).length > 0, { message: 'the error toast' });
  const [failure] = toasts(el);
  expect($(el, '[part="toast"]')!.getAttribute('data-tone')).to.equal('error');
  act();
  await callsMatching(api, (c) => c.path === path, 2);
  await waitFor(() => toasts(el)[0] !== failure, { message: 'the success toast' });
  return toasts(el);
}

describe('<yx-profile> a retried action shows its success alone', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('changing the password', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me() },
      { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: 0 } },
      { method: 'PUT', path: PASSWORD, status: 500, body: { code: 'internal_error' }, times: 1 },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="password-form"]'), { message: 'the password form' });
    for (const [name, text] of [
      ['old_password', 'Old-pass1'],
      ['new_password', 'New-pass2@'],
      ['confirm_password', 'New-pass2@'],
    ] as const) {
      ($(el, `input[name="${name}"]`) as HTMLInputElement).focus();
      await sendKeys({ type: text });
    }
    const shown = await failThenSucceed(el, api, PASSWORD, () =>
      click(el, '[part="password-form"] [part~="submit-button"]'),
    );
    expect(shown).to.deep.equal(['Password changed']);
  });

  it('unbinding the email', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: true } }) },
      { method: 'POST', path: UNBIND, body: {} },
      { method: 'POST', path: UNBIND, status: 500, body: { code: 'internal_error' }, times: 1 },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    (await waitFor(() => $(el, '[part~="unbind-button"]')))!.click();
    await waitFor(() => $(el, '[part~="confirm-button"]'), { message: 'the confirmation' });
    // A failure keeps the confirmation open: its button is the retry.
    const shown = await failThenSucceed(el, api, UNBIND, () => click(el, '[part~="confirm-button"]'));
    expect(shown).to.deep.equal(['Email address unbound']);
  });

  it('resending the verification email', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: false } }) },
      { method: 'POST', path: REBIND, body: {} },
      { method: 'POST', path: REBIND, status: 502, body: { code: 'email_send_failed' }, times: 1 },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="resend-button"]'), { message: 'the Resend button' });
    const shown = await failThenSucceed(el, api, REBIND, () => click(el, '[part~="resend-button"]'));
    expect(shown).to.deep.equal([`A verification email was sent to ${ADDRESS}`]);
  });

  it('cancelling an email change', async () => {
    const waiting = { address: ADDRESS, verified: true, pending: { address: NEW, expired: false } };
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: waiting }) },
      { method: 'POST', path: UNBIND, body: { email: { address: ADDRESS, verified: true } } },
      { method: 'POST', path: UNBIND, status: 500, body: { code: 'internal_error' }, times: 1 },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="cancel-change-button"]'), { message: 'the Cancel change button' });
    const shown = await failThenSucceed(el, api, UNBIND, () => click(el, '[part~="cancel-change-button"]'));
    expect(shown).to.deep.equal([`The change to “${NEW}” was canceled`]);
  });
});
