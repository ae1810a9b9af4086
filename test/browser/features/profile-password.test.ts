import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, $$, ME, PASSWORD, callsMatching, me, toasts } from './profile-fixtures';

const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;
const errorOf = (el: Element, name: string) =>
  input(el, name).closest('[part="field"]')!.querySelector('[part="error"]')!.textContent;
const rules = (el: Element) =>
  Object.fromEntries($$(el, '[part="password-rule"]').map((r) => [r.dataset.rule, r.dataset.state]));
const submit = async (el: Element) => {
  ($(el, '[part="password-form"] [part~="submit-button"]') as HTMLButtonElement).click();
  await settle();
};

async function type(el: Element, name: string, text: string) {
  input(el, name).focus();
  await sendKeys({ type: text });
}

async function mountWith(routes: Parameters<typeof mockApi>[0], locale = 'en_US') {
  const api = await mockApi(routes);
  const el = await mountElement('yx-profile', { host: api.host, locale });
  await waitFor(() => $(el, '[part="password-form"]'), { message: 'the password form' });
  return { api, el };
}

describe('<yx-profile> password', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('ticks the rules off as the new password is typed', async () => {
    const { el } = await mountWith([{ method: 'GET', path: ME, body: me() }]);
    const newPassword = input(el, 'new_password');
    const list = el.shadowRoot!.getElementById(newPassword.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(list.getAttribute('part')).to.equal('password-rules');
    expect(Object.values(rules(el))).to.deep.equal(['unmet', 'unmet', 'unmet', 'unmet', 'unmet']);
    await type(el, 'new_password', 'abc');
    expect(rules(el)).to.deep.equal({ length: 'unmet', letter: 'met', digit: 'unmet', symbol: 'unmet', chars: 'met' });
    expect($$(el, '[part="password-rule"]')[1]!.textContent).to.equal('Contains a letter (met)');
    await sendKeys({ type: '12345@' });
    expect(Object.values(rules(el))).to.deep.equal(['met', 'met', 'met', 'met', 'met']);
    await sendKeys({ type: '中' });
    expect(rules(el).chars).to.equal('unmet');
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('shows and hides each password with its toggle', async () => {
    const { el } = await mountWith([{ method: 'GET', path: ME, body: me() }]);
    const toggle = input(el, 'old_password').parentElement!.querySelector(
      '[part~="reveal-button"]',
    ) as HTMLButtonElement;
    expect(toggle.getAttribute('aria-label')).to.equal('Show Current password');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await settle();
    expect(input(el, 'old_password').type).to.equal('text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(input(el, 'new_password').type).to.equal('password');
    toggle.click();
    await settle();
    expect(input(el, 'old_password').type).to.equal('password');
  });

  it('explains every missing or wrong field before sending anything', async () => {
    const { api, el } = await mountWith([{ method: 'GET', path: ME, body: me() }]);
    await submit(el);
    expect(errorOf(el, 'old_password')).to.equal('Enter your current password');
    expect(errorOf(el, 'new_password')).to.equal('Enter a password');
    expect(errorOf(el, 'confirm_password')).to.equal('Enter the new password again');
    expect(deepActiveElement()).to.equal(input(el, 'old_password'));
    await expectNoAxeViolations(el.shadowRoot!);

    await type(el, 'old_password', 'Old-pass1');
    await type(el, 'new_password', 'short1@');
    await type(el, 'confirm_password', 'short1');
    await submit(el);
    expect(errorOf(el, 'new_password')).to.equal('The password must be at least 8 characters');
    expect(errorOf(el, 'confirm_password')).to.equal('The passwords do not match');
    expect(deepActiveElement()).to.equal(input(el, 'new_password'));
    expect((await api.calls()).some((c) => c.path === PASSWORD)).to.equal(false);
  });

  it('refuses a new password equal to the current one (in Chinese)', async () => {
    const { api, el } = await mountWith([{ method: 'GET', path: ME, body: me() }], 'zh_CN');
    await type(el, 'old_password', 'Same-pass1');
    await type(el, 'new_password', 'Same-pass1');
    await type(el, 'confirm_password', 'Same-pass1');
    await submit(el);
    expect(errorOf(el, 'new_password')).to.equal('新密码不能与当前密码相同');
    expect((await api.calls()).some((c) => c.path === PASSWORD)).to.equal(false);
  });

  it('changes the password, clears the fields and says how many sessions were signed out', async () => {
    const { api, el } = await mountWith([
      { method: 'GET', path: ME, body: me() },
      { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: 2 } },
    ]);
    const updates: unknown[] = [];
    el.addEventListener('yx-profile-update', (e) => updates.push(e.detail));
    await type(el, 'old_password', 'Old-pass1');
    await type(el, 'new_password', 'New-pass2@');
    await type(el, 'confirm_password', 'New-pass2@');
    await sendKeys({ press: 'Enter' });
    const [call] = await callsMatching(api, (c) => c.path === PASSWORD);
    expect(call!.method).to.equal('PUT');
    expect(call!.body).to.deep.equal({ new_password: 'New-pass2@', old_password: 'Old-pass1' });
    expect(call!.headers['user_agent']).to.equal(navigator.userAgent);
    expect(call!.headers['umid-token']).to.match(/^[0-9a-f]{32}$/);
    await waitFor(() => toasts(el).includes('Password changed. 2 other sessions were signed out.'));
    for (const name of ['old_password', 'new_password', 'confirm_password']) expect(input(el, name).value).to.equal('');
    expect(errorOf(el, 'new_password')).to.equal('');
    expect(updates).to.deep.equal([{ field: 'password' }]);
  });

  for (const [locale, signedOut, message] of [
    ['en_US', 1, 'Password changed. 1 other session was signed out.'],
    ['en_US', 0, 'Password changed'],
    ['zh_CN', 1, '密码已修改，其他 1 处登录已退出'],
    ['zh_CN', 0, '密码已修改'],
  ] as const) {
    it(`says "${message}" when ${signedOut} other sessions were signed out (${locale})`, async () => {
      const { api, el } = await mountWith(
        [
          { method: 'GET', path: ME, body: me() },
          { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: signedOut } },
        ],
        locale,
      );
      await type(el, 'old_password', 'Old-pass1');
      await type(el, 'new_password', 'New-pass2@');
      await type(el, 'confirm_password', 'New-pass2@');
      await submit(el);
      await callsMatching(api, (c) => c.path === PASSWORD);
      await waitFor(() => toasts(el).length > 0, { message: 'the success toast' });
      expect(toasts(el)).to.deep.equal([message]);
    });
  }

  it('keeps the same device id across password changes', async () => {
    const { api, el } = await mountWith([
      { method: 'GET', path: ME, body: me() },
      { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: 0 } },
    ]);
    for (let i = 0; i < 2; i++) {
      await type(el, 'old_password', `Old-pass${i}`);
      await type(el, 'new_password', 'New-pass2@');
      await type(el, 'confirm_password', 'New-pass2@');
      await submit(el);
      await callsMatching(api, (c) => c.path === PASSWORD, i + 1);
      await waitFor(() => input(el, 'new_password').value === '');
    }
    const [first, second] = (await api.calls()).filter((c) => c.path === PASSWORD);
    expect(first!.headers['umid-token']).to.equal(second!.headers['umid-token']);
  });

  it('puts "check current password" on the current password field', async () => {
    const { el } = await mountWith([
      { method: 'GET', path: ME, body: me() },
      { method: 'PUT', path: PASSWORD, status: 400, body: { code: 'password_incorrect', message: 'wrong' } },
    ]);
    await type(el, 'old_password', 'Wrong-pass1');
    await type(el, 'new_password', 'New-pass2@');
    await type(el, 'confirm_password', 'New-pass2@');
    await submit(el);
    await waitFor(() => errorOf(el, 'old_password') === 'The current password is incorrect');
    expect(toasts(el)).to.deep.equal(['Failed to change the password. Check your current password.']);
    expect(input(el, 'old_password').getAttribute('aria-invalid')).to.equal('true');
    expect(deepActiveElement()).to.equal(input(el, 'old_password'));
    expect(input(el, 'new_password').value, 'the rest is kept').to.equal('New-pass2@');
  });

  it('puts the server refusals of the new password on the new password field', async () => {
    const { api, el } = await mountWith([
      { method: 'GET', path: ME, body: me() },
      {
        method: 'PUT',
        path: PASSWORD,
        status: 400,
        body: { code: 'invalid_request', field: 'new_password', message: 'Too common' },
      },
      { method: 'PUT', path: PASSWORD, status: 400, body: { code: 'password_same_as_old', message: 'same' }, times: 1 },
    ]);
    await type(el, 'old_password', 'Old-pass1');
    await type(el, 'new_password', 'Old-pass1!');
    await type(el, 'confirm_password', 'Old-pass1!');
    await submit(el);
    await waitFor(() => errorOf(el, 'new_password') === 'The new password must differ from the current password');
    await submit(el);
    await callsMatching(api, (c) => c.path === PASSWORD, 2);
    await waitFor(() => errorOf(el, 'new_password') === 'Too common');
    expect(toasts(el)).to.include('Failed to change the password: Too common');
  });

  describe('given a user without a password', () => {
    it('sets one without asking for a current password', async () => {
      const { api, el } = await mountWith([
        { method: 'GET', path: ME, body: me({ has_password: false }) },
        { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: 0 } },
      ]);
      expect(input(el, 'old_password')).to.equal(null);
      expect($(el, '[part="password"] h3')!.textContent).to.equal('Set a password');
      await type(el, 'new_password', 'New-pass2@');
      await type(el, 'confirm_password', 'New-pass2@');
      await submit(el);
      const [call] = await callsMatching(api, (c) => c.path === PASSWORD);
      expect(call!.body).to.deep.equal({ new_password: 'New-pass2@' });
      await waitFor(() => input(el, 'old_password'), { message: 'the current password field, now there is one' });
      expect($(el, '[part="password"] h3')!.textContent).to.equal('Change password');
    });
  });
});
