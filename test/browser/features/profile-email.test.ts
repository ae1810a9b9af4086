import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, $$, BIND, ME, REBIND, callsMatching, me, stillFrame, toasts } from './profile-fixtures';

const ADDRESS = 'lin@example.com';
const unverified = { address: ADDRESS, verified: false };
const verified = { address: ADDRESS, verified: true };
const inModal = (el: Element, selector: string) => $(el, `[part~="modal"] ${selector}`);

async function openDialog(el: Element, button: string) {
  await waitFor(() => $(el, '[part="account"]'));
  $(el, `[part~="${button}"]`)!.click();
  const input = (await waitFor(() => inModal(el, 'input[name="email"]'), { message: 'the email dialog' }))!;
  await waitFor(() => deepActiveElement() === input, { message: 'focus in the email field' });
  return input as HTMLInputElement;
}

const submit = async (el: Element) => {
  (inModal(el, '[part~="submit-button"]') as HTMLButtonElement).click();
  await settle();
};
const fieldError = (el: Element) => inModal(el, '[part="error"]')!.textContent;

describe('<yx-profile> email', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const states = [
    { email: null, state: 'none', en: ['No email address bound', 'Bind email'], zh: ['未绑定邮箱', '绑定邮箱'] },
    {
      email: unverified,
      state: 'unverified',
      en: [ADDRESS, 'Not verified', 'Resend verification email', 'Change', 'Unbind'],
      zh: [ADDRESS, '未验证', '重新发送验证邮件', '修改', '解绑'],
    },
    {
      email: verified,
      state: 'verified',
      en: [ADDRESS, 'Verified', 'Change', 'Unbind'],
      zh: [ADDRESS, '已验证', '修改', '解绑'],
    },
  ] as const;
  for (const { email, state, en, zh } of states) {
    for (const locale of ['en_US', 'zh_CN'] as const) {
      it(`shows the ${state} email state and its actions (${locale})`, async () => {
        const api = await mockApi([{ method: 'GET', path: ME, body: me({ email }) }]);
        const el = await mountElement('yx-profile', { host: api.host, locale });
        const block = (await waitFor(() => $(el, '[part="email"]')))!;
        expect(block.getAttribute('data-state')).to.equal(state);
        for (const text of locale === 'en_US' ? en : zh) expect(block.textContent).to.contain(text);
        const buttons = $$(el, '[part="email"] button').map((b) => b.getAttribute('part'));
        const expected = {
          none: ['button bind-button'],
          unverified: ['button resend-button', 'button change-button', 'button unbind-button'],
          verified: ['button change-button', 'button unbind-button'],
        }[state];
        expect(buttons).to.deep.equal(expected);
      });
    }
  }

  describe('given no email', () => {
    it('binds one after checking the format, then shows it not verified with the resend cooldown', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me() },
        { method: 'POST', path: BIND, body: { email: { address: ADDRESS, verified: false }, sent: true } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      const updates: unknown[] = [];
      el.addEventListener('yx-profile-update', (e) => updates.push(e.detail));
      await openDialog(el, 'bind-button');
      expect(inModal(el, '[part~="modal-title"]')!.textContent).to.equal('Bind an email address');
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);

      await submit(el);
      expect(fieldError(el)).to.equal('Enter an email address');
      await sendKeys({ type: 'lin@' });
      await submit(el);
      expect(fieldError(el)).to.equal('The format of the email address is invalid');
      await expectNoAxeViolations(el.shadowRoot!);
      expect((await api.calls()).some((c) => c.path === BIND)).to.equal(false);

      await sendKeys({ type: 'example.com' });
      await sendKeys({ press: 'Enter' });
      const [call] = await callsMatching(api, (c) => c.path === BIND);
      expect(call!.body).to.deep.equal({ email: ADDRESS });
      await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the dialog to close' });
      expect(toasts(el)).to.include(`Email address added. A verification email was sent to ${ADDRESS}.`);
      expect($(el, '[part="email"]')!.getAttribute('data-state')).to.equal('unverified');
      const resend = $(el, '[part~="resend-button"]')!;
      expect(resend.textContent).to.equal('Resend in 60 s');
      expect(resend.getAttribute('aria-disabled')).to.equal('true');
      expect(updates).to.deep.equal([{ field: 'email' }]);
    });

    it('keeps the dialog open and says on the field that the address is already bound', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me() },
        {
          method: 'POST',
          path: BIND,
          status: 409,
          body: { code: 'email_already_bound', field: 'email', message: 'bound' },
        },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await openDialog(el, 'bind-button');
      await sendKeys({ type: ADDRESS });
      await submit(el);
      await waitFor(() => fieldError(el) === 'This email address is already bound', { message: 'the field error' });
      expect(toasts(el), 'said once, on the field').to.deep.equal([]);
      expect($(el, '[part="email"]')!.getAttribute('data-state')).to.equal('none');
    });

    it('puts the server reason on the field when the request names it', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me() },
        {
          method: 'POST',
          path: BIND,
          status: 400,
          body: { code: 'invalid_request', field: 'email', message: 'This domain is not allowed' },
        },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      const input = await openDialog(el, 'bind-button');
      await sendKeys({ type: 'lin@blocked.example' });
      await submit(el);
      await waitFor(() => fieldError(el) === 'This domain is not allowed', { message: 'the field error' });
      expect(input.getAttribute('aria-invalid')).to.equal('true');
    });

    it('explains in Chinese that the email service is not configured', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ language: 'zh_CN' }) },
        // As the server answers it (503, server/profile/mail-service.ts): a 5xx with a known code
        // still gets its own message, not the generic system error.
        {
          method: 'POST',
          path: BIND,
          status: 503,
          body: { code: 'email_service_not_configured', message: 'x', requestId: 'r9' },
        },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
      await openDialog(el, 'bind-button');
      expect(inModal(el, '[part~="modal-title"]')!.textContent).to.equal('绑定邮箱');
      await sendKeys({ type: ADDRESS });
      await submit(el);
      const alert = (await waitFor(() => inModal(el, '[part="form-error"]'), { message: 'the form alert' }))!;
      expect(alert.textContent).to.equal('添加邮箱失败：企业未配置邮件服务，请联系企业管理员');
      expect(toasts(el), 'said once, in the dialog').to.deep.equal([]);
    });
  });

  describe('given a verified email', () => {
    it('changes it to a new address, which waits for verification while the verified one stays', async () => {
      const pending = { address: 'wei@example.com', expired: false };
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: verified }) },
        { method: 'POST', path: REBIND, body: { email: { ...verified, pending }, sent: true } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part~="change-button"]'));
      expect($(el, '[part~="change-button"]')!.getAttribute('aria-label')).to.equal(`Change email “${ADDRESS}”`);
      await openDialog(el, 'change-button');
      expect(inModal(el, '[part~="modal-title"]')!.textContent).to.equal('Change your email address');
      expect(inModal(el, '[part="current-email"]')!.textContent).to.equal(`Current address: ${ADDRESS}`);
      expect(inModal(el, '[part="keeps-current"]')!.textContent).to.equal(
        'Your current address stays in use until the new one is verified.',
      );
      await sendKeys({ type: ADDRESS.toUpperCase() });
      await submit(el);
      expect(fieldError(el)).to.equal('This is already your email address');
      const input = inModal(el, 'input[name="email"]') as HTMLInputElement;
      input.select();
      await sendKeys({ type: 'wei@example.com' });
      await submit(el);
      const [call] = await callsMatching(api, (c) => c.path === REBIND);
      expect(call!.body).to.deep.equal({ email: 'wei@example.com' });
      await waitFor(() => $(el, '[part="email-pending-address"]')?.textContent === 'wei@example.com');
      expect($(el, '[part="email-address"]')!.textContent).to.equal(ADDRESS);
      expect($(el, '[part="email"]')!.getAttribute('data-state')).to.equal('verified');
      expect($(el, '[part="email"]')!.getAttribute('data-pending')).to.equal('pending');
      expect(toasts(el)).to.include(
        'A verification email was sent to wei@example.com. Your email address changes once its link is opened.',
      );
    });

    it('reads the binding again when the change answer does not say how it stands', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: verified }), times: 1 },
        {
          method: 'GET',
          path: ME,
          body: me({ email: { ...verified, pending: { address: 'wei@example.com', expired: false } } }),
        },
        { method: 'POST', path: REBIND, body: {} },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await openDialog(el, 'change-button');
      await sendKeys({ type: 'wei@example.com' });
      await submit(el);
      await waitFor(() => $(el, '[part="email-pending-address"]')?.textContent === 'wei@example.com');
      expect($(el, '[part="email-address"]')!.textContent).to.equal(ADDRESS);
      expect($(el, '[part="email-status"]')!.textContent).to.equal('Verified');
    });
  });

  describe('given an email that is not verified', () => {
    it('changes it at once: there is no verified address to keep', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: unverified }) },
        { method: 'POST', path: REBIND, body: { email: { address: 'wei@example.com', verified: false }, sent: true } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await openDialog(el, 'change-button');
      expect(inModal(el, '[part="keeps-current"]')).to.equal(null);
      await sendKeys({ type: 'wei@example.com' });
      await submit(el);
      await waitFor(() => $(el, '[part="email-address"]')!.textContent === 'wei@example.com');
      expect($(el, '[part="email"]')!.getAttribute('data-state')).to.equal('unverified');
      expect($(el, '[part="email-pending"]')).to.equal(null);
      expect(toasts(el)).to.include('Modified successfully. A verification email was sent to wei@example.com.');
    });
  });

  describe('given a verified email and a mail server that fails', () => {
    it('says the activation email could not be sent when changing fails', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: verified }) },
        { method: 'POST', path: REBIND, status: 502, body: { code: 'email_send_failed', requestId: 'r1' } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await openDialog(el, 'change-button');
      await sendKeys({ type: 'wei@example.com' });
      await submit(el);
      const alert = (await waitFor(() => inModal(el, '[part="form-error"]'), { message: 'the form alert' }))!;
      const message = 'Failed to change the email address: The verification email could not be sent. Try again later.';
      expect(alert.textContent).to.equal(message);
      expect(toasts(el), 'said once, in the dialog').to.deep.equal([]);
      expect($(el, '[part="email-address"]')!.textContent).to.equal(ADDRESS);
      expect($(el, '[part="email"]')!.getAttribute('data-state')).to.equal('verified');
    });
  });
});
