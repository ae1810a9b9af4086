import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import {
  $,
  $$,
  NEW_CSRF,
  PRE_CSRF,
  baseRoutes,
  fieldErrors,
  formError,
  input,
  logins,
  refusal,
  signIn,
  typeInto,
  untilCalls,
  useNavigationCapture,
  userPath,
} from './login-fixtures';

const RESET = userPath('password:reset');
const forcedRoutes = [
  ...baseRoutes,
  { method: 'PUT', path: RESET, body: {} },
  refusal(403, 'password_change_required'),
];
const resets = (calls: MockCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === RESET);
const rules = (el: Element) =>
  Object.fromEntries($$(el, '[part="password-rule"]').map((r) => [r.dataset.rule, r.dataset.state]));
const submit = (el: Element) => ($(el, '[part="forced-change"] [part~="submit-button"]') as HTMLButtonElement).click();

async function showForcedChange(el: Element) {
  await signIn(el, 'alice', 'Old#pass1');
  await waitFor(() => $(el, '[part="forced-change"]'), { message: 'the set-password step' });
}

describe('<yx-login> forced password change', () => {
  const nav = useNavigationCapture();

  it('checks the rules live as the new password is typed', async () => {
    const api = await mockApi(forcedRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showForcedChange(el);
    expect($(el, '[part="forced-change"] [part="step-title"]')!.textContent).to.equal('Set Password');
    expect(deepActiveElement()).to.equal(input(el, 'new_password'));
    expect(rules(el)).to.deep.equal({
      length: 'unmet',
      letter: 'unmet',
      digit: 'unmet',
      symbol: 'unmet',
      chars: 'unmet',
    });
    await sendKeys({ type: 'abc' });
    expect(rules(el)).to.deep.equal({ length: 'unmet', letter: 'met', digit: 'unmet', symbol: 'unmet', chars: 'met' });
    await sendKeys({ type: 'def12#' });
    expect(rules(el)).to.deep.equal({ length: 'met', letter: 'met', digit: 'met', symbol: 'met', chars: 'met' });
    // The checklist describes the field for screen readers.
    const rulesId = $(el, '[part="password-rules"]')!.id;
    expect(input(el, 'new_password').getAttribute('aria-describedby')).to.contain(rulesId);
  });

  it('refuses a confirmation that does not match, or the same password again', async () => {
    const api = await mockApi(forcedRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showForcedChange(el);
    await sendKeys({ type: 'New#pass2' });
    await typeInto(el, 'confirm_password', 'New#pass3');
    submit(el);
    await settle();
    expect(fieldErrors(el)).to.deep.equal(['The passwords do not match']);
    expect(deepActiveElement()).to.equal(input(el, 'confirm_password'));

    input(el, 'new_password').select();
    input(el, 'new_password').focus();
    await sendKeys({ type: 'Old#pass1' });
    submit(el);
    await settle();
    expect(fieldErrors(el)[0]).to.equal('The new password must differ from the current password');
    expect(resets(await api.calls())).to.have.length(0);
  });

  it('sets the new password with the one just typed as the old one, then signs in again by itself', async () => {
    const api = await mockApi(forcedRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    const details: Array<{ csrfToken: string }> = [];
    el.addEventListener('yx-login', (e) => details.push(e.detail));
    await showForcedChange(el);
    await sendKeys({ type: 'New#pass2' });
    await typeInto(el, 'confirm_password', 'New#pass2');
    await sendKeys({ press: 'Enter' });
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the automatic sign-in');
    const [reset] = resets(calls);
    expect(reset!.body).to.deep.equal({ old_password: 'Old#pass1', new_password: 'New#pass2' });
    expect(reset!.headers['x-csrf-token']).to.equal(PRE_CSRF);
    expect(reset!.headers['umid-token']).to.equal(logins(calls)[0]!.headers['umid-token']);
    expect(reset!.headers['user_agent']).to.equal(navigator.userAgent);
    expect(logins(calls)[1]!.body).to.deep.equal({ username: 'alice', password: 'New#pass2' });
    await waitFor(() => details.length === 1);
    expect(details[0]!.csrfToken).to.equal(NEW_CSRF);
    expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/settings/profile`]);
  });

  it('says so when the server refuses the new password (zh_CN)', async () => {
    const api = await mockApi([
      ...forcedRoutes,
      { method: 'PUT', path: RESET, status: 400, body: { code: 'password_reused', message: '不能使用最近用过的密码' } },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await showForcedChange(el);
    await sendKeys({ type: 'New#pass2' });
    await typeInto(el, 'confirm_password', 'New#pass2');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('密码设置失败：不能使用最近用过的密码');
    expect(logins(await api.calls())).to.have.length(1);
  });
});
