import { expect } from '@open-wc/testing';
import '../../../elements/yx-login';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  $,
  ALICE,
  NEW_CSRF,
  baseRoutes,
  captureNavigation,
  fieldErrors,
  input,
  logins,
  refusal,
  untilCalls,
  userPath,
} from '../features/login-fixtures';
import { expectFocusRing, expectFocused, focusLandsOn, pageStart, press, shiftTab, tabTo, type } from './keys';

const VERIFY = userPath('emailCaptcha:verify');

describe('<yx-login> with the keyboard alone', () => {
  let nav: ReturnType<typeof captureNavigation>;
  beforeEach(() => {
    nav = captureNavigation();
  });
  afterEach(() => {
    nav.stop();
    document.body.innerHTML = '';
  });

  it('signs in: account, password (shown once to check it), then Enter on the button', async () => {
    const api = await mockApi(baseRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    const signIns: unknown[] = [];
    el.addEventListener('yx-login', (e) => signIns.push((e as CustomEvent).detail));
    await waitFor(() => input(el, 'username'), { message: 'the form' });

    pageStart();
    await press('Tab');
    expectFocused(input(el, 'username'), 'the account field');
    expectFocusRing();

    // Enter on the empty form: both fields explain, focus stays on the first.
    await press('Enter');
    expect(fieldErrors(el)).to.have.length(2);
    expectFocused(input(el, 'username'), 'the account field');
    expect(input(el, 'username').getAttribute('aria-invalid')).to.equal('true');

    await type('alice');
    await press('Tab');
    expectFocused(input(el, 'password'), 'the password field');
    expectFocusRing();
    await type('Secret#123');
    await press('Tab');
    const toggle = expectFocused($(el, '[part~="password-toggle"]'), 'Show password');
    expectFocusRing();
    await press('Space');
    expect(input(el, 'password').type).to.equal('text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    await press('Space');
    expect(input(el, 'password').type).to.equal('password');

    await press('Tab');
    expectFocused($(el, '[part~="submit-button"]'), 'Sign in');
    expectFocusRing();
    await press('Tab');
    expectFocused($(el, '[part="forgot-link"]'), 'Forgot password');
    expectFocusRing();
    await shiftTab();
    await press('Enter');
    const calls = await untilCalls(api, (c) => logins(c).length === 1, 'the login call');
    expect(logins(calls)[0]!.body).to.deep.include({ username: 'alice' });
    await waitFor(() => signIns.length === 1, { message: 'yx-login' });
  });

  it('enters the mailed code, hears a wrong one, and goes back to the password with focus kept', async () => {
    const api = await mockApi([
      ...baseRoutes,
      { method: 'POST', path: VERIFY, body: { user: ALICE, csrfToken: NEW_CSRF } },
      { method: 'POST', path: VERIFY, status: 400, body: { code: 'code_incorrect', message: 'x' }, times: 1 },
      { method: 'POST', path: userPath('emailCaptcha'), body: {} },
      refusal(403, 'email_verification_required', { email: 'd***@example.com' }),
      refusal(403, 'email_verification_required', { email: 'd***@example.com' }),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    const signIns: unknown[] = [];
    el.addEventListener('yx-login', (e) => signIns.push((e as CustomEvent).detail));
    await waitFor(() => input(el, 'username'), { message: 'the form' });
    pageStart();
    await press('Tab');
    await type('alice');
    await press('Tab');
    await type('Secret#123');
    await press('Enter');

    // The code step takes focus on its field.
    await waitFor(() => $(el, '[part="code-step"]'), { message: 'the code step' });
    await focusLandsOn(() => input(el, 'code'), 'focus in the code field');
    expectFocusRing();
    await type('111111');
    // The refusal is the code field's own message (aria-invalid, described by it).
    await waitFor(() => input(el, 'code').getAttribute('aria-invalid') === 'true', {
      message: 'the wrong-code message',
    });
    expectFocused(input(el, 'code'), 'the code field after a wrong code');

    // Resend is counting down (disabled): Tab goes on to Verify, then Back.
    await press('Tab');
    expectFocused($(el, '[part="code-step"] [part~="submit-button"]'), 'Verify');
    expectFocusRing();
    await press('Tab');
    expectFocused($(el, '[part~="back-button"]'), 'Back to sign in');
    expectFocusRing();
    await press('Enter');
    await waitFor(() => !$(el, '[part="code-step"]'), { message: 'the password step' });
    // The Back button went with the step: focus lands in the form again, not on <body>.
    await focusLandsOn(() => input(el, 'password'), 'focus on the password field');
    expect(input(el, 'username').value).to.equal('alice');
    await type('Secret#123');
    await press('Enter');
    await waitFor(() => $(el, '[part="code-step"]'), { message: 'the code step again' });
    await focusLandsOn(() => input(el, 'code'), 'focus in the code field');
    await tabTo((f) => f.matches('[part~="back-button"]'), { message: 'Back' });
    await shiftTab();
    await shiftTab();
    expectFocused(input(el, 'code'), 'the code field');
    await press('End');
    await type('135790');
    await untilCalls(api, (c) => c.filter((x) => x.path === VERIFY).length === 2, 'the second verify');
    await waitFor(() => signIns.length === 1, { message: 'yx-login' });
  });
});
