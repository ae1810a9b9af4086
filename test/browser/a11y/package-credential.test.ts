// The states features/package-credential-a11y.test.ts does not check: loading, and the new
// password when the clipboard is unavailable (selected for copying by hand).
import '../../../elements/yx-package-credential';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { generateRoute, stubClipboard, userInfoRoute } from '../features/package-credential-fixtures';
import { stillFrame } from '../keyboard/keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-package-credential> accessibility, remaining states', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the credential while it loads (${locale})`, async () => {
      const api = await mockApi([{ ...userInfoRoute(), delayMs: 5000 }]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale });
      await waitFor(() => $(el, '[data-status="loading"]'), { message: 'the loading state' });
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lets every user copy the new password by hand when the clipboard is refused (${locale})`, async () => {
      restore = stubClipboard(async () => {
        throw new DOMException('denied', 'NotAllowedError');
      });
      const api = await mockApi([userInfoRoute(), generateRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale });
      (await waitFor(() => $(el, '[part~="reset-button"]'), { message: 'the credential' }))!.click();
      (await waitFor(() => $(el, '[part~="confirm"] [part~="confirm-button"]'), { message: 'the question' }))!.click();
      (await waitFor(() => $(el, '[part~="password-copy"]'), { message: 'the new password' }))!.click();
      await waitFor(() => $(el, '[part~="password-field"][data-state="manual"]'), { message: 'the manual copy' });
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the question to close' });
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
