import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import { $, ME, REBIND, callsMatching, me, toasts } from './profile-fixtures';

const ADDRESS = 'lin@example.com';
const NEW = 'wei@example.com';
const verified = { address: ADDRESS, verified: true };
const changed = { email: { ...verified, pending: { address: NEW, expired: false } }, sent: true };
const inModal = (el: Element, selector: string) => $(el, `[part~="modal"] ${selector}`);
const fieldError = (el: Element) => inModal(el, '[part="error"]')?.textContent;

async function openChange(el: Element) {
  await waitFor(() => $(el, '[part~="change-button"]'), { message: 'the profile' });
  $(el, '[part~="change-button"]')!.click();
  const input = (await waitFor(() => inModal(el, 'input[name="email"]'), { message: 'the email dialog' }))!;
  await waitFor(() => deepActiveElement() === input, { message: 'focus in the email field' });
  return input as HTMLInputElement;
}
const submit = (el: Element) => (inModal(el, '[part~="submit-button"]') as HTMLButtonElement).click();

// A refusal the dialog shows is said there once: a toast repeating it was announced twice, and
// it stayed on screen beside the success of the corrected address.
describe('<yx-profile> email dialog failures', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given an address bound to another account', () => {
    it('says so on the field alone, and after the corrected change shows only the success', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: verified }) },
        { method: 'POST', path: REBIND, body: changed },
        // The newest definition wins: the first change is refused, the next one goes through.
        {
          method: 'POST',
          path: REBIND,
          status: 409,
          body: { code: 'email_already_bound', field: 'email', message: 'bound' },
          times: 1,
        },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      const input = await openChange(el);
      await sendKeys({ type: 'taken@example.com' });
      submit(el);
      await waitFor(() => fieldError(el) === 'This email address is already bound', { message: 'the field error' });
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(toasts(el), 'no toast repeats the field error').to.deep.equal([]);
      expect(inModal(el, '[part="form-error"]'), 'nor a second alert in the form').to.equal(null);

      input.select();
      await sendKeys({ type: NEW });
      submit(el);
      await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the dialog to close' });
      const calls = await callsMatching(api, (c) => c.path === REBIND, 2);
      expect(calls.map((c) => c.body)).to.deep.equal([{ email: 'taken@example.com' }, { email: NEW }]);
      expect(toasts(el)).to.deep.equal([
        `A verification email was sent to ${NEW}. Your email address changes once its link is opened.`,
      ]);
    });
  });

  describe('given a mail server that fails (in Chinese)', () => {
    it('says why in the form alert alone, and after a retry shows only the success', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ language: 'zh_CN', email: verified }) },
        { method: 'POST', path: REBIND, body: changed },
        { method: 'POST', path: REBIND, status: 502, body: { code: 'email_send_failed', requestId: 'r1' }, times: 1 },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
      await openChange(el);
      await sendKeys({ type: NEW });
      submit(el);
      const alert = (await waitFor(() => inModal(el, '[part="form-error"]'), { message: 'the form alert' }))!;
      expect(alert.textContent).to.equal('修改邮箱失败：验证邮件发送失败，请稍后重试');
      expect(alert.getAttribute('role'), 'read out as it appears').to.equal('alert');
      expect(toasts(el), 'no toast repeats the alert').to.deep.equal([]);

      submit(el);
      await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the dialog to close' });
      expect(toasts(el)).to.deep.equal([`验证邮件已发送至 ${NEW}，打开其中的链接后即完成修改。`]);
    });
  });
});
