// The states features/ssh-keys-a11y.test.ts does not check: loading, and a key the server refuses.
import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { KEYS, KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';
import { stillFrame } from '../keyboard/keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-ssh-keys> accessibility, remaining states', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the list while it loads (${locale})`, async () => {
      const api = await mockApi([{ ...listRoute([sshKey(1)]), delayMs: 5000 }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => $(el, '[part="ssh-keys"][data-status="loading"]'), { message: 'the skeleton' });
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lets every user read a key the server refuses, on its field and above the form (${locale})`, async () => {
      const api = await mockApi([
        listRoute([]),
        {
          method: 'POST',
          path: KEYS_PATH,
          status: 409,
          body: { code: 'ssh_key_duplicate', message: 'duplicate', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      (await waitFor(() => $(el, '[part~="add-button"]'), { message: 'the empty list' }))!.click();
      const key = (await waitFor(() => $(el, 'textarea[name="key"]'), {
        message: 'the drawer',
      })) as HTMLTextAreaElement;
      key.focus();
      document.execCommand('insertText', false, KEYS.ed25519.line);
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => key.getAttribute('aria-invalid') === 'true', { message: 'the refusal on the key' });
      expect(el.shadowRoot!.getElementById(key.getAttribute('aria-errormessage')!)!.textContent).to.not.equal('');
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
