/**
 * Keyboard and screen reader users after a step answers: where focus lands once the slider is
 * solved and the sign-in is refused (it used to fall to <body> with the slider), and a wrong
 * emailed code tied to its input (aria-invalid, described by the message, one announcement).
 */
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import '../../../elements/yx-password-reset';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import {
  $,
  $$,
  ALICE,
  LOGIN,
  NEW_CSRF,
  baseRoutes,
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
import { callsTo, confirmAccount, resetPath, resetRoutes, resetStep } from './password-reset-fixtures';

const TRACK = 260;
const handle = (el: Element) => $(el, '[part="slider-handle"]');
const ready = (el: Element) => handle(el) !== null && handle(el)!.getAttribute('aria-disabled') === null;

/** The login routes for: a wrong password, then the slider, then `afterSlider` for the attempt
 * with the slider token (the newest definition answers first). */
const sliderThen = (afterSlider: MockRoute): MockRoute[] => [
  ...baseRoutes,
  { method: 'POST', path: userPath('sliderCaptcha'), body: { challenge_id: 'ch-1', track_width: TRACK } },
  { method: 'POST', path: userPath('sliderCaptcha:verify'), body: { slider_token: 'slider-ok-1' } },
  afterSlider,
  refusal(403, 'slider_required'),
  refusal(401, 'account_or_password_incorrect'),
];

/** Signs in with a wrong password twice from the keyboard (the second try brings the slider),
 * then slides it with End. */
async function solveSliderAfterWrongPasswords(el: Element) {
  await signIn(el, 'alice', 'Wrong#pw1');
  await waitFor(() => formError(el) === 'The account or password is incorrect', {
    timeout: 8000,
    message: 'the first refusal',
  });
  // A wrong password keeps the cursor in the password field.
  expect(deepActiveElement()).to.equal(input(el, 'password'));
  await sendKeys({ press: 'Enter' });
  await waitFor(() => ready(el), { timeout: 8000, message: 'the slider' });
  await waitFor(() => deepActiveElement() === handle(el), { timeout: 8000, message: 'focus on the handle' });
  await sendKeys({ press: 'End' });
}

describe('<yx-login> focus after the slider is solved', () => {
  useNavigationCapture();

  it('puts the cursor back in the password, its text selected, when the password is still wrong', async () => {
    const api = await mockApi(sliderThen(refusal(401, 'account_or_password_incorrect')));
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await solveSliderAfterWrongPasswords(el);
    await untilCalls(api, (c) => logins(c).length === 3, 'the attempt with the slider token');
    await waitFor(() => $(el, '[part="slider"]') === null, { timeout: 8000, message: 'the slider to go' });
    await waitFor(() => formError(el) === 'The account or password is incorrect', {
      timeout: 8000,
      message: 'the refusal',
    });
    expect($(el, '[part="form-error"]')!.getAttribute('role')).to.equal('alert');
    const password = input(el, 'password');
    await waitFor(() => deepActiveElement() === password, { timeout: 8000, message: 'focus on the password' });
    expect([password.selectionStart, password.selectionEnd]).to.deep.equal([0, 'Wrong#pw1'.length]);
    // Typing replaces the wrong password; Enter signs in.
    await sendKeys({ type: 'Secret#123' });
    await sendKeys({ press: 'Enter' });
    const calls = await untilCalls(api, (c) => logins(c).length === 4, 'the corrected attempt');
    expect(logins(calls)[3]!.body).to.deep.equal({ username: 'alice', password: 'Secret#123' });
  });

  for (const [outcome, route, message] of [
    [
      'a frozen account',
      refusal(423, 'account_frozen', { frozenUntil: new Date(Date.now() + 7_200_000).toISOString() }),
      'Too many incorrect passwords. The account is frozen. Try again in 1 hour.',
    ],
    [
      'a network failure',
      // Every attempt: Chromium sends a POST again when its reused connection dies unanswered.
      { method: 'POST', path: LOGIN, drop: true },
      'Could not reach the server. Please try again later.',
    ],
  ] as const) {
    it(`puts the cursor back in the password after ${outcome}`, async () => {
      const api = await mockApi(sliderThen(route));
      const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
      await solveSliderAfterWrongPasswords(el);
      await waitFor(() => formError(el) === message, { timeout: 8000, message: 'the message' });
      await waitFor(() => deepActiveElement() === input(el, 'password'), {
        timeout: 8000,
        message: 'focus on the password',
      });
    });
  }

  it('puts the cursor in the code input when the server then asks for an emailed code', async () => {
    const api = await mockApi([
      ...sliderThen(refusal(403, 'email_verification_required', { email: 'a***@example.com' })),
      { method: 'POST', path: userPath('emailCaptcha'), body: {} },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await solveSliderAfterWrongPasswords(el);
    await waitFor(() => $(el, '[part="code-step"]'), { timeout: 8000, message: 'the code step' });
    await waitFor(() => deepActiveElement() === input(el, 'code'), { timeout: 8000, message: 'focus on the code' });
  });
});

describe('<yx-login> focus after a refusal of the password form', () => {
  useNavigationCapture();
  const submitButton = (el: Element) => $(el, '[part~="submit-button"]')!;

  /** Fills the form and clicks Sign In with the real mouse (focus goes to the button). */
  async function clickSignIn(el: Element, password: string) {
    await typeInto(el, 'username', 'alice');
    await typeInto(el, 'password', password);
    const box = submitButton(el).getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    });
  }

  for (const [locale, message] of [
    ['en_US', 'The account or password is incorrect'],
    ['zh_CN', '账号或密码错误'],
  ] as const) {
    it(`puts the cursor from Sign In back in the wrong password, selected and described by the message (${locale})`, async () => {
      const api = await mockApi([...baseRoutes, refusal(401, 'account_or_password_incorrect')]);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await clickSignIn(el, 'Wrong#pw1');
      await waitFor(() => formError(el) === message, { timeout: 8000, message: 'the refusal' });
      const password = input(el, 'password');
      await waitFor(() => deepActiveElement() === password, { timeout: 8000, message: 'focus on the password' });
      expect([password.selectionStart, password.selectionEnd]).to.deep.equal([0, 'Wrong#pw1'.length]);
      expect(describedAs(password, message), 'described by the message').to.not.equal(undefined);
      // Typing replaces the wrong password, and the message (and its link) goes.
      await sendKeys({ type: 'Secret#123' });
      expect(password.value).to.equal('Secret#123');
      expect(formError(el)).to.equal(null);
      expect(describedAs(password, message)).to.equal(undefined);
      await sendKeys({ press: 'Enter' });
      const calls = await untilCalls(api, (c) => logins(c).length === 2, 'the corrected attempt');
      expect(logins(calls)[1]!.body).to.deep.equal({ username: 'alice', password: 'Secret#123' });
    });
  }

  it('leaves focus on Sign In after a refusal that is not about the password (a frozen account)', async () => {
    const until = new Date(Date.now() + 7_200_000).toISOString();
    const api = await mockApi([...baseRoutes, refusal(423, 'account_frozen', { frozenUntil: until })]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await clickSignIn(el, 'Secret#123');
    await waitFor(() => formError(el)?.startsWith('Too many incorrect passwords'), {
      timeout: 8000,
      message: 'the refusal',
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(deepActiveElement()).to.equal(submitButton(el));
    expect(input(el, 'password').getAttribute('aria-describedby')).to.equal(null);
  });

  for (const [locale, message] of [
    ['en_US', 'Complete the slider verification first'],
    ['zh_CN', '请先完成滑块验证'],
  ] as const) {
    it(`says the slider must be solved first when the server first asks for it, focus on its handle (${locale})`, async () => {
      const api = await mockApi(sliderThen(refusal(401, 'account_or_password_incorrect')));
      const el = await mountElement('yx-login', { host: api.host, locale });
      await signIn(el, 'alice', 'Wrong#pw1');
      await waitFor(() => formError(el) !== null, { timeout: 8000, message: 'the first refusal' });
      // The next try is not checked: the server wants the slider first.
      await sendKeys({ type: 'Wrong#pw2' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => ready(el), { timeout: 8000, message: 'the slider' });
      expect(formError(el)).to.equal(message);
      expect($(el, '[part="form-error"]')!.getAttribute('role')).to.equal('alert');
      await waitFor(() => deepActiveElement() === handle(el), { timeout: 8000, message: 'focus on the handle' });
      // Solving it sends the attempt, and the message goes.
      await sendKeys({ press: 'End' });
      await untilCalls(api, (c) => logins(c).length === 3, 'the attempt with the slider token');
      await waitFor(() => formError(el) !== message, { timeout: 8000, message: 'the message to go' });
    });
  }
});

/** The element that describes `control` and says `text`, if any. */
function describedAs(control: HTMLInputElement, text: string): HTMLElement | undefined {
  const root = control.getRootNode() as ShadowRoot;
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? root.getElementById(id) : null))
    .find((node): node is HTMLElement => node?.textContent === text);
}

/** Elements announcing `text`: alerts and live regions. */
const announcing = (el: Element, text: string) =>
  $$(el, '[role="alert"], [role="status"], [aria-live]').filter((node) => node.textContent === text);

describe('<yx-login> a wrong emailed code', () => {
  useNavigationCapture();
  const VERIFY = userPath('emailCaptcha:verify', 'carol');
  const WRONG = 'The verification code is incorrect. Please obtain another one.';

  for (const [locale, message] of [
    ['en_US', WRONG],
    ['zh_CN', '验证码错误，请重新获取'],
  ] as const) {
    it(`marks the code input invalid and describes it with the message, said once (${locale})`, async () => {
      const api = await mockApi([
        ...baseRoutes,
        { method: 'POST', path: VERIFY, body: { user: { ...ALICE, username: 'carol' }, csrfToken: NEW_CSRF } },
        { method: 'POST', path: userPath('emailCaptcha', 'carol'), body: {} },
        refusal(403, 'email_verification_required', { email: 'c***@example.com' }),
        { method: 'POST', path: VERIFY, status: 400, body: { code: 'code_incorrect', field: 'code' }, times: 1 },
      ]);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await signIn(el, 'carol', 'Carol@2026');
      await waitFor(() => deepActiveElement() === input(el, 'code'), { timeout: 8000, message: 'focus on the code' });
      const code = input(el, 'code');
      expect(code.getAttribute('aria-invalid')).to.equal(null);
      // The sixth digit sends the code.
      await sendKeys({ type: '000000' });
      await waitFor(() => code.getAttribute('aria-invalid') === 'true', {
        timeout: 8000,
        message: 'the code marked invalid',
      });
      expect(describedAs(code, message), 'described by the message').to.not.equal(undefined);
      expect(announcing(el, message), 'one live announcement').to.have.length(1);
      expect(formError(el)).to.equal(null);
      expect(deepActiveElement()).to.equal(code);
      // The wrong code is selected: the next one types over it, and editing clears the message.
      await sendKeys({ type: '1' });
      expect(code.value).to.equal('1');
      await waitFor(() => code.getAttribute('aria-invalid') === null, {
        timeout: 8000,
        message: 'the message cleared',
      });
      expect(announcing(el, message)).to.have.length(0);
      await sendKeys({ type: '23456' });
      const calls = await untilCalls(api, (c) => callsTo(c, VERIFY).length === 2, 'the second code');
      expect(callsTo(calls, VERIFY)[1]!.body).to.deep.include({ code: '123456' });
    });
  }

  it('keeps a message that is not about the code above the form', async () => {
    const api = await mockApi([
      ...baseRoutes,
      {
        method: 'POST',
        path: userPath('emailCaptcha:verify'),
        status: 429,
        body: { code: 'too_many_requests', retry_after: 42 },
      },
      refusal(403, 'email_verification_required', { email: 'a***@example.com' }),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    await waitFor(() => deepActiveElement() === input(el, 'code'), { timeout: 8000, message: 'focus on the code' });
    await sendKeys({ type: '000000' });
    await waitFor(() => formError(el), { timeout: 8000, message: 'the message' });
    expect(formError(el)).to.equal('Too many requests. Try again in 42 s.');
    expect(input(el, 'code').getAttribute('aria-invalid')).to.equal(null);
  });
});

describe('<yx-password-reset> a wrong emailed code', () => {
  useNavigationCapture();
  const VERIFY = resetPath('emailCaptcha:verify');
  const WRONG = 'The verification code is incorrect. Please obtain another one.';

  it('marks the code input invalid and describes it with the message, said once', async () => {
    const api = await mockApi([
      ...resetRoutes,
      { method: 'POST', path: VERIFY, status: 400, body: { code: 'code_incorrect', field: 'code' }, times: 1 },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el);
    await waitFor(() => resetStep(el) === 'verify', { timeout: 8000, message: 'step 2' });
    // Get Code has focus; sending puts the cursor in the code input.
    await waitFor(() => deepActiveElement() === $(el, '[part~="send-button"]'), {
      timeout: 8000,
      message: 'focus on Get Code',
    });
    await sendKeys({ press: 'Enter' });
    const code = input(el, 'code');
    await waitFor(() => deepActiveElement() === code, { timeout: 8000, message: 'focus on the code' });
    await sendKeys({ type: '111111' });
    // Tab to Next (Resend waits for its countdown, so Tab passes it) and press it.
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part~="submit-button"]'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => code.getAttribute('aria-invalid') === 'true', {
      timeout: 8000,
      message: 'the code marked invalid',
    });
    expect(describedAs(code, WRONG), 'described by the message').to.not.equal(undefined);
    expect(announcing(el, WRONG), 'one live announcement').to.have.length(1);
    expect($(el, '[part="form-error"]')).to.equal(null);
    // Back in the code, its digits selected, so the right one types over them.
    expect(deepActiveElement()).to.equal(code);
    await sendKeys({ type: '2' });
    expect(code.value).to.equal('2');
    await waitFor(() => code.getAttribute('aria-invalid') === null, { timeout: 8000, message: 'the message cleared' });
    await sendKeys({ type: '22222' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => resetStep(el) === 'reset', { timeout: 8000, message: 'step 3' });
    expect(callsTo(await api.calls(), VERIFY).map((c) => (c.body as { code: string }).code)).to.deep.equal([
      '111111',
      '222222',
    ]);
  });

  it('keeps "get a code first" above the form', async () => {
    // The server has no code for this verification (none was sent).
    const api = await mockApi([
      ...resetRoutes,
      { method: 'POST', path: VERIFY, status: 400, body: { code: 'code_expired', field: 'code' } },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el);
    await waitFor(() => resetStep(el) === 'verify', { timeout: 8000, message: 'step 2' });
    input(el, 'code').focus();
    await sendKeys({ type: '111111' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '[part="form-error"]'), { timeout: 8000, message: 'the message' });
    expect($(el, '[part="form-error"]')!.textContent).to.equal('Get a verification code first');
    expect(input(el, 'code').getAttribute('aria-invalid')).to.equal(null);
  });
});
