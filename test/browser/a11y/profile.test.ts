// The states the features/profile-*.test.ts files do not check with axe: loading, the load error
// in Chinese, the change-email dialog with a server refusal, the unbind question in Chinese, a
// refused avatar, and the password form with the server's refusal and with every field missing.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, ME, PASSWORD, REBIND, me } from '../features/profile-fixtures';
import { stillFrame } from '../keyboard/keys';

const ADDRESS = 'lin@example.com';
const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;

describe('<yx-profile> accessibility, remaining states', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the tab while it loads, and its load error (${locale})`, async () => {
      const slow = await mockApi([{ method: 'GET', path: ME, body: me(), delayMs: 5000 }]);
      const loading = await mountElement('yx-profile', { host: slow.host, locale });
      await waitFor(() => $(loading, '[part="profile"][data-status="loading"]'), { message: 'the skeleton' });
      await expectNoAxeViolations(loading.shadowRoot!);
      loading.remove();

      const failing = await mockApi([{ method: 'GET', path: ME, status: 500, body: { code: 'x', requestId: 'r' } }]);
      const broken = await mountElement('yx-profile', { host: failing.host, locale });
      await waitFor(() => $(broken, '[part="result"][data-status="error"]'), { message: 'the error' });
      await expectNoAxeViolations(broken.shadowRoot!);
    });

    it(`lets every user change the email and read the server's refusal on the field (${locale})`, async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: true } }) },
        { method: 'POST', path: REBIND, status: 409, body: { code: 'email_already_bound', field: 'email' } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale });
      (await waitFor(() => $(el, '[part~="change-button"]'), { message: 'the profile' }))!.click();
      const field = (await waitFor(() => $(el, '[part~="modal"] input[name="email"]'), { message: 'the dialog' }))!;
      await waitFor(() => el.shadowRoot!.activeElement === field, { message: 'focus in the field' });
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
      await sendKeys({ type: 'new@example.com' });
      ($(el, '[part~="modal"] [part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => field.getAttribute('aria-invalid') === 'true', { message: 'the refusal on the field' });
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lets every user refuse a wrong current password and read why (${locale})`, async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me() },
        { method: 'PUT', path: PASSWORD, status: 400, body: { code: 'password_incorrect', message: 'wrong' } },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale });
      await waitFor(() => $(el, '[part="password-form"]'), { message: 'the password form' });
      const submit = $(el, '[part="password-form"] [part~="submit-button"]') as HTMLButtonElement;
      submit.click();
      await settle();
      expect(input(el, 'confirm_password').getAttribute('aria-invalid')).to.equal('true');
      await expectNoAxeViolations(el.shadowRoot!);

      for (const [name, value] of [
        ['old_password', 'Wrong-pass1'],
        ['new_password', 'New-pass2@'],
        ['confirm_password', 'New-pass2@'],
      ] as const) {
        input(el, name).focus();
        await sendKeys({ type: value });
      }
      submit.click();
      await waitFor(() => input(el, 'old_password').getAttribute('aria-invalid') === 'true', {
        message: 'the refusal on the current password',
      });
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user answer the unbind question in Chinese', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ email: { address: ADDRESS, verified: false } }) },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    (await waitFor(() => $(el, '[part~="unbind-button"]'), { message: 'the profile' }))!.click();
    await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the question' });
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user read why an avatar was refused', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me() }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    const file = (await waitFor(() => $(el, 'input[type="file"]'), { message: 'the profile' })) as HTMLInputElement;
    const transfer = new DataTransfer();
    transfer.items.add(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    file.files = transfer.files;
    file.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => $(el, '[part="avatar-section"] [part="error"]')!.textContent !== '', {
      message: 'the refusal',
    });
    expect(file.getAttribute('aria-invalid')).to.equal('true');
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
