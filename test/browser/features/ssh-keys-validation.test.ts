import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { KEY_CHECK_DELAY_MS } from '../../../src/features/ssh-keys/SshKeyForm';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import {
  KEYS,
  KEYS_PATH,
  MISMATCHED_KEY,
  PRIVATE_KEY,
  TOO_LONG_KEY,
  TRUNCATED_KEY,
  listRoute,
} from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const creates = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === KEYS_PATH);
const titleInput = (el: Element) => $(el, 'input[name="title"]') as HTMLInputElement;
const keyBox = (el: Element) => $(el, 'textarea[name="key"]') as HTMLTextAreaElement;
const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;
/** The message shown on a control (the Field's error region it points at). */
const messageOf = (el: Element, control: HTMLElement) =>
  el.shadowRoot!.getElementById(control.getAttribute('aria-errormessage') ?? '')?.textContent ?? '';

/** Pastes text into the focused key box as the browser does for Ctrl+V (one input event). */
async function pasteKey(el: Element, text: string) {
  keyBox(el).focus();
  keyBox(el).select();
  document.execCommand('insertText', false, text);
  await settle();
}

async function openDrawer(el: Element) {
  await waitFor(() => $(el, '[part="ssh-keys"][data-status="ready"]'), { message: 'the list' });
  $(el, '[part~="add-button"]')!.click();
  await waitFor(() => keyBox(el), { message: 'the drawer' });
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
}

describe('<yx-ssh-keys> live key validation', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given a key that cannot be used', () => {
    const cases = [
      {
        name: 'a private key',
        text: PRIVATE_KEY,
        en: 'This is a private key. Paste the public key that starts with ssh-rsa or ssh-ed25519.',
        zh: '这是一个私钥，请粘贴以 ssh-rsa 或 ssh-ed25519 开头的公钥',
      },
      {
        name: 'an ECDSA key',
        text: KEYS.ecdsa.line,
        en: 'Only RSA or Ed25519 public keys are supported',
        zh: '仅支持 RSA 或 Ed25519 类型的公钥',
      },
      {
        name: 'an RSA key of 1024 bits',
        text: KEYS.rsa1024.line,
        en: 'RSA keys must have at least 2048 bits; this one has 1024',
        zh: 'RSA 公钥长度至少为 2048 位，此公钥为 1024 位',
      },
      { name: 'a truncated blob', text: TRUNCATED_KEY, en: 'The public key format is invalid', zh: '公钥格式不正确' },
      {
        name: 'a blob of another type',
        text: MISMATCHED_KEY,
        en: 'The public key format is invalid',
        zh: '公钥格式不正确',
      },
      {
        name: 'a key after authorized_keys options',
        text: `no-pty,from="10.0.0.1" ${KEYS.ed25519.line}`,
        en: 'Remove the options before the key type (such as from="…" or no-pty): paste only the key',
        zh: '请删除公钥类型前的选项（如 from="…"、no-pty），只粘贴公钥本身',
      },
      {
        name: 'a key over 8 KB',
        text: TOO_LONG_KEY,
        en: 'The public key cannot exceed 8192 bytes',
        zh: '公钥长度不能超过 8192 字节',
      },
    ];
    for (const c of cases) {
      for (const locale of ['en_US', 'zh_CN'] as const) {
        it(`says why ${c.name} is refused while the user is still in the box (${locale})`, async () => {
          const api = await mockApi([listRoute([])]);
          const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
          await openDrawer(el);
          await pasteKey(el, c.text);
          await waitFor(() => messageOf(el, keyBox(el)) !== '', { message: 'the key message' });
          expect(deepActiveElement()).to.equal(keyBox(el));
          expect(messageOf(el, keyBox(el))).to.equal(locale === 'en_US' ? c.en : c.zh);
          expect(keyBox(el).getAttribute('aria-invalid')).to.equal('true');
          expect($(el, '[part="fingerprint-preview"] [part="fingerprint"]')).to.equal(null);
          expect(submitButton(el).getAttribute('aria-disabled')).to.equal('true');
        });
      }
    }

    it('waits for a pause in typing before complaining, and clears the message once the key is fixed', async () => {
      const api = await mockApi([listRoute([])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      keyBox(el).focus();
      // One input event per character, as typing sends them. Whenever the check runs, it never
      // runs sooner than the pause after the last one: a busy machine can only make it later.
      for (const char of 'ssh-ed') document.execCommand('insertText', false, char);
      const typedAt = performance.now();
      expect(keyBox(el).value).to.equal('ssh-ed');
      await waitFor(() => messageOf(el, keyBox(el)) === 'Only RSA or Ed25519 public keys are supported');
      expect(performance.now() - typedAt, 'ms before the message').to.be.at.least(KEY_CHECK_DELAY_MS - 5);
      await pasteKey(el, KEYS.ed25519.line);
      await waitFor(() => messageOf(el, keyBox(el)) === '', { message: 'the message to clear' });
      expect(keyBox(el).getAttribute('aria-invalid')).to.equal(null);
    });

    it('takes a key whose parts a web page joined with non-breaking spaces', async () => {
      const api = await mockApi([listRoute([])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await pasteKey(el, KEYS.ed25519.line.replaceAll(' ', '\u00a0'));
      await waitFor(() => $(el, '[part="fingerprint-preview"] [part="fingerprint"]'), { message: 'the fingerprint' });
      expect(messageOf(el, keyBox(el))).to.equal('');
      expect(keyBox(el).getAttribute('aria-invalid')).to.equal(null);
    });

    for (const [locale, hint, required] of [
      [
        'en_US',
        'Where the key lives, e.g. "Work laptop"; up to 255 characters. Filled in from the comment at the end of the key; you can change it.',
        'Enter a name for the key',
      ],
      [
        'zh_CN',
        '用于区分公钥，例如“工作笔记本”，最多 255 个字符。默认取自公钥末尾的注释，可以修改。',
        '请输入公钥名称',
      ],
    ] as const) {
      it(`says the name comes from the key's comment, and asks for one once it is cleared (${locale})`, async () => {
        const api = await mockApi([listRoute([])]);
        const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
        await openDrawer(el);
        const hintOf = () =>
          el.shadowRoot!.getElementById(titleInput(el).getAttribute('aria-describedby')!.split(' ')[0]!)!;
        expect(hintOf().textContent).to.equal(hint);
        await pasteKey(el, KEYS.ed25519.line);
        expect(titleInput(el).value).to.equal('alice@laptop');
        titleInput(el).focus();
        titleInput(el).select();
        document.execCommand('delete');
        await settle();
        // The hint no longer promises that an empty name is filled in: the field is required.
        expect(messageOf(el, titleInput(el))).to.equal(required);
        expect(hintOf().textContent).to.equal(hint);
        submitButton(el).click();
        await settle();
        expect(creates(await api.calls())).to.have.length(0);
      });
    }

    it('says what is missing when Add is pressed on an empty form', async () => {
      const api = await mockApi([listRoute([])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
      await openDrawer(el);
      submitButton(el).click();
      await settle();
      expect(messageOf(el, titleInput(el))).to.equal('请输入公钥名称');
      expect(messageOf(el, keyBox(el))).to.equal('请输入公钥');
      expect(creates(await api.calls())).to.have.length(0);
    });
  });
});
