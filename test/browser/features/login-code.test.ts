import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import {
  $,
  ALICE,
  NEW_CSRF,
  baseRoutes,
  formError,
  input,
  refusal,
  signIn,
  untilCalls,
  useNavigationCapture,
  userPath,
} from './login-fixtures';

const VERIFY = userPath('emailCaptcha:verify');
const SEND = userPath('emailCaptcha');
const codeRoutes = [
  ...baseRoutes,
  { method: 'POST', path: VERIFY, body: { user: ALICE, csrfToken: NEW_CSRF } },
  { method: 'POST', path: SEND, body: {} },
  refusal(403, 'email_verification_required', { email: 'd***@example.com' }),
];
const wrong = (code: string) => ({
  method: 'POST',
  path: VERIFY,
  status: 400,
  body: { code, message: code },
  times: 1,
});
const verifies = (calls: MockCall[]) => calls.filter((c) => c.path === VERIFY);
/** The message under the code input. */
const codeError = (el: Element) => $(el, '[part="code-step"] [part="field"] [part="error"]')?.textContent || null;
const resendButton = (el: Element) => $(el, '[part~="resend-button"]') as HTMLButtonElement;

async function showCodeStep(el: Element) {
  await signIn(el);
  await waitFor(() => $(el, '[part="code-step"]'), { message: 'the code step' });
}

describe('<yx-login> email code step', () => {
  const realNow = Date.now;
  // Registered before the navigation capture's, so the clock is restored first.
  afterEach(() => {
    Date.now = realNow;
  });
  const nav = useNavigationCapture();
  /** Moves the page's clock forward, as if the user waited. */
  const wait = (ms: number) => {
    const before = Date.now;
    Date.now = () => before.call(Date) + ms;
  };

  for (const [locale, reason, sent, resend] of [
    [
      'en_US',
      'Your account has security risks. Please verify it by email first.',
      'A verification code was sent to d***@example.com',
      'Resend in 60 s',
    ],
    ['zh_CN', '账号存在安全风险，请先通过邮箱验证', '验证码已发送至 d***@example.com', '60 秒后重新获取'],
  ] as const) {
    it(`says why a code is needed and asks for it, with the resend countdown running (${locale})`, async () => {
      const api = await mockApi(codeRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await showCodeStep(el);
      expect($(el, '[part="code-reason"]')?.textContent, 'the reason (§8)').to.equal(reason);
      expect($(el, '[part="code-sent"]')!.textContent).to.equal(sent);
      // The step focuses its input once mounted, which on a busy machine may be a frame later.
      await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus on the code' });
      expect(resendButton(el).disabled).to.equal(true);
      expect(resendButton(el).textContent).to.equal(resend);
    });
  }

  it('takes digits only, says a wrong code is wrong, and signs in with the right one on the sixth digit', async () => {
    const api = await mockApi([...codeRoutes, wrong('code_incorrect')]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    const details: unknown[] = [];
    el.addEventListener('yx-login', (e) => details.push(e.detail));
    await showCodeStep(el);
    await sendKeys({ type: '12ab34' });
    expect(input(el, 'code').value).to.equal('1234');
    await sendKeys({ type: '56' });
    await waitFor(() => codeError(el));
    expect(codeError(el)).to.equal('The verification code is incorrect. Please obtain another one.');
    expect(input(el, 'code').getAttribute('aria-invalid')).to.equal('true');
    expect(formError(el)).to.equal(null);

    input(el, 'code').select();
    await sendKeys({ type: '654321' });
    await waitFor(() => details.length === 1, { message: 'the yx-login event' });
    expect(details).to.deep.equal([{ user: ALICE, csrfToken: NEW_CSRF }]);
    expect(verifies(await api.calls()).map((c) => c.body)).to.deep.equal([{ code: '123456' }, { code: '654321' }]);
    expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/settings/profile`]);
  });

  it('accepts a pasted code with separators and submits it', async () => {
    const api = await mockApi(codeRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    const data = new DataTransfer();
    data.setData('text', '246-813');
    input(el, 'code').dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    const calls = await untilCalls(api, (c) => verifies(c).length === 1, 'the verify call');
    expect(verifies(calls)[0]!.body).to.deep.equal({ code: '246813' });
  });

  it('explains an expired and a voided code', async () => {
    const api = await mockApi([...codeRoutes, wrong('code_expired')]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    await sendKeys({ type: '111111' });
    await waitFor(() => codeError(el));
    expect(codeError(el)).to.equal('The verification code has expired. Please get a new one.');
    await api.define([...codeRoutes, wrong('code_voided')]);
    input(el, 'code').select();
    await sendKeys({ type: '222222' });
    await waitFor(() => codeError(el)?.includes('Too many'));
    expect(codeError(el)).to.equal('Too many incorrect attempts: this code no longer works. Please get a new one.');
  });

  it('asks for all six digits before verifying', async () => {
    const api = await mockApi(codeRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    await sendKeys({ type: '123' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '[part="code-step"] [part="field"] [part="error"]')!.textContent);
    expect($(el, '[part="code-step"] [part="field"] [part="error"]')!.textContent).to.equal(
      'Enter the 6-digit verification code',
    );
    expect(verifies(await api.calls())).to.have.length(0);
  });

  it('resends after the countdown, and waits the server’s retry_after when it is too soon', async () => {
    const api = await mockApi([
      ...codeRoutes,
      { method: 'POST', path: SEND, status: 429, body: { code: 'too_many_requests', retry_after: 42 }, times: 1 },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    wait(61_000);
    await waitFor(() => !resendButton(el).disabled, { message: 'the resend button' });
    expect(resendButton(el).textContent).to.equal('Resend Code');

    resendButton(el).click();
    await waitFor(() => formError(el));
    // The live countdown is the button's: the message names no number that would go stale.
    expect(formError(el)).to.equal('Too many requests. You can resend the code when the countdown ends.');
    await waitFor(() => resendButton(el).textContent === 'Resend in 42 s', { message: 'the 42 s countdown' });
    expect(resendButton(el).disabled).to.equal(true);

    wait(43_000);
    await waitFor(() => !resendButton(el).disabled, { message: 'the resend button again' });
    // Every state the button passes through from the click on: it must never be enabled again
    // before the new countdown, not even for the frame in which the code is reported sent. While
    // the code is on its way it is aria-disabled (it keeps the focus), then disabled.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const button = resendButton(el);
      seen.push(`${button.textContent}${button.disabled || button.ariaDisabled === 'true' ? ' (disabled)' : ''}`);
    });
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
    resendButton(el).click();
    await waitFor(() => $(el, '[part="notice"]')!.textContent === 'A new code has been sent');
    observer.disconnect();
    expect(seen.filter((state) => !state.endsWith('(disabled)'))).to.deep.equal([]);
    expect(resendButton(el).textContent).to.equal('Resend in 60 s');
    expect(formError(el)).to.equal(null);
    const calls = await api.calls();
    expect(calls.filter((c) => c.path === SEND)).to.have.length(2);
  });

  it('says a refused resend in both languages, the time only on the button (zh_CN)', async () => {
    const api = await mockApi([
      ...codeRoutes,
      { method: 'POST', path: SEND, status: 429, body: { code: 'too_many_requests', retry_after: 42 }, times: 1 },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await showCodeStep(el);
    wait(61_000);
    await waitFor(() => !resendButton(el).disabled, { message: 'the resend button' });
    resendButton(el).click();
    await waitFor(() => formError(el), { message: 'the refusal' });
    expect(formError(el)).to.equal('请求过于频繁，倒计时结束后可重新获取验证码');
    await waitFor(() => resendButton(el).textContent === '42 秒后重新获取', { message: 'the 42 s countdown' });
  });

  it('says the code sent from another tab a moment ago still works, as a notice, not a refusal', async () => {
    const api = await mockApi([
      ...codeRoutes,
      {
        method: 'POST',
        path: SEND,
        status: 429,
        body: { code: 'too_many_requests', retry_after: 42, already_sent: true },
        times: 1,
      },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    wait(61_000);
    await waitFor(() => !resendButton(el).disabled, { message: 'the resend button' });
    resendButton(el).click();
    await waitFor(() => $(el, '[part="notice"]')?.textContent, { message: 'the notice' });
    expect($(el, '[part="notice"]')!.textContent).to.equal(
      'A verification code was already sent to d***@example.com. Check your inbox.',
    );
    expect(formError(el)).to.equal(null);
    await waitFor(() => resendButton(el).textContent === 'Resend in 42 s', { message: 'the 42 s countdown' });
  });

  it('takes the refusal away when the wait is over, and Resend works again', async () => {
    const api = await mockApi([
      ...codeRoutes,
      { method: 'POST', path: SEND, status: 429, body: { code: 'too_many_requests', retry_after: 1 }, times: 1 },
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    wait(61_000);
    await waitFor(() => !resendButton(el).disabled, { message: 'the resend button' });
    resendButton(el).click();
    await waitFor(() => formError(el), { message: 'the refusal' });
    expect(resendButton(el).textContent).to.equal('Resend in 1 s');
    await waitFor(() => !resendButton(el).disabled, { message: 'the end of the wait', timeout: 3000 });
    expect(resendButton(el).textContent).to.equal('Resend Code');
    await waitFor(() => formError(el) === null, { message: 'the refusal gone', timeout: 1000 });
    resendButton(el).click();
    await waitFor(() => $(el, '[part="notice"]')!.textContent === 'A new code has been sent', {
      message: 'the code sent',
    });
    expect(resendButton(el).textContent).to.equal('Resend in 60 s');
    expect(formError(el)).to.equal(null);
  });

  it('keeps a later message when the wait is over: only the refusal goes', async () => {
    const api = await mockApi([
      ...codeRoutes,
      { method: 'POST', path: SEND, status: 429, body: { code: 'too_many_requests', retry_after: 1 }, times: 1 },
      wrong('code_expired'),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    wait(61_000);
    await waitFor(() => !resendButton(el).disabled, { message: 'the resend button' });
    resendButton(el).click();
    await waitFor(() => formError(el), { message: 'the refusal' });
    await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
    await sendKeys({ type: '111111' });
    const expired = 'The verification code has expired. Please get a new one.';
    await waitFor(() => codeError(el) === expired, { message: 'the later message' });
    await waitFor(() => !resendButton(el).disabled, { message: 'the end of the wait', timeout: 3000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(codeError(el)).to.equal(expired);
  });

  it('goes back to the form, forgetting the password', async () => {
    const api = await mockApi(codeRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await showCodeStep(el);
    ($(el, '[part~="back-button"]') as HTMLButtonElement).click();
    await waitFor(() => $(el, '[part="login-form"]'));
    expect(input(el, 'username').value).to.equal('alice');
    expect(input(el, 'password').value).to.equal('');
  });
});
