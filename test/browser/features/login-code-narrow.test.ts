/**
 * `<yx-login>`'s emailed code step on a 320 px wide phone: the code input, the resend countdown
 * and the refusal stay inside the column's padding, and the six digits show whole in the input,
 * even beside the longest countdown label ("Resend in 55 minutes").
 */
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { expectInsideColumn } from '../fixtures/layout';
import { $, baseRoutes, refusal, signIn, userPath } from './login-fixtures';

const SEND = userPath('emailCaptcha');
const codeRoutes = [
  ...baseRoutes,
  { method: 'POST', path: SEND, status: 429, body: { code: 'too_many_requests', retry_after: 3272 }, times: 1 },
  { method: 'POST', path: userPath('emailCaptcha:verify'), status: 400, body: { code: 'code_incorrect' } },
  refusal(403, 'email_verification_required', { email: 'd***@example.com' }),
];

/** Types the six digits and checks they show whole in the input. */
async function expectDigitsWhole(el: Element) {
  const code = $(el, 'input[name="code"]') as HTMLInputElement;
  code.focus();
  code.select();
  await sendKeys({ type: '135790' });
  expect(code.value).to.equal('135790');
  expect(code.scrollWidth, 'code field content width').to.be.at.most(code.clientWidth);
}

describe('<yx-login> email code step at 320 px', () => {
  const realNow = Date.now;
  before(() => setViewport({ width: 320, height: 700 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => {
    Date.now = realNow;
    document.body.innerHTML = '';
  });

  for (const [locale, first, long] of [
    ['en_US', 'Resend in 60 s', 'Resend in 55 minutes'],
    ['zh_CN', '60 秒后重新获取', '55 分钟后重新获取'],
  ] as const) {
    it(`keeps the code input usable beside the longest countdown (${locale})`, async () => {
      const api = await mockApi(codeRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await signIn(el);
      const resend = (await waitFor(() => $(el, '[part~="resend-button"]'), { message: 'the code step' }))!;
      // The step opens after the server mailed a code: the countdown is to a resend.
      expect(resend.textContent).to.equal(first);
      expectInsideColumn(el, '[part="login"]', [
        'input[name="code"]',
        '[part~="resend-button"]',
        '[part~="submit-button"]',
      ]);

      // A minute later, a resend the server refuses for most of an hour.
      Date.now = () => realNow.call(Date) + 61_000;
      await waitFor(() => !(resend as HTMLButtonElement).disabled, { message: 'the resend button' });
      resend.click();
      await waitFor(() => resend.textContent === long, { message: 'the long countdown' });
      expectInsideColumn(el, '[part="login"]', [
        'input[name="code"]',
        '[part~="resend-button"]',
        '[part="form-error"]',
        '[part~="submit-button"]',
      ]);
      expect(resend.scrollWidth, 'the label within its button').to.be.at.most(resend.clientWidth);
      // The input keeps a usable width: the button goes under it rather than squeeze it.
      const code = $(el, 'input[name="code"]')!;
      const column = $(el, '[part="code-step"]')!;
      expect(code.getBoundingClientRect().width, 'code input width').to.be.at.least(
        column.getBoundingClientRect().width / 2,
      );
      await expectDigitsWhole(el);
    });
  }
});
