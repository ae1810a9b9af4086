import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import { $, $$, ME, REBIND, UNBIND, callsMatching, me, toasts } from './profile-fixtures';

const ADDRESS = 'lin@example.com';
const NEW = 'wei@example.com';
const waiting = { address: ADDRESS, verified: true, pending: { address: NEW, expired: false } };
const expired = { address: ADDRESS, verified: true, pending: { address: NEW, expired: true } };
const pendingBlock = (el: Element) => $(el, '[part="email-pending"]');

describe('<yx-profile> email change waiting for verification', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const shown = {
    en_US: [
      ADDRESS,
      'Verified',
      'New address:',
      NEW,
      'Pending verification',
      'Resend verification email',
      'Cancel change',
    ],
    zh_CN: [ADDRESS, '已验证', '新邮箱：', NEW, '待验证', '重新发送验证邮件', '取消修改'],
  };
  const hints = {
    en_US: `Open the link sent to ${NEW} to finish the change. Until then, ${ADDRESS} stays your email address.`,
    zh_CN: `打开发送到 ${NEW} 的验证链接即可完成修改；在此之前，${ADDRESS} 仍是您的邮箱。`,
  };
  for (const locale of ['en_US', 'zh_CN'] as const) {
    it(`shows the verified address and the pending one with its own actions (${locale})`, async () => {
      const api = await mockApi([{ method: 'GET', path: ME, body: me({ email: waiting }) }]);
      const el = await mountElement('yx-profile', { host: api.host, locale });
      const block = (await waitFor(() => $(el, '[part="email"]')))!;
      expect(block.getAttribute('data-state')).to.equal('verified');
      expect(block.getAttribute('data-pending')).to.equal('pending');
      for (const text of shown[locale]) expect(block.textContent).to.contain(text);
      expect(pendingBlock(el)!.querySelector('[part="hint"]')!.textContent).to.equal(hints[locale]);
      expect($$(el, '[part="email"] button').map((b) => b.getAttribute('part'))).to.deep.equal([
        'button change-button',
        'button unbind-button',
        'button resend-button',
        'button cancel-change-button',
      ]);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('says when the link has expired, and a resend makes the change live again', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: expired }) },
      { method: 'POST', path: REBIND, body: { email: waiting, sent: true } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => pendingBlock(el));
    expect($(el, '[part="email"]')!.getAttribute('data-pending')).to.equal('expired');
    expect($(el, '[part="email-pending-status"]')!.textContent).to.equal('Link expired');
    expect(pendingBlock(el)!.querySelector('[part="hint"]')!.textContent).to.equal(
      `The link sent to ${NEW} has expired. Send it again to finish the change, or cancel the change.`,
    );

    // Keyboard: Tab from Unbind reaches Resend, Enter sends it to the pending address.
    $(el, '[part~="unbind-button"]')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part="email-pending"] [part~="resend-button"]'));
    await sendKeys({ press: 'Enter' });
    const [call] = await callsMatching(api, (c) => c.path === REBIND);
    expect(call!.body).to.deep.equal({ email: NEW });
    await waitFor(() => toasts(el).includes(`A verification email was sent to ${NEW}`));
    await waitFor(() => $(el, '[part="email-pending-status"]')!.textContent === 'Pending verification');
    expect($(el, '[part~="resend-button"]')!.textContent).to.equal('Resend in 60 s');
    expect($(el, '[part="email-address"]')!.textContent).to.equal(ADDRESS);
  });

  it('cancels the change with unbind of the pending address; the verified one stays, focus lands on Change', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: waiting }) },
      { method: 'POST', path: UNBIND, body: { email: { address: ADDRESS, verified: true } } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    const updates: unknown[] = [];
    el.addEventListener('yx-profile-update', (e) => updates.push(e.detail));
    const cancel = (await waitFor(() => $(el, '[part~="cancel-change-button"]')))!;
    expect(cancel.getAttribute('aria-label')).to.equal(`Cancel change to “${NEW}”`);
    cancel.focus();
    await sendKeys({ press: 'Enter' });
    const [call] = await callsMatching(api, (c) => c.path === UNBIND);
    expect(call!.body).to.deep.equal({ email: NEW });
    await waitFor(() => !pendingBlock(el), { message: 'the pending change to go' });
    expect(toasts(el)).to.include(`The change to “${NEW}” was canceled`);
    expect($(el, '[part="email-address"]')!.textContent).to.equal(ADDRESS);
    expect($(el, '[part="email-status"]')!.textContent).to.equal('Verified');
    expect($(el, '[part="email"]')!.hasAttribute('data-pending')).to.equal(false);
    expect(updates).to.deep.equal([{ field: 'email' }]);
    await waitFor(() => deepActiveElement() === $(el, '[part~="change-button"]'), { message: 'focus on Change' });
  });

  it('keeps the pending change when cancelling fails (in Chinese)', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: waiting, language: 'zh_CN' }) },
      { method: 'POST', path: UNBIND, status: 409, body: { code: 'email_binding_status', message: 'x' } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    (await waitFor(() => $(el, '[part~="cancel-change-button"]')))!.click();
    await waitFor(() => toasts(el).length > 0);
    expect(toasts(el)).to.deep.equal(['修改邮箱失败：邮箱状态已变化，请刷新页面后重试']);
    expect($(el, '[part="email-pending-address"]')!.textContent).to.equal(NEW);
  });
});
