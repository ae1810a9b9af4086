import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-package-credential';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import {
  USER_INFO_PATH,
  callsMatching,
  generateRoute,
  setRoute,
  stubClipboard,
  userInfoRoute,
} from './package-credential-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const passwordNote = (el: Element) => $(el, '[part="password-hidden"]');

/** The userInfo answer of a server that says whether a password was ever set. */
const infoRoute = (passwordSet: boolean): MockRoute => ({
  method: 'GET',
  path: USER_INFO_PATH,
  body: { username: 'alice-pkg', password_set: passwordSet },
});

describe('<yx-package-credential> whether a password is set', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  describe('given a user who has never set a credential password', () => {
    for (const [locale, text] of [
      ['en_US', 'No password set yet. Generate one with Reset password, or set your own.'],
      ['zh_CN', '尚未设置密码。您可以重置以生成新密码，或自行设置密码。'],
    ] as const) {
      it(`says there is none yet rather than that it is hidden (${locale})`, async () => {
        const api = await mockApi([infoRoute(false)]);
        const el = await mountElement('yx-package-credential', { host: api.host, locale });
        const note = (await waitFor(() => passwordNote(el), { message: 'the password note' }))!;
        expect(note.textContent).to.equal(text);
        expect(note.dataset.state).to.equal('none');
      });
    }

    for (const [locale, words] of [
      [
        'en_US',
        {
          old: /old password/i,
          confirm: 'A new password is generated and shown once. It starts working 10 seconds after the reset.',
          pending: /^The new password takes effect in [12] s\.$/,
          hint: 'At least 8 characters with a letter, a digit and a symbol. It starts working 10 seconds after you save.',
        },
      ],
      [
        'zh_CN',
        {
          old: /旧密码/,
          confirm: '系统将生成一个新密码并只显示一次。新密码将在重置 10 秒后生效。',
          pending: /^新密码将在 [12] 秒后生效。$/,
          hint: '至少 8 个字符，包含字母、数字和符号。新密码将在保存 10 秒后生效。',
        },
      ],
    ] as const) {
      it(`speaks of no old password when resetting or setting one (${locale})`, async () => {
        restore = stubClipboard(async () => undefined);
        const api = await mockApi([infoRoute(false), generateRoute(1500)]);
        const el = await mountElement('yx-package-credential', { host: api.host, locale });
        await waitFor(() => passwordNote(el)?.dataset.state === 'none', { message: 'the "none yet" note' });
        $(el, '[part~="custom-button"]')!.click();
        const hint = (await waitFor(() => $(el, '[part="custom-form"] [part="hint"]'), { message: 'the hint' }))!;
        expect(hint.textContent).to.equal(words.hint);
        $(el, '[part~="custom-button"]')!.click();
        $(el, '[part~="reset-button"]')!.click();
        const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
        expect(confirm.textContent).to.contain(words.confirm);
        expect(confirm.textContent).not.to.match(words.old);
        confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
        const note = (await waitFor(() => $(el, '[part="effect-note"]'), { message: 'the countdown' }))!;
        expect(note.dataset.state).to.equal('pending');
        expect(note.textContent).to.match(words.pending);
        // Once it works there is an old password: the next reset says it stops working.
        await waitFor(() => note.dataset.state === 'effective', { timeout: 5000, message: 'the end of the countdown' });
        await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the first confirmation to close' });
        $(el, '[part~="reset-button"]')!.click();
        const again = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the second confirmation' }))!;
        expect(again.textContent).to.match(words.old);
      });
    }

    it('says it is never shown again once a generated one has been saved', async () => {
      restore = stubClipboard(async () => undefined);
      const api = await mockApi([infoRoute(false), generateRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      await waitFor(() => passwordNote(el)?.dataset.state === 'none', { message: 'the "none yet" note' });
      $(el, '[part~="reset-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      (await waitFor(() => $(el, '[part~="password-copy"]'), { message: 'the new password' }))!.click();
      (await waitFor(() => $(el, '[part~="done-button"]'), { message: 'the done button' }))!.click();
      const note = (await waitFor(() => passwordNote(el), { message: 'the password note again' }))!;
      expect(note.textContent).to.contain('never shown again');
      expect(note.dataset.state).to.equal('set');
    });

    it('says it is never shown again once the user has chosen one', async () => {
      const api = await mockApi([infoRoute(false), setRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => passwordNote(el)?.dataset.state === 'none', { message: 'the "none yet" note' });
      $(el, '[part~="custom-button"]')!.click();
      const input = (await waitFor(() => $(el, '[part="custom-form"] input[name="password"]')))!;
      await waitFor(() => deepActiveElement() === input, { message: 'focus in the password field' });
      await sendKeys({ type: 'Mine@2026pw' });
      ($(el, '[part="custom-form"] [part~="submit-button"]') as HTMLButtonElement).click();
      await callsMatching(api, (c) => c.method === 'POST');
      await waitFor(() => passwordNote(el)?.dataset.state === 'set', { message: 'the "hidden" note' });
      expect(passwordNote(el)!.textContent).to.equal('出于安全考虑，密码不会再次显示。如需新密码，请重置密码。');
    });
  });

  describe('given a user who has set one', () => {
    it('says it is never shown again', async () => {
      const api = await mockApi([infoRoute(true)]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const note = (await waitFor(() => passwordNote(el)))!;
      expect(note.textContent).to.equal(
        'For your security the password is never shown again. Reset it to get a new one.',
      );
      expect(note.dataset.state).to.equal('set');
    });
  });

  describe('given a server that does not say', () => {
    it('keeps to the wording it used before', async () => {
      const api = await mockApi([userInfoRoute('bob')]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const note = (await waitFor(() => passwordNote(el)))!;
      expect(note.textContent).to.contain('never shown again');
      expect(note.dataset.state).to.equal('set');
    });
  });
});
