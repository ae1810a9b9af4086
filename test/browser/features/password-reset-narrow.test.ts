/**
 * `<yx-password-reset>` on a 320 px wide phone: the step list, fields and buttons stay inside the
 * column's padding (equal margins on both sides), on the account step and on the verification step
 * with its resend countdown.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-password-reset';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { expectInsideColumn } from '../fixtures/layout';
import { confirmAccount, resetPath, resetRoutes, resetStep } from './password-reset-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-password-reset> at 320 px', () => {
  before(() => setViewport({ width: 320, height: 700 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`keeps the steps, fields and buttons within the column's margins (${locale})`, async () => {
      const api = await mockApi(resetRoutes);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await waitFor(() => $(el, 'input[name="username"]'), { message: 'the account step' });
      expectInsideColumn(el, '[part="password-reset"]', [
        '[part="steps"]',
        '[part="step"]',
        'input[name="username"]',
        '[part~="submit-button"]',
      ]);

      await confirmAccount(el);
      await waitFor(() => resetStep(el) === 'verify', { message: 'step 2' });
      const send = (await waitFor(() => $(el, '[part~="send-button"]'), { message: 'the send button' }))!;
      const label = send.textContent;
      send.click();
      // The button now counts down to the next send ("Resend in 59 s").
      await waitFor(() => $(el, '[part~="send-button"]')!.textContent !== label, { message: 'the countdown' });
      expectInsideColumn(el, '[part="password-reset"]', [
        '[part="steps"]',
        '[part="step"]',
        'input[name="code"]',
        '[part~="send-button"]',
        '[part~="submit-button"]',
      ]);
      // The six digits, spaced out, show whole in the narrower field.
      const code = $(el, 'input[name="code"]') as HTMLInputElement;
      code.focus();
      await sendKeys({ type: '135790' });
      expect(code.scrollWidth, 'code field content width').to.be.at.most(code.clientWidth);
    });
  }

  for (const [locale, label] of [
    ['en_US', 'Get Code in 55 minutes'],
    ['zh_CN', '55 分钟后获取验证码'],
  ] as const) {
    it(`fits the longest countdown, a long wait before any code, in the column (${locale})`, async () => {
      const api = await mockApi([
        ...resetRoutes,
        {
          method: 'POST',
          path: resetPath('emailCaptcha'),
          status: 429,
          body: { code: 'too_many_requests', retry_after: 3272 },
        },
      ]);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await confirmAccount(el);
      await waitFor(() => resetStep(el) === 'verify', { message: 'step 2' });
      const send = (await waitFor(() => $(el, '[part~="send-button"]'), { message: 'the send button' }))!;
      send.click();
      await waitFor(() => send.textContent === label, { message: 'the countdown' });
      expectInsideColumn(el, '[part="password-reset"]', [
        'input[name="code"]',
        '[part~="send-button"]',
        '[part="form-error"]',
      ]);
      expect(send.scrollWidth, 'the label within its button').to.be.at.most(send.clientWidth);
      // The six digits still show whole: the button goes under the field rather than squeeze it.
      const code = $(el, 'input[name="code"]') as HTMLInputElement;
      code.focus();
      await sendKeys({ type: '135790' });
      expect(code.scrollWidth, 'code field content width').to.be.at.most(code.clientWidth);
    });
  }
});
