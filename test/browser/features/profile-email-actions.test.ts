import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, ME, REBIND, UNBIND, callsMatching, me, stillFrame, toasts } from './profile-fixtures';

const ADDRESS = 'lin@example.com';
const resendButton = (el: Element) => $(el, '[part~="resend-button"]') as HTMLButtonElement;

describe('<yx-profile> email resend and unbind', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given an email that is not verified', () => {
    it('resends the verification email, then counts down the minute before the next one', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: false } }) },
        { method: 'POST', path: REBIND, body: {} },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await waitFor(() => resendButton(el));
      expect(resendButton(el).getAttribute('aria-disabled')).to.equal(null);
      resendButton(el).click();
      const [call] = await callsMatching(api, (c) => c.path === REBIND);
      expect(call!.body).to.deep.equal({ email: ADDRESS });
      await waitFor(() => toasts(el).includes(`A verification email was sent to ${ADDRESS}`));
      expect(resendButton(el).textContent).to.equal('Resend in 60 s');
      expect(resendButton(el).getAttribute('aria-disabled')).to.equal('true');
      await waitFor(() => resendButton(el).textContent === 'Resend in 59 s', { message: 'the countdown to tick' });
      resendButton(el).click();
      await settle();
      expect((await api.calls()).filter((c) => c.path === REBIND)).to.have.length(1);
    });

    it('waits the seconds a 429 asks for, then lets the user resend (in Chinese)', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: false } }) },
        { method: 'POST', path: REBIND, body: {} },
        {
          method: 'POST',
          path: REBIND,
          status: 429,
          body: { code: 'email_too_frequent', message: 'slow down', retry_after: 2 },
          times: 1,
        },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => resendButton(el));
      resendButton(el).click();
      await waitFor(() => toasts(el).length > 0);
      expect(toasts(el)).to.deep.equal(['发送邮件失败：请求过于频繁，请一分钟后再试']);
      expect(resendButton(el).textContent).to.equal('2 秒后可重新发送');
      expect(resendButton(el).getAttribute('aria-disabled')).to.equal('true');
      await waitFor(() => resendButton(el).textContent === '重新发送验证邮件', {
        timeout: 4000,
        message: 'the cooldown to end',
      });
      expect(resendButton(el).getAttribute('aria-disabled')).to.equal(null);
      resendButton(el).click();
      await waitFor(() => toasts(el).includes(`验证邮件已发送至 ${ADDRESS}`));
      expect(resendButton(el).textContent).to.equal('60 秒后可重新发送');
    });

    it('waits a minute after a 429 without retry_after', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: false } }) },
        { method: 'POST', path: REBIND, status: 429, body: { code: 'email_too_frequent' } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await waitFor(() => resendButton(el));
      resendButton(el).click();
      await waitFor(() => toasts(el).length > 0);
      expect(toasts(el)).to.deep.equal([
        'Failed to send the email: Too many requests. Please try again after one minute.',
      ]);
      expect(resendButton(el).textContent).to.equal('Resend in 60 s');
    });
  });

  describe('given a bound email', () => {
    it('unbinds it after a confirmation, then offers Bind with the focus on it', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: true } }) },
        { method: 'POST', path: UNBIND, body: {} },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      const updates: unknown[] = [];
      el.addEventListener('yx-profile-update', (e) => updates.push(e.detail));
      const unbind = (await waitFor(() => $(el, '[part~="unbind-button"]')))!;
      expect(unbind.getAttribute('aria-label')).to.equal(`Unbind email “${ADDRESS}”`);
      unbind.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      expect(confirm.getAttribute('role')).to.equal('alertdialog');
      expect($(el, '[part~="confirm-title"]')!.textContent).to.equal(`Unbind “${ADDRESS}”?`);
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
      expect((await api.calls()).some((c) => c.path === UNBIND)).to.equal(false);

      ($(el, '[part~="confirm-button"]') as HTMLButtonElement).click();
      const [call] = await callsMatching(api, (c) => c.path === UNBIND);
      expect(call!.body).to.deep.equal({ email: ADDRESS });
      await waitFor(() => $(el, '[part~="bind-button"]'), { message: 'the Bind button' });
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
      expect(toasts(el)).to.include('Email address unbound');
      expect($(el, '[part="email"]')!.getAttribute('data-state')).to.equal('none');
      expect(updates).to.deep.equal([{ field: 'email' }]);
      await waitFor(() => deepActiveElement() === $(el, '[part~="bind-button"]'), { message: 'focus on Bind' });
    });

    it('keeps the confirmation open and the email when unbinding fails', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: false } }) },
        { method: 'POST', path: UNBIND, status: 409, body: { code: 'email_binding_status', message: 'x' } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      (await waitFor(() => $(el, '[part~="unbind-button"]')))!.click();
      await waitFor(() => $(el, '[part~="confirm-button"]'));
      ($(el, '[part~="confirm-button"]') as HTMLButtonElement).click();
      await waitFor(() => toasts(el).length > 0);
      expect(toasts(el)).to.deep.equal([
        'Failed to unbind the email address: Your email address changed in the meantime. Reload the page and try again.',
      ]);
      expect($(el, '[part~="confirm"]')).to.not.equal(null);
      expect($(el, '[part="email-address"]')!.textContent).to.equal(ADDRESS);
    });
  });
});
