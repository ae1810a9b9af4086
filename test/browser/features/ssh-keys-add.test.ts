import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-ssh-keys';
import { addDays, endOfDayMinus2s, formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { GLOBAL_KEYS_PATH, KEYS, KEYS_PATH, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);
const creates = (calls: MockCall[], path = KEYS_PATH) => calls.filter((c) => c.method === 'POST' && c.path === path);
const titleInput = (el: Element) => $(el, 'input[name="title"]') as HTMLInputElement;
const keyBox = (el: Element) => $(el, 'textarea[name="key"]') as HTMLTextAreaElement;
const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;
/** The message shown on a control (the Field's error region it points at). */
const messageOf = (el: Element, control: HTMLElement) =>
  el.shadowRoot!.getElementById(control.getAttribute('aria-errormessage') ?? '')?.textContent ?? '';

async function until(check: () => Promise<boolean>, message: string) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${message}`);
}

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

/** Types a day into the focused native date input, field by field in the browser's own order. */
async function typeDay(day: string) {
  const [year, month, date] = day.split('-');
  const order = new Intl.DateTimeFormat(navigator.language)
    .formatToParts(new Date(2030, 10, 22))
    .filter((p) => p.type === 'year' || p.type === 'month' || p.type === 'day')
    .map((p) => p.type);
  for (const part of order) await sendKeys({ type: part === 'year' ? year! : part === 'month' ? month! : date! });
}

describe('<yx-ssh-keys> add', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('adds a key with the keyboard alone: name from the key comment, read-only scope and an expiry', async () => {
    const created = sshKey(42, { title: 'alice@laptop', scope: 'read' });
    const api = await mockApi([
      listRoute([created]),
      { ...listRoute([]), times: 1 },
      { method: 'POST', path: KEYS_PATH, body: created },
    ]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    const events: unknown[] = [];
    el.addEventListener('yx-ssh-key-add', (e) => events.push(e.detail));
    (await waitFor(() => $(el, '[part="result"] [part~="add-button"]')))!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement() === titleInput(el), { message: 'focus in the name field' });
    expect($(el, '[part~="drawer-title"]')!.textContent).to.equal('Add SSH key');

    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(keyBox(el));
    await sendKeys({ type: KEYS.ed25519.line });
    await waitFor(() => $(el, '[part="fingerprint-preview"] [part="fingerprint"]'), { message: 'the fingerprint' });
    expect($(el, '[part="fingerprint-preview"] [part="fingerprint"]')!.textContent).to.equal(KEYS.ed25519.fingerprint);
    expect(titleInput(el).value).to.equal('alice@laptop');

    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part~="copy-button"]'));
    await sendKeys({ press: 'Tab' });
    expect((deepActiveElement() as HTMLInputElement).value).to.equal('all');
    await sendKeys({ press: 'ArrowDown' });
    expect((deepActiveElement() as HTMLInputElement).value).to.equal('read');
    await sendKeys({ press: 'Tab' });
    expect((deepActiveElement() as HTMLInputElement).name).to.equal('never');
    expect((deepActiveElement() as HTMLInputElement).checked).to.equal(true);
    await sendKeys({ press: 'Space' });
    await settle();
    await sendKeys({ press: 'Tab' });
    const date = $(el, 'input[type="date"]') as HTMLInputElement;
    expect(deepActiveElement()).to.equal(date);
    const day = formatDate(addDays(new Date(), 30));
    await typeDay(day);
    await waitFor(() => date.value === day, { message: `the date input to hold ${day}` });
    // The date input has three fields: leave it, then Cancel, then submit.
    for (let i = 0; i < 5 && deepActiveElement() !== $(el, '[part~="cancel-button"]'); i++) {
      await sendKeys({ press: 'Tab' });
    }
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(submitButton(el));
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal(null);
    await sendKeys({ press: 'Enter' });

    await until(async () => creates(await api.calls()).length === 1, 'the create call');
    expect(creates(await api.calls())[0]!.body).to.deep.equal({
      title: 'alice@laptop',
      key: KEYS.ed25519.line,
      scope: 'read',
      expires_at: endOfDayMinus2s(day),
    });
    await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
    expect(toasts(el)).to.include('Created successfully');
    expect(events).to.deep.equal([{ id: '42', title: 'alice@laptop', fingerprint: KEYS.ed25519.fingerprint }]);
    await waitFor(() => $(el, 'tr[part="table-row"]'), { message: 'the new key in the list' });
  });

  it('names the key after a comment with tabs or other control characters, with spaces for them', async () => {
    const api = await mockApi([listRoute([])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await openDrawer(el);
    const [type, body] = KEYS.ed25519.line.split(' ');
    await pasteKey(el, `${type} ${body} me\tlaptop\u0007 `);
    expect(titleInput(el).value).to.equal('me laptop');
    titleInput(el).focus();
    titleInput(el).select();
    document.execCommand('insertText', false, 'me\tdesk');
    await settle();
    submitButton(el).click();
    await settle();
    expect(messageOf(el, titleInput(el))).to.equal(
      'The name of the key cannot contain line breaks, tabs or other control characters',
    );
    expect(creates(await api.calls())).to.have.length(0);
  });

  it('sends no expiry for a key that never expires, and keeps a name the user typed', async () => {
    const api = await mockApi([listRoute([]), { method: 'POST', path: KEYS_PATH, body: sshKey(7) }]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await openDrawer(el);
    titleInput(el).focus();
    await sendKeys({ type: 'Build box' });
    await pasteKey(el, `  ${KEYS.rsa3072.line}\n`);
    expect(titleInput(el).value).to.equal('Build box');
    await waitFor(() => $(el, '[part="fingerprint-preview"] [part="fingerprint"]'));
    expect($(el, '[part="fingerprint-preview"]')!.textContent).to.contain(KEYS.rsa3072.fingerprint);
    submitButton(el).click();
    await until(async () => creates(await api.calls()).length === 1, 'the create call');
    expect(creates(await api.calls())[0]!.body).to.deep.equal({
      title: 'Build box',
      key: KEYS.rsa3072.line,
      scope: 'all',
    });
  });

  describe('given the server refuses the key', () => {
    it('puts the message of a 400 that names a field on that field, and only there', async () => {
      const api = await mockApi([
        listRoute([]),
        {
          method: 'POST',
          path: KEYS_PATH,
          status: 400,
          body: { code: 'invalid_argument', field: 'title', message: 'The name is reserved', requestId: 'r1' },
        },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await pasteKey(el, KEYS.ed25519.line);
      submitButton(el).click();
      await waitFor(() => messageOf(el, titleInput(el)) !== '', { message: 'the field error' });
      // A refusal is not fixed by retrying: the reason alone, without "please retry".
      expect(messageOf(el, titleInput(el))).to.equal('The name is reserved');
      expect(titleInput(el).getAttribute('aria-invalid')).to.equal('true');
      await settle();
      expect($(el, '[part="form-error"]'), 'no banner repeating it').to.equal(null);
      expect(toasts(el), 'no toast repeating it').to.deep.equal([]);
      titleInput(el).focus();
      await sendKeys({ type: '2' });
      await settle();
      expect(titleInput(el).getAttribute('aria-invalid')).to.equal(null);
    });

    for (const [code, en, zh] of [
      [
        'ssh_key_duplicate',
        'This key is already registered (possibly by another account). Use another key.',
        '该公钥已被添加过（可能属于其他账号），请换用另一个公钥',
      ],
      ['ssh_key_rsa_too_short', 'RSA keys must have at least 2048 bits', 'RSA 公钥长度至少为 2048 位'],
      [
        'ssh_key_private',
        'This is a private key. Paste the content of the .pub file instead.',
        '这是一个私钥，请粘贴 .pub 公钥文件的内容',
      ],
    ] as const) {
      it(`explains ${code} on the key field in both languages`, async () => {
        for (const locale of ['en_US', 'zh_CN'] as const) {
          const api = await mockApi([
            listRoute([]),
            { method: 'POST', path: KEYS_PATH, status: 409, body: { code, message: 'server words', requestId: 'r2' } },
          ]);
          const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
          await openDrawer(el);
          await pasteKey(el, KEYS.ed25519.line);
          submitButton(el).click();
          await waitFor(() => messageOf(el, keyBox(el)) !== '', { message: 'the key message' });
          const reason = locale === 'en_US' ? en : zh;
          expect(messageOf(el, keyBox(el))).to.equal(reason);
          // The reason alone ("please retry" would contradict it), said once: under the key.
          await settle();
          expect($(el, '[part="form-error"]')).to.equal(null);
          expect(toasts(el)).to.deep.equal([]);
          expect(keyBox(el).value).to.equal(KEYS.ed25519.line);
          el.remove();
        }
      });
    }

    it("shows the server's own message for a code it does not know", async () => {
      const api = await mockApi([
        listRoute([]),
        {
          method: 'POST',
          path: KEYS_PATH,
          status: 403,
          body: { code: 'quota', message: 'Too many keys', requestId: 'r3' },
        },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await pasteKey(el, KEYS.ed25519.line);
      submitButton(el).click();
      await waitFor(() => $(el, '[part="form-error"]'));
      expect($(el, '[part="form-error"]')!.textContent).to.equal('Too many keys');
      expect($(el, '[part~="drawer"]')).to.exist;
    });

    it('keeps "please retry" for a fault of the server, in both languages', async () => {
      for (const [locale, said] of [
        ['en_US', 'Creation failed, please retry: System exception, please try again (request ID: r4)'],
        ['zh_CN', '创建失败，请重试：系统异常，请重试（请求 ID：r4）'],
      ] as const) {
        const api = await mockApi([
          listRoute([]),
          {
            method: 'POST',
            path: KEYS_PATH,
            status: 500,
            body: { code: 'internal_error', message: 'x', requestId: 'r4' },
          },
        ]);
        const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
        await openDrawer(el);
        await pasteKey(el, KEYS.ed25519.line);
        submitButton(el).click();
        await waitFor(() => $(el, '[part="form-error"]'), { message: 'the form error' });
        expect($(el, '[part="form-error"]')!.textContent).to.equal(said);
        await settle();
        expect(toasts(el), 'said once, in the drawer').to.deep.equal([]);
        el.remove();
      }
    });
  });

  describe('given the global flavour', () => {
    it('adds the key without the proxy prefix', async () => {
      const api = await mockApi([
        listRoute([], GLOBAL_KEYS_PATH),
        { method: 'POST', path: GLOBAL_KEYS_PATH, body: sshKey(9, { title: 'alice@laptop' }) },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US', flavour: 'global' });
      await openDrawer(el);
      await pasteKey(el, KEYS.ed25519.line);
      submitButton(el).click();
      await until(async () => creates(await api.calls(), GLOBAL_KEYS_PATH).length === 1, 'the create call');
      expect((await api.calls()).every((c) => !c.path.startsWith('/uiless/'))).to.equal(true);
      expect(creates(await api.calls(), GLOBAL_KEYS_PATH)[0]!.body).to.deep.equal({
        title: 'alice@laptop',
        key: KEYS.ed25519.line,
        scope: 'all',
      });
    });
  });

  it('offers the ssh-keygen command to copy and says where the .pub file is', async () => {
    const copied: string[] = [];
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    try {
      const api = await mockApi([listRoute([])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      const help = $(el, '[part="key-help"]')!;
      expect($(el, '[part="help-command"]')!.textContent).to.equal('ssh-keygen -t ed25519 -C "you@example.com"');
      expect(help.textContent).to.contain('~/.ssh/id_ed25519.pub');
      $(el, '[part~="copy-button"]')!.click();
      await waitFor(() => help.querySelector('[role="status"]')!.textContent === 'Command copied');
      expect(copied).to.deep.equal(['ssh-keygen -t ed25519 -C "you@example.com"']);
    } finally {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });
});
