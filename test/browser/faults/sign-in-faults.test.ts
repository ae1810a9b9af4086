/**
 * The sign-in forms against a server that fails the way real ones do: a 500 with a request id, a
 * body that is not JSON, a connection dropped without an answer, an answer slower than the
 * client's timeout. The user is told what happened in place (not a blank, not a stuck spinner),
 * nothing they typed is lost, and sending again once the server is well goes through.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import '../../../elements/yx-password-reset';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import { serverFaults } from './server-faults';
import {
  ALICE,
  LOGIN,
  NEW_CSRF,
  PRE_CSRF,
  baseRoutes,
  logins,
  signIn,
  untilCalls,
  useNavigationCapture,
} from '../features/login-fixtures';
import {
  RESET_CSRF as CSRF,
  callsTo,
  confirmAccount,
  resetPath as path,
  resetRoutes,
  resetStep as step,
} from '../features/password-reset-fixtures';

const FAULTS = serverFaults('req-sign-in-500');

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;
const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;

/** The form's message once it is there and on screen, as an assistive technology announces it. */
async function visibleFormError(el: Element): Promise<HTMLElement> {
  const alert = (await waitFor(() => $(el, '[part="form-error"]'), { timeout: 9000, message: 'the form error' }))!;
  expect(alert.getAttribute('role')).to.equal('alert');
  expect(alert.checkVisibility({ checkVisibilityCSS: true }), 'the message is on screen').to.equal(true);
  return alert;
}

/** The calls made while the server failed: at least one (a browser may quietly resend one whose
 * connection dropped), each carrying exactly what the user typed. */
function expectSentAsTyped(calls: ReadonlyArray<{ body: unknown }>, typed: unknown) {
  expect(calls.length).to.be.at.least(1);
  for (const call of calls) expect(call.body).to.deep.equal(typed);
}

/** Nothing is left spinning and the submit button takes a click or Enter again. */
function expectReadyToSendAgain(el: Element) {
  const button = submitButton(el);
  expect(button.getAttribute('aria-busy'), 'submit button busy').to.equal(null);
  expect(button.getAttribute('aria-disabled'), 'submit button disabled').to.equal(null);
  expect(button.disabled).to.equal(false);
  expect($(el, '.yx-spinner') === null, 'no spinner left').to.equal(true);
}

describe('<yx-login> signing in with account and password while the server fails', () => {
  const nav = useNavigationCapture();

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so, keeps the account and the password, and signs in when sent again`, async () => {
      // The fault answers every time until the server is well again (a browser may quietly retry
      // a request whose connection dropped, so a one-off fault might never be seen).
      const api = await mockApi([...baseRoutes, { method: 'POST', path: LOGIN, ...fault.route }]);
      const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
      const signedIn: unknown[] = [];
      el.addEventListener('yx-login', (e) => signedIn.push((e as CustomEvent).detail));
      await signIn(el, 'alice', 'Secret#123');

      const alert = await visibleFormError(el);
      expect(alert.textContent).to.match(fault.says);
      expect($(el, '[part="login"]')!.dataset.step).to.equal('credentials');
      expect(input(el, 'username').value).to.equal('alice');
      expect(input(el, 'password').value).to.equal('Secret#123');
      expect(deepActiveElement() === input(el, 'password'), 'focus stays in the password field').to.equal(true);
      expectReadyToSendAgain(el);
      expect(signedIn).to.deep.equal([]);
      expect(nav.urls).to.deep.equal([]);
      expectSentAsTyped(logins(await api.calls()), { username: 'alice', password: 'Secret#123' });

      await api.define(baseRoutes);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => nav.urls.length === 1, { timeout: 5000, message: 'the navigation after signing in' });
      expect(signedIn).to.deep.equal([{ user: ALICE, csrfToken: NEW_CSRF }]);
      expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/settings/profile`]);
      expect($(el, '[part="login"]')!.dataset.step).to.equal('signed-in');
      expect($(el, '[part="form-error"]') === null, 'the message is gone').to.equal(true);
      const [again, ...more] = logins(await untilCalls(api, (c) => logins(c).length > 0, 'the second login'));
      expect(more).to.have.length(0);
      expect(again!.body).to.deep.equal({ username: 'alice', password: 'Secret#123' });
      expect(again!.headers['x-csrf-token']).to.equal(PRE_CSRF);
    });
  }
});

async function getCode(el: Element) {
  await waitFor(() => step(el) === 'verify' && $(el, '[part~="send-button"]'), { message: 'step 2' });
  ($(el, '[part~="send-button"]') as HTMLButtonElement).click();
  await waitFor(() => deepActiveElement() === input(el, 'code'), { message: 'focus in the code field' });
  await sendKeys({ type: '135790' });
}

describe('<yx-password-reset> while the server fails', () => {
  const nav = useNavigationCapture();

  describe('confirming the account', () => {
    for (const fault of FAULTS) {
      it(`on ${fault.name}: says so, keeps the account, and moves to verification when sent again`, async () => {
        const api = await mockApi([...resetRoutes, { method: 'GET', path: path('check'), ...fault.route }]);
        const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
        await confirmAccount(el);

        const alert = await visibleFormError(el);
        expect(alert.textContent).to.match(fault.says);
        expect(step(el)).to.equal('account');
        expect(input(el, 'username').value).to.equal('dana');
        expect(deepActiveElement() === input(el, 'username'), 'focus stays in the account field').to.equal(true);
        expectReadyToSendAgain(el);
        expect(callsTo(await api.calls(), path('check'), 'GET').length).to.be.at.least(1);

        await api.define(resetRoutes);
        await sendKeys({ press: 'Enter' });
        await waitFor(() => step(el) === 'verify', { timeout: 5000, message: 'step 2' });
        const intro = (await waitFor(() => $(el, '[part="verify-intro"]'), { message: 'the verification step' }))!;
        expect(intro.textContent).to.contain('d***@example.com');
        expect($(el, '[part="form-error"]') === null, 'the message is gone').to.equal(true);
        expect(callsTo(await api.calls(), path('check'), 'GET')).to.have.length(1);
      });
    }
  });

  describe('checking the emailed code', () => {
    for (const fault of FAULTS) {
      it(`on ${fault.name}: says so, keeps the code, and moves to the new password when sent again`, async () => {
        const api = await mockApi([
          ...resetRoutes,
          { method: 'POST', path: path('emailCaptcha:verify'), ...fault.route },
        ]);
        const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
        await confirmAccount(el);
        await getCode(el);
        await sendKeys({ press: 'Enter' });

        const alert = await visibleFormError(el);
        expect(alert.textContent).to.match(fault.says);
        expect(step(el)).to.equal('verify');
        expect(input(el, 'code').value).to.equal('135790');
        expect(deepActiveElement() === input(el, 'code'), 'focus stays in the code field').to.equal(true);
        expectReadyToSendAgain(el);
        expectSentAsTyped(callsTo(await api.calls(), path('emailCaptcha:verify'), 'POST'), { code: '135790' });

        await api.define(resetRoutes);
        await sendKeys({ press: 'Enter' });
        await waitFor(() => step(el) === 'reset' && input(el, 'new_password'), { timeout: 5000, message: 'step 3' });
        const [again, ...more] = callsTo(await api.calls(), path('emailCaptcha:verify'), 'POST');
        expect(more).to.have.length(0);
        expect(again!.body).to.deep.equal({ code: '135790' });
      });
    }
  });

  describe('setting the new password', () => {
    for (const fault of FAULTS) {
      it(`on ${fault.name}: says so, keeps both passwords, and finishes when sent again`, async () => {
        const api = await mockApi([...resetRoutes, { method: 'PUT', path: path('password:reset'), ...fault.route }]);
        const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
        await confirmAccount(el);
        await getCode(el);
        await sendKeys({ press: 'Enter' });
        await waitFor(() => step(el) === 'reset' && deepActiveElement() === input(el, 'new_password'), {
          timeout: 5000,
          message: 'step 3 with focus in the new password',
        });
        await sendKeys({ type: 'Fresh#pw9' });
        input(el, 'confirm_password').focus();
        await sendKeys({ type: 'Fresh#pw9' });
        await sendKeys({ press: 'Enter' });

        const alert = await visibleFormError(el);
        expect(alert.textContent).to.match(/^Reset failed: /);
        expect(alert.textContent).to.match(fault.says);
        expect(step(el)).to.equal('reset');
        expect(input(el, 'new_password').value).to.equal('Fresh#pw9');
        expect(input(el, 'confirm_password').value).to.equal('Fresh#pw9');
        expect(deepActiveElement() === input(el, 'confirm_password'), 'focus stays in the confirmation').to.equal(true);
        expectReadyToSendAgain(el);
        expectSentAsTyped(callsTo(await api.calls(), path('password:reset'), 'PUT'), { new_password: 'Fresh#pw9' });

        await api.define(resetRoutes);
        await sendKeys({ press: 'Enter' });
        await waitFor(() => step(el) === 'done', { timeout: 5000, message: 'the success screen' });
        const [again, ...more] = callsTo(await api.calls(), path('password:reset'), 'PUT');
        expect(more).to.have.length(0);
        expect(again!.body).to.deep.equal({ new_password: 'Fresh#pw9' });
        expect(again!.headers['x-csrf-token']).to.equal(CSRF);
        ($(el, '[part~="login-button"]') as HTMLButtonElement).click();
        expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/login`]);
      });
    }
  });
});
