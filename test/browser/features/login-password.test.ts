import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  $,
  ALICE,
  LOGIN,
  NEW_CSRF,
  PAGE_SETTINGS,
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
} from './login-fixtures';

describe('<yx-login> with account and password', () => {
  const nav = useNavigationCapture();
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('gets a CSRF token from the page settings first and signs in with it and the device headers', async () => {
    const api = await mockApi(baseRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    const calls = await untilCalls(api, (c) => logins(c).length === 1, 'the login call');
    const settingsCall = calls.findIndex((c) => c.method === 'GET' && c.path === PAGE_SETTINGS);
    const loginCall = calls.findIndex((c) => c.path === LOGIN);
    expect(settingsCall).to.be.within(0, loginCall - 1);
    const login = calls[loginCall]!;
    expect(login.headers['x-csrf-token']).to.equal(PRE_CSRF);
    expect(login.headers['user_agent']).to.equal(navigator.userAgent);
    expect(login.headers['umid-token']).to.match(/^umid-[0-9a-f]{32}$/);
    expect(login.body).to.deep.equal({ username: 'alice', password: 'Secret#123' });
  });

  it('keeps one umid-token for the element’s life and uses the csrf-token attribute when given', async () => {
    const api = await mockApi([...baseRoutes, refusal(401, 'account_or_password_incorrect')]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US', 'csrf-token': 'csrf-attr' });
    await signIn(el, 'alice', 'wrong-1');
    await waitFor(() => formError(el));
    input(el, 'password').select();
    await sendKeys({ type: 'Secret#123' });
    await sendKeys({ press: 'Enter' });
    const calls = await untilCalls(api, (c) => logins(c).length === 2, 'two login calls');
    expect(calls.some((c) => c.path === PAGE_SETTINGS)).to.equal(false);
    const [first, second] = logins(calls);
    expect(first!.headers['x-csrf-token']).to.equal('csrf-attr');
    expect(second!.headers['umid-token']).to.equal(first!.headers['umid-token']);
  });

  for (const [locale, account, password] of [
    ['en_US', 'Enter your account', 'Enter your password'],
    ['zh_CN', '请输入账号', '请输入密码'],
  ] as const) {
    it(`asks for the account and the password before sending anything (${locale})`, async () => {
      const api = await mockApi(baseRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale });
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      expect(fieldErrors(el)).to.deep.equal([account, password]);
      expect(deepActiveElement()).to.equal(input(el, 'username'));
      await typeInto(el, 'username', 'alice');
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      expect(fieldErrors(el)).to.deep.equal([password]);
      expect(deepActiveElement()).to.equal(input(el, 'password'));
      expect(logins(await api.calls())).to.have.length(0);
    });
  }

  for (const [locale, text] of [
    ['en_US', 'The account or password is incorrect'],
    ['zh_CN', '账号或密码错误'],
  ] as const) {
    it(`says the account or password is wrong, in place (${locale})`, async () => {
      const api = await mockApi([...baseRoutes, refusal(401, 'account_or_password_incorrect')]);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await signIn(el);
      const alert = await waitFor(() => $(el, '[part="form-error"][role="alert"]'));
      expect(alert!.textContent).to.equal(text);
      expect(nav.urls).to.deep.equal([]);
    });
  }

  it('says when the frozen account can try again, from frozenUntil', async () => {
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000 - 5_000).toISOString();
    const api = await mockApi([...baseRoutes, refusal(423, 'account_frozen', { frozenUntil: inMinutes(60) })]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('Too many incorrect passwords. The account is frozen. Try again in 1 hour.');

    await api.define([...baseRoutes, refusal(423, 'account_frozen', { frozenUntil: inMinutes(12) })]);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => formError(el)?.includes('12'));
    expect(formError(el)).to.equal('Too many incorrect passwords. The account is frozen. Try again in 12 minutes.');
  });

  it('says when the frozen account can try again, in Chinese', async () => {
    const until = new Date(Date.now() + 59 * 60_000 + 30_000).toISOString();
    const api = await mockApi([...baseRoutes, refusal(423, 'account_frozen', { frozenUntil: until })]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await signIn(el);
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('密码错误次数过多，账号已被冻结，请 1 小时后重试');
  });

  it('shows the mail problems of §8 in place', async () => {
    const api = await mockApi([...baseRoutes, refusal(403, 'no_email')]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    await waitFor(() => formError(el));
    expect(formError(el)).to.equal('No email is bound to this account, so a verification code cannot be sent');
    await api.define([...baseRoutes, refusal(403, 'email_service_not_configured')]);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => formError(el)?.includes('not configured'));
  });

  it('marks the submit button busy while the server answers, and sends once', async () => {
    const api = await mockApi([...baseRoutes, { method: 'POST', path: LOGIN, body: {}, delayMs: 600, times: 1 }]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    const button = $(el, '[part~="submit-button"]') as HTMLButtonElement;
    await waitFor(() => button.getAttribute('aria-busy') === 'true', { message: 'a busy button' });
    button.click();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => button.getAttribute('aria-busy') === null, { message: 'the button to be ready again' });
    expect(logins(await api.calls())).to.have.length(1);
  });

  it('signs in with the keyboard alone and reports the user and the new CSRF token', async () => {
    const api = await mockApi(baseRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    const details: unknown[] = [];
    el.addEventListener('yx-login', (e) => details.push(e.detail));
    input(el, 'username').focus();
    await sendKeys({ type: 'alice' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(input(el, 'password'));
    await sendKeys({ type: 'Secret#123' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part~="password-toggle"]'));
    await sendKeys({ press: 'Space' });
    expect(input(el, 'password').type).to.equal('text');
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part~="submit-button"]'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => nav.urls.length === 1, { message: 'navigation' });
    expect(details).to.deep.equal([{ user: ALICE, csrfToken: NEW_CSRF }]);
    expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/settings/profile`]);
    expect($(el, '[part="login"]')!.dataset.step).to.equal('signed-in');
  });

  describe('given a next URL', () => {
    it('goes to a same-origin next-url', async () => {
      const api = await mockApi(baseRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale: 'en_US', 'next-url': '/projex/board?x=1' });
      await signIn(el);
      await waitFor(() => nav.urls.length === 1);
      expect(nav.urls).to.deep.equal(['/projex/board?x=1']);
    });

    it('ignores a next-url on another origin', async () => {
      const api = await mockApi(baseRoutes);
      for (const next of ['https://evil.example/steal', '//evil.example', 'javascript:alert(1)']) {
        const el = await mountElement('yx-login', { host: api.host, locale: 'en_US', 'next-url': next });
        await signIn(el);
        await waitFor(() => nav.urls.length === 1);
        expect(nav.urls, next).to.deep.equal([`${api.host}/users/#/users/settings/profile`]);
        nav.urls.length = 0;
        el.remove();
      }
    });

    it('reads nextUrl from the page’s hash route when there is no attribute', async () => {
      history.replaceState(null, '', '#/users/login?next_url=' + encodeURIComponent('#/users/settings/ssh'));
      const api = await mockApi(baseRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
      await signIn(el);
      await waitFor(() => nav.urls.length === 1);
      expect(nav.urls).to.deep.equal(['#/users/settings/ssh']);
    });
  });

  it('goes to Forgot Password through a cancelable navigation', async () => {
    const api = await mockApi(baseRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    const link = $(el, '[part="forgot-link"]') as HTMLAnchorElement;
    expect(link.textContent).to.equal('Forgot Password');
    link.click();
    expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/resetpassword`]);
    expect(location.hash).to.equal('');
  });
});
