import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-password-reset';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { useNavigationCapture } from './login-fixtures';

import {
  RESET_CSRF as CSRF,
  callsTo,
  confirmAccount,
  resetPath as path,
  resetRoutes as routes,
  resetStep as step,
} from './password-reset-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;
const formError = (el: Element) => $(el, '[part="form-error"]')?.textContent ?? null;
const stepStates = (el: Element) => $$(el, '[part="step"]').map((s) => s.dataset.state);

async function verifyByEmail(el: Element) {
  await waitFor(() => step(el) === 'verify', { message: 'step 2' });
  ($(el, '[part~="send-button"]') as HTMLButtonElement).click();
  await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
  await sendKeys({ type: '135790' });
  await sendKeys({ press: 'Enter' });
  await waitFor(() => step(el) === 'reset', { message: 'step 3' });
}

async function setPassword(el: Element, password = 'Fresh#pw9') {
  await sendKeys({ type: password });
  input(el, 'confirm_password').focus();
  await sendKeys({ type: password });
  await sendKeys({ press: 'Enter' });
}

describe('<yx-password-reset>', () => {
  const nav = useNavigationCapture();

  for (const [locale, title, steps] of [
    ['en_US', 'Forgot Password', ['Confirm Account', 'Security Verification', 'Reset Password']],
    ['zh_CN', '忘记密码', ['确认账号', '安全验证', '重置密码']],
  ] as const) {
    it(`walks through the three steps to the success screen (${locale})`, async () => {
      const api = await mockApi(routes);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      expect($(el, '[part="title"]')!.textContent).to.equal(title);
      expect($$(el, '[part="step"]').map((s) => s.querySelector('.yx-reset-steps__label')!.textContent)).to.deep.equal(
        steps,
      );
      expect(stepStates(el)).to.deep.equal(['current', 'todo', 'todo']);
      expect($(el, '[part="step"][aria-current="step"]')!.dataset.step).to.equal('account');

      await confirmAccount(el);
      await waitFor(() => step(el) === 'verify');
      expect(stepStates(el)).to.deep.equal(['done', 'current', 'todo']);
      // The step indicator moves at once; the step's own code may still be on its way (lazy).
      const intro = await waitFor(() => $(el, '[part="verify-intro"]'), { message: 'the verification step' });
      expect(intro!.textContent).to.contain('d***@example.com');
      await verifyByEmail(el);
      expect(stepStates(el)).to.deep.equal(['done', 'done', 'current']);
      expect(deepActiveElement()).to.equal(input(el, 'new_password'));
      await setPassword(el);
      await waitFor(() => step(el) === 'done', { message: 'the success screen' });
      expect(stepStates(el)).to.deep.equal(['done', 'done', 'done']);

      const calls = await api.calls();
      expect(callsTo(calls, path('emailCaptcha:verify'))[0]!.body).to.deep.equal({ code: '135790' });
      const [reset] = callsTo(calls, path('password:reset'), 'PUT');
      expect(reset!.body).to.deep.equal({ new_password: 'Fresh#pw9' });
      expect(reset!.headers['x-csrf-token']).to.equal(CSRF);
      expect(reset!.headers['user_agent']).to.equal(navigator.userAgent);
      expect(reset!.headers['umid-token']).to.match(/^umid-[0-9a-f]{32}$/);

      ($(el, '[part~="login-button"]') as HTMLButtonElement).click();
      expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/login`]);
    });
  }

  it('says the account does not exist, in place', async () => {
    const api = await mockApi([
      ...routes,
      { method: 'GET', path: '/users/ajax/users/ghost/check', status: 404, body: { code: 'account_not_exist' } },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el, 'ghost');
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('The account does not exist');
    expect($(el, '[part="form-error"]')!.getAttribute('role')).to.equal('alert');
    expect(step(el)).to.equal('account');
  });

  for (const [locale, message] of [
    [
      'en_US',
      'No email is bound to this account, so a verification code cannot be sent. Ask your organization administrator to reset your password.',
    ],
    ['zh_CN', '账号未绑定邮箱，无法获取验证码。请联系企业管理员重置密码'],
  ] as const) {
    it(`says at once that an account without an email cannot get a code, and who can help (${locale})`, async () => {
      const api = await mockApi([
        ...routes,
        { method: 'GET', path: path('check'), body: { exists: true, email: null } },
      ]);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await confirmAccount(el);
      await waitFor(() => formError(el), { message: 'the message' });
      expect(formError(el)).to.equal(message);
      expect($(el, '[part="form-error"]')!.getAttribute('role')).to.equal('alert');
      expect(step(el)).to.equal('account');
      expect(input(el, 'username').value).to.equal('dana');
      const calls = await api.calls();
      expect(callsTo(calls, path('emailCaptcha'))).to.have.length(0);
    });
  }

  it('asks for the account first, and says when there were too many tries', async () => {
    const api = await mockApi([
      ...routes,
      { method: 'GET', path: path('check'), status: 429, body: { code: 'too_many_requests' } },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
    await settle();
    expect($(el, '[part="field"] [part="error"]')!.textContent).to.equal('Enter your account');
    await confirmAccount(el);
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('Too many attempts. Please try again later.');
  });

  for (const [locale, message, button] of [
    ['en_US', 'Too many requests. You can get a code when the countdown ends.', 'Get Code in 55 minutes'],
    ['zh_CN', '请求过于频繁，倒计时结束后可获取验证码', '55 分钟后获取验证码'],
  ] as const) {
    it(`counts an hour-long wait for the next code in minutes, not seconds (${locale})`, async () => {
      const api = await mockApi([
        ...routes,
        {
          method: 'POST',
          path: path('emailCaptcha'),
          status: 429,
          body: { code: 'too_many_requests', retry_after: 3272 },
        },
      ]);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await confirmAccount(el);
      await waitFor(() => step(el) === 'verify', { message: 'step 2' });
      const send = (await waitFor(() => $(el, '[part~="send-button"]'), {
        message: 'the send button',
      })) as HTMLButtonElement;
      send.click();
      await waitFor(() => formError(el), { message: 'the message' });
      expect(formError(el)).to.equal(message);
      expect(send.disabled).to.equal(true);
      expect(send.textContent).to.equal(button);
    });
  }

  it('counts down before the code can be sent again, and says a wrong code is wrong', async () => {
    const api = await mockApi([
      ...routes,
      { method: 'POST', path: path('emailCaptcha:verify'), status: 400, body: { code: 'code_incorrect' }, times: 1 },
      // The server has no code for this verification yet (the newest route answers first).
      { method: 'POST', path: path('emailCaptcha:verify'), status: 400, body: { code: 'code_expired' }, times: 1 },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el);
    await waitFor(() => step(el) === 'verify');
    const send = $(el, '[part~="send-button"]') as HTMLButtonElement;
    expect(send.textContent).to.equal('Get Code');
    // Next before any code was sent.
    input(el, 'code').focus();
    await sendKeys({ type: '111111' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('Get a verification code first');
    send.click();
    await waitFor(() => send.textContent === 'Resend in 60 s');
    expect(send.disabled).to.equal(true);
    expect($(el, '[part="notice"]')!.textContent).to.equal('A verification code was sent to d***@example.com');
    // Sending clears the old digits and puts the cursor back in the field.
    expect(input(el, 'code').value).to.equal('');
    await waitFor(() => deepActiveElement() === input(el, 'code'));
    await sendKeys({ type: '222222' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => input(el, 'code').getAttribute('aria-invalid') === 'true');
    expect($(el, '[part="verify-step"] [part="field"] [part="error"]')!.textContent).to.equal(
      'The verification code is incorrect. Please obtain another one.',
    );
    expect(formError(el)).to.equal(null);
    expect(step(el)).to.equal('verify');
  });

  describe('given a code was mailed before this page (a reload, another tab)', () => {
    const resendWait = {
      method: 'POST',
      path: path('emailCaptcha'),
      status: 429,
      // The server says the wait is for this browser's own reset code (login/codes.ts).
      body: { code: 'too_many_requests', message: 'Too many requests', retry_after: 42, already_sent: true },
    } as const;

    for (const [locale, notice, button] of [
      ['en_US', 'A verification code was already sent to d***@example.com. Check your inbox.', 'Resend in 42 s'],
      ['zh_CN', '验证码此前已发送至 d***@example.com，请查收邮件', '42 秒后重新获取'],
    ] as const) {
      it(`says Get Code's resend wait means a code is in the inbox, and takes that code (${locale})`, async () => {
        const api = await mockApi([...routes, resendWait]);
        const el = await mountElement('yx-password-reset', { host: api.host, locale });
        await confirmAccount(el);
        await waitFor(() => step(el) === 'verify', { message: 'step 2' });
        const send = (await waitFor(() => $(el, '[part~="send-button"]'), {
          message: 'the send button',
        })) as HTMLButtonElement;
        send.click();
        await waitFor(() => $(el, '[part="notice"]')!.textContent === notice, { message: 'the notice' });
        expect($(el, '[part="notice"]')!.getAttribute('role')).to.equal('status');
        expect(formError(el), 'not an error').to.equal(null);
        expect(send.disabled).to.equal(true);
        expect(send.textContent).to.equal(button);
        await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
        await sendKeys({ type: '135790' });
        await sendKeys({ press: 'Enter' });
        await waitFor(() => step(el) === 'reset', { message: 'step 3' });
        const verify = callsTo(await api.calls(), path('emailCaptcha:verify'));
        expect(verify.map((c) => c.body)).to.deep.equal([{ code: '135790' }]);
      });
    }

    for (const [locale, message, button] of [
      // The live countdown is the button's: the message names no number that would go stale.
      ['en_US', 'Too many requests. You can get a code when the countdown ends.', 'Get Code in 42 s'],
      ['zh_CN', '请求过于频繁，倒计时结束后可获取验证码', '42 秒后获取验证码'],
    ] as const) {
      it(`says a short wait that is not this reset's own code is a wait, not a code sent (${locale})`, async () => {
        // Another browser's code (even from this address) or a cap ending within the minute: no
        // code of this reset is in the inbox, whatever the length of the wait.
        const { already_sent: _own, ...otherWait } = resendWait.body;
        const api = await mockApi([...routes, { ...resendWait, body: otherWait }]);
        const el = await mountElement('yx-password-reset', { host: api.host, locale });
        await confirmAccount(el);
        await waitFor(() => step(el) === 'verify', { message: 'step 2' });
        const send = (await waitFor(() => $(el, '[part~="send-button"]'), {
          message: 'the send button',
        })) as HTMLButtonElement;
        send.click();
        await waitFor(() => formError(el), { message: 'the wait' });
        expect(formError(el)).to.equal(message);
        expect($(el, '[part="notice"]')!.textContent, 'no "already sent"').to.equal('');
        expect(send.disabled).to.equal(true);
        expect(send.textContent).to.equal(button);
        await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
      });
    }

    it('takes the refusal away when the wait is over, and Get Code works again', async () => {
      const { already_sent: _own, ...otherWait } = resendWait.body;
      const api = await mockApi([...routes, { ...resendWait, body: { ...otherWait, retry_after: 1 }, times: 1 }]);
      const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
      await confirmAccount(el);
      await waitFor(() => step(el) === 'verify', { message: 'step 2' });
      const send = (await waitFor(() => $(el, '[part~="send-button"]'))) as HTMLButtonElement;
      send.click();
      await waitFor(() => formError(el), { message: 'the wait' });
      expect(send.textContent).to.equal('Get Code in 1 s');
      await waitFor(() => !send.disabled, { message: 'the end of the wait', timeout: 3000 });
      expect(send.textContent).to.equal('Get Code');
      await waitFor(() => formError(el) === null, { message: 'the refusal gone', timeout: 1000 });
      expect($(el, '[part="form-error"]'), 'no stale alert').to.equal(null);
      send.click();
      await waitFor(
        () => $(el, '[part="notice"]')!.textContent === 'A verification code was sent to d***@example.com',
        {
          message: 'the code sent',
        },
      );
      expect(send.textContent).to.equal('Resend in 60 s');
      expect(formError(el)).to.equal(null);
    });

    it('keeps a later message when the wait is over: only the refusal goes', async () => {
      const { already_sent: _own, ...otherWait } = resendWait.body;
      const api = await mockApi([
        ...routes,
        { ...resendWait, body: { ...otherWait, retry_after: 1 } },
        { method: 'POST', path: path('emailCaptcha:verify'), status: 400, body: { code: 'code_expired' } },
      ]);
      const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
      await confirmAccount(el);
      await waitFor(() => step(el) === 'verify', { message: 'step 2' });
      const send = (await waitFor(() => $(el, '[part~="send-button"]'))) as HTMLButtonElement;
      send.click();
      await waitFor(() => formError(el), { message: 'the wait' });
      await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
      await sendKeys({ type: '111111' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => formError(el) === 'Get a verification code first', { message: 'the later message' });
      await waitFor(() => !send.disabled, { message: 'the end of the wait', timeout: 3000 });
      await new Promise((r) => setTimeout(r, 300));
      expect(formError(el)).to.equal('Get a verification code first');
    });

    it('sends a code typed before Get Code to the server, which decides', async () => {
      const api = await mockApi(routes);
      const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
      await confirmAccount(el);
      await waitFor(() => step(el) === 'verify', { message: 'step 2' });
      await waitFor(() => $(el, '[part~="send-button"]'), { message: 'the verification step' });
      input(el, 'code').focus();
      await sendKeys({ type: '135790' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => step(el) === 'reset', { message: 'step 3' });
      expect(callsTo(await api.calls(), path('emailCaptcha'))).to.have.length(0);
    });

    it('still says so when the server names a long wait (an hourly cap), and takes the code', async () => {
      const api = await mockApi([...routes, { ...resendWait, body: { code: 'too_many_requests', retry_after: 3272 } }]);
      const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
      await confirmAccount(el);
      await waitFor(() => step(el) === 'verify', { message: 'step 2' });
      const send = (await waitFor(() => $(el, '[part~="send-button"]'))) as HTMLButtonElement;
      send.click();
      await waitFor(() => formError(el), { message: 'the wait' });
      expect(formError(el)).to.equal('Too many requests. You can get a code when the countdown ends.');
      expect(send.textContent).to.equal('Get Code in 55 minutes');
      await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
      await sendKeys({ type: '135790' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => step(el) === 'reset', { message: 'step 3' });
    });
  });

  it('sends the verification back to step 2 when the page has expired', async () => {
    const api = await mockApi([
      ...routes,
      { method: 'PUT', path: path('password:reset'), status: 403, body: { code: 'page_expired' }, times: 1 },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el);
    await verifyByEmail(el);
    await setPassword(el);
    await waitFor(() => step(el) === 'verify', { message: 'back to step 2' });
    expect(formError(el)).to.equal('The page has expired. Please verify again.');
    expect(stepStates(el)).to.deep.equal(['done', 'current', 'todo']);
  });

  it('checks the new password live and refuses a mismatch', async () => {
    const api = await mockApi(routes);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el);
    await verifyByEmail(el);
    await sendKeys({ type: 'short1#' });
    expect($$(el, '[part="password-rule"]').map((r) => r.dataset.state)).to.deep.equal([
      'unmet',
      'met',
      'met',
      'met',
      'met',
    ]);
    await sendKeys({ type: 'X' });
    input(el, 'confirm_password').focus();
    await sendKeys({ type: 'short1#Y' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect($$(el, '[part="field"] [part="error"]').map((e) => e.textContent)).to.include('The passwords do not match');
    expect(callsTo(await api.calls(), path('password:reset'), 'PUT')).to.have.length(0);
  });

  for (const [locale, label] of [
    ['en_US', 'Show password'],
    ['zh_CN', '显示密码'],
  ] as const) {
    it(`shows and hides each new password with the same toggle as the set-password step (${locale})`, async () => {
      const api = await mockApi(routes);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await confirmAccount(el);
      await verifyByEmail(el);
      const toggles = $$(el, '[part~="password-toggle"]') as HTMLButtonElement[];
      expect(toggles).to.have.length(2);
      expect(toggles.map((b) => b.getAttribute('aria-label'))).to.deep.equal([label, label]);
      expect(toggles.map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['false', 'false']);
      await sendKeys({ type: 'Fresh#pw9' });
      toggles[0]!.click();
      await settle();
      expect(input(el, 'new_password').type).to.equal('text');
      expect(input(el, 'new_password').value).to.equal('Fresh#pw9');
      expect(toggles[0]!.getAttribute('aria-pressed')).to.equal('true');
      expect(input(el, 'confirm_password').type, 'each field has its own toggle').to.equal('password');
      toggles[1]!.click();
      await settle();
      expect(input(el, 'confirm_password').type).to.equal('text');
      toggles[0]!.click();
      await settle();
      expect(input(el, 'new_password').type).to.equal('password');
    });
  }

  it('links back to login on every step', async () => {
    const api = await mockApi(routes);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    for (const expected of ['account', 'verify', 'reset']) {
      if (expected === 'verify') await confirmAccount(el);
      if (expected === 'reset') await verifyByEmail(el);
      await waitFor(() => step(el) === expected);
      const link = $(el, '[part="login-link"]') as HTMLAnchorElement;
      expect(link.getAttribute('href')).to.equal(`${api.host}/users/#/users/login`);
      link.click();
    }
    expect(nav.urls).to.deep.equal(Array(3).fill(`${api.host}/users/#/users/login`));
  });
});
