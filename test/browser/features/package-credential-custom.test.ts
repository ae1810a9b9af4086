import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-package-credential';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  GENERATED,
  PASSWORD_PATH,
  callsMatching,
  generateRoute,
  setRoute,
  stubClipboard,
  userInfoRoute,
} from './package-credential-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const toasts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="toast"]')].map((t) => t.querySelector('span')!.textContent);
const fieldError = (el: Element) => $(el, '[part="custom-form"] [part="error"]')!.textContent;
const submit = (el: Element) => ($(el, '[part="custom-form"] [part~="submit-button"]') as HTMLButtonElement).click();

async function openForm(el: Element) {
  const toggle = (await waitFor(() => $(el, '[part~="custom-button"]'))) as HTMLButtonElement;
  expect(toggle.getAttribute('aria-expanded')).to.equal('false');
  toggle.click();
  const input = (await waitFor(() => $(el, '[part="custom-form"] input[name="password"]'))) as HTMLInputElement;
  expect(toggle.getAttribute('aria-expanded')).to.equal('true');
  await waitFor(() => deepActiveElement() === input, { message: 'focus in the password field' });
  return input;
}

describe('<yx-package-credential> set my own password', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  describe('given a password that breaks the rule', () => {
    it('says what is missing and sends nothing', async () => {
      const api = await mockApi([userInfoRoute(), setRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const input = await openForm(el);
      expect($(el, '[part="custom-form"] [part="hint"]')!.textContent).to.contain('10 seconds after you save');
      submit(el);
      await settle();
      expect(fieldError(el)).to.not.equal('');
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      await sendKeys({ type: 'abcdefgh' });
      await settle();
      expect(fieldError(el)).to.match(/digit/i);
      await sendKeys({ type: '12' });
      await settle();
      expect(fieldError(el)).to.match(/symbol/i);
      submit(el);
      await settle();
      expect((await api.calls()).filter((c) => c.method === 'POST')).to.have.length(0);
    });

    it('refuses Chinese characters in Chinese (zh_CN)', async () => {
      const api = await mockApi([userInfoRoute(), setRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      const input = await openForm(el);
      input.focus();
      document.execCommand('insertText', false, '密码Abc123#x');
      submit(el);
      await settle();
      expect(fieldError(el)).to.match(/中文|汉字/);
      expect((await api.calls()).filter((c) => c.method === 'POST')).to.have.length(0);
    });
  });

  describe('given a valid password', () => {
    it('sends { password }, starts the countdown and closes the form without showing it', async () => {
      const api = await mockApi([userInfoRoute(), setRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-package-password-reset', (e) => events.push(e.detail));
      await openForm(el);
      await sendKeys({ type: 'Build#2026pkg' });
      await sendKeys({ press: 'Enter' });
      const [call] = await callsMatching(api, (c) => c.method === 'POST');
      expect(call!.path).to.equal(PASSWORD_PATH);
      expect(call!.body).to.deep.equal({ password: 'Build#2026pkg' });
      await waitFor(() => !$(el, '[part="custom-form"]'), { message: 'the form to close' });
      expect(toasts(el)).to.include('Password set');
      expect($(el, '[part="effect-note"]')!.dataset.state).to.equal('pending');
      expect($(el, '[part~="password-value"]'), 'a chosen password is not shown back').to.equal(null);
      expect(events).to.have.length(1);
      await waitFor(() => deepActiveElement() === $(el, '[part~="custom-button"]'), { message: 'focus on the toggle' });
    });

    it('replaces a generated password still on screen', async () => {
      restore = stubClipboard(async () => undefined);
      const api = await mockApi([userInfoRoute(), generateRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      ((await waitFor(() => $(el, '[part~="reset-button"]'))) as HTMLButtonElement).click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => $(el, '[part~="password-value"]'));
      await waitFor(() => deepActiveElement() === $(el, '[part~="password-copy"]'), { message: 'focus on Copy' });
      await api.define([userInfoRoute(), setRoute()]);
      await openForm(el);
      await sendKeys({ type: 'Mine#12345' });
      submit(el);
      await waitFor(() => !$(el, '[part="custom-form"]'));
      expect($(el, '[part~="password-value"]')).to.equal(null);
      expect(el.shadowRoot!.innerHTML).to.not.contain(GENERATED);
    });

    it("puts the server's refusal on the field (zh_CN)", async () => {
      const api = await mockApi([
        userInfoRoute(),
        {
          method: 'POST',
          path: PASSWORD_PATH,
          status: 400,
          body: { code: 'invalid_request', message: '密码不能与用户名相同', field: 'password', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      const input = await openForm(el);
      await sendKeys({ type: 'Build#2026pkg' });
      submit(el);
      await waitFor(() => fieldError(el) === '密码不能与用户名相同', { message: 'the field error' });
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect($(el, '[part="effect-note"]')).to.equal(null);
      // Typing again clears the server's message.
      await sendKeys({ type: 'x' });
      await settle();
      expect(fieldError(el)).to.equal('');
    });

    it('says why when the server fails, and keeps the form', async () => {
      const api = await mockApi([
        userInfoRoute(),
        {
          method: 'POST',
          path: PASSWORD_PATH,
          status: 403,
          body: { code: 'session_required', message: 'session required', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      await openForm(el);
      await sendKeys({ type: 'Build#2026pkg' });
      submit(el);
      const error = (await waitFor(() => $(el, '[part="form-error"]'), { message: 'the form error' }))!;
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.textContent).to.equal(
        'Setting the password failed, please retry: The password can only be changed from a signed-in browser',
      );
      expect($(el, '[part="custom-form"]')).to.exist;
      expect($(el, '[part="effect-note"]')).to.equal(null);
    });

    it('closes on Cancel and gives focus back to the toggle', async () => {
      const api = await mockApi([userInfoRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      await openForm(el);
      ($(el, '[part="custom-form"] [part~="cancel-button"]') as HTMLButtonElement).click();
      await waitFor(() => !$(el, '[part="custom-form"]'));
      await waitFor(() => deepActiveElement() === $(el, '[part~="custom-button"]'), { message: 'focus on the toggle' });
    });
  });
});
