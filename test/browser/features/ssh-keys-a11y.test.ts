import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { KEYS, daysFromNow, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

/** Ends opening animations (not the endless skeleton shimmer): axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await settle();
}

const mixed = [
  sshKey(1, { title: 'work laptop', last_used_at: daysFromNow(-1) }),
  sshKey(2, {
    title: 'build server',
    key: KEYS.rsa3072.line,
    fingerprint: KEYS.rsa3072.fingerprint,
    scope: 'read',
    expires_at: daysFromNow(30),
  }),
  sshKey(3, { title: 'old', expires_at: daysFromNow(-3), expired: true }),
];

describe('<yx-ssh-keys> accessibility', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the key list (${locale})`, async () => {
      const api = await mockApi([listRoute(mixed)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => $(el, 'tr[part="table-row"]'));
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lets every user read the empty state and the error state (${locale})`, async () => {
      const api = await mockApi([listRoute([])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => $(el, '[part="result"]'));
      await expectNoAxeViolations(el.shadowRoot!);
      const failing = await mockApi([{ method: 'GET', path: '/uiless/proxy/codeup/api/v3/user/keys', raw: '{' }]);
      const broken = await mountElement('yx-ssh-keys', { host: failing.host, locale });
      await waitFor(() => $(broken, '[part="result"][data-status="error"]'));
      await expectNoAxeViolations(broken.shadowRoot!);
    });

    it(`lets every user fill in the add drawer, with errors and with a fingerprint shown (${locale})`, async () => {
      const api = await mockApi([listRoute(mixed)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => $(el, 'tr[part="table-row"]'));
      $(el, '[part~="add-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] textarea'));
      await stillFrame(el);
      // The ssh-keygen command and its Copy button, named as one box.
      expect($(el, '[part="help-command"]')!.closest('[role="group"]')?.getAttribute('aria-label')).to.equal(
        locale === 'en_US' ? 'Command that generates a key' : '生成密钥对的命令',
      );
      await expectNoAxeViolations(el.shadowRoot!);

      ($(el, 'input[name="never"]') as HTMLInputElement).click();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      expect($(el, '[part~="drawer"] [part="error"]')!.textContent).to.not.equal('');
      await expectNoAxeViolations(el.shadowRoot!);

      const key = $(el, 'textarea[name="key"]') as HTMLTextAreaElement;
      key.focus();
      document.execCommand('insertText', false, KEYS.ed25519.line);
      await waitFor(() => $(el, '[part="fingerprint-preview"] [part="fingerprint"]'));
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lets every user read the edit drawer and answer the delete confirmation (${locale})`, async () => {
      const api = await mockApi([listRoute(mixed)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => $(el, 'tr[part="table-row"]'));
      $(el, '[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] textarea'));
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
      ($(el, '[part~="cancel-button"]') as HTMLButtonElement).click();
      await waitFor(() => !$(el, '[part~="drawer"]'));
      $(el, '[part~="delete-button"]')!.click();
      await waitFor(() => $(el, '[part~="confirm"]'));
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
