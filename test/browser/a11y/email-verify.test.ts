// The states features/email-verify.test.ts does not check with axe: verifying, an invalid link, a
// server fault with Retry, and everything in Chinese.
import '../../../elements/yx-email-verify-result';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';

const VERIFY = '/individual/proxy/my/email:verify';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const stay = (e: Event) => e.preventDefault();

describe('<yx-email-verify-result> accessibility, remaining states', () => {
  beforeEach(() => {
    document.addEventListener('yx-navigate', stay);
  });
  afterEach(() => {
    document.removeEventListener('yx-navigate', stay);
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user follow the check, its success and each failure (${locale})`, async () => {
      const verified = { email: { address: 'lin@example.com', verified: true } };
      const slow = await mockApi([{ method: 'POST', path: VERIFY, body: verified, delayMs: 5000 }]);
      const verifying = await mountElement('yx-email-verify-result', { host: slow.host, locale, token: 't' });
      await waitFor(() => $(verifying, '[part="email-verify"][data-status="loading"]'), { message: 'verifying' });
      await expectNoAxeViolations(verifying.shadowRoot!);
      verifying.remove();

      const ok = await mockApi([{ method: 'POST', path: VERIFY, body: verified }]);
      const success = await mountElement('yx-email-verify-result', {
        host: ok.host,
        locale,
        token: 't',
        seconds: '60',
      });
      await waitFor(() => $(success, '[part="result"][data-status="success"]'), { message: 'the success' });
      await expectNoAxeViolations(success.shadowRoot!);
      success.remove();

      const invalid = await mountElement('yx-email-verify-result', { host: ok.host, locale });
      await waitFor(() => $(invalid, '[part="email-verify"][data-reason="invalid-link"]'), { message: 'invalid' });
      await expectNoAxeViolations(invalid.shadowRoot!);
      invalid.remove();

      const expired = await mockApi([
        { method: 'POST', path: VERIFY, status: 400, body: { code: 'email_link_expired', message: 'x' } },
      ]);
      const old = await mountElement('yx-email-verify-result', { host: expired.host, locale, token: 'old' });
      await waitFor(() => $(old, '[part="email-verify"][data-reason="expired"]'), { message: 'expired' });
      await expectNoAxeViolations(old.shadowRoot!);
      old.remove();

      const down = await mockApi([{ method: 'POST', path: VERIFY, status: 503, body: { requestId: 'req-5' } }]);
      const fault = await mountElement('yx-email-verify-result', { host: down.host, locale, token: 't' });
      await waitFor(() => $(fault, '[part="result-actions"] button'), { message: 'Retry' });
      await expectNoAxeViolations(fault.shadowRoot!);
    });
  }
});
