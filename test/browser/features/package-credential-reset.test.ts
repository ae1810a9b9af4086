import { expect } from '@open-wc/testing';
import '../../../elements/yx-package-credential';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  GENERATED,
  PASSWORD_PATH,
  USER_INFO_PATH,
  callsMatching,
  generateRoute,
  stubClipboard,
  userInfoRoute,
} from './package-credential-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const toasts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="toast"]')].map((t) => t.querySelector('span')!.textContent);
const passwordInput = (el: Element) => $(el, '[part~="password-value"]') as HTMLInputElement | null;

async function openConfirm(el: Element) {
  ((await waitFor(() => $(el, '[part~="reset-button"]'))) as HTMLButtonElement).click();
  return (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
}

describe('<yx-package-credential> reset', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  describe('given a user who resets the password', () => {
    it('asks first, then shows the new password once, masked, with Show and Copy', async () => {
      const copied: string[] = [];
      restore = stubClipboard(async (text) => void copied.push(text));
      const api = await mockApi([userInfoRoute(), generateRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-package-password-reset', (e) => events.push(e.detail));

      const confirm = await openConfirm(el);
      expect(confirm.getAttribute('role')).to.equal('alertdialog');
      expect(confirm.textContent).to.contain('Reset the packages password?');
      expect(confirm.textContent).to.contain('The old password stops working 10 seconds after the reset');
      expect(
        (await api.calls()).filter((c) => c.method === 'POST'),
        'nothing reset before confirming',
      ).to.have.length(0);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();

      const [reset] = await callsMatching(api, (c) => c.method === 'POST');
      expect(reset!.path).to.equal(PASSWORD_PATH);
      expect(reset!.body, 'an empty body generates a password').to.equal(undefined);
      const input = (await waitFor(() => passwordInput(el), { message: 'the new password' }))!;
      expect(input.type).to.equal('password');
      expect(input.value).to.equal(GENERATED);
      expect($(el, '[part="secret-title"]')!.textContent).to.equal('Save your new password now');
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
      await waitFor(() => deepActiveElement() === $(el, '[part~="password-copy"]'), { message: 'focus on Copy' });

      const reveal = $(el, '[part~="reveal-button"]')!;
      expect(reveal.getAttribute('aria-pressed')).to.equal('false');
      reveal.click();
      await settle();
      expect(input.type).to.equal('text');
      expect(reveal.getAttribute('aria-pressed')).to.equal('true');

      expect($(el, '[part~="done-button"]'), 'no way out before copying').to.equal(null);
      $(el, '[part~="password-copy"]')!.click();
      await waitFor(() => toasts(el).includes('Password copied'), { message: 'the copied toast' });
      expect(copied).to.deep.equal([GENERATED]);
      expect(events).to.have.length(1);
      expect(Object.keys(events[0] as object)).to.deep.equal(['effectiveAt']);

      $(el, '[part~="done-button"]')!.click();
      await waitFor(() => !passwordInput(el), { message: 'the password gone' });
      expect(el.shadowRoot!.innerHTML).to.not.contain(GENERATED);
      await waitFor(() => deepActiveElement() === $(el, '[part~="reset-button"]'), { message: 'focus on Reset' });

      // The password is never asked for again: the only GET is the username's.
      const gets = (await api.calls()).filter((c) => c.method === 'GET');
      expect(gets.map((c) => c.path)).to.deep.equal([USER_INFO_PATH]);
    });

    it('counts down from effective_at and says once when the new password is in effect', async () => {
      const api = await mockApi([userInfoRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const announcer = $(el, '[part="announcer"]')!;
      expect(announcer.getAttribute('role')).to.equal('status');
      const said: string[] = [];
      new MutationObserver(() => said.push(announcer.textContent ?? '')).observe(announcer, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      const confirm = await openConfirm(el);
      // A short delay, set just before the reset so a busy machine does not eat it up.
      await api.define([userInfoRoute(), generateRoute(4000)]);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      const note = (await waitFor(() => $(el, '[part="effect-note"]'), { message: 'the countdown' }))!;
      expect(note.dataset.state).to.equal('pending');
      expect(note.textContent).to.match(/^The new password takes effect in [1-4] s\. Until then the old password/);
      await waitFor(() => note.dataset.state === 'effective', { timeout: 9000, message: 'the end of the countdown' });
      expect(note.textContent).to.equal('The new password is now in effect.');
      await settle();
      // Polite, and only at the start and the end: never every second.
      expect(said).to.have.length(2);
      expect(said[0]).to.match(/^The new password takes effect in [1-4] seconds\.$/);
      expect(said[1]).to.equal('The new password is now in effect.');
    });

    it('counts 10 seconds when the server does not say when (zh_CN)', async () => {
      const api = await mockApi([userInfoRoute(), generateRoute(0, { effective_at: undefined })]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      const events: Array<{ effectiveAt: string }> = [];
      el.addEventListener('yx-package-password-reset', (e) => events.push(e.detail));
      const before = Date.now();
      const confirm = await openConfirm(el);
      expect(confirm.textContent).to.contain('旧密码将在重置 10 秒后失效');
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      const note = (await waitFor(() => $(el, '[part="effect-note"]')))!;
      expect(note.textContent).to.match(/^新密码将在 (10|9) 秒后生效/);
      expect($(el, '[part="announcer"]')!.textContent).to.equal('新密码将在 10 秒后生效。');
      expect(events).to.have.length(1);
      const at = Date.parse(events[0]!.effectiveAt);
      expect(at - before).to.be.within(9_000, 20_000);
    });

    it('counts 10 seconds when effective_at is far off (a clock out of step with the server)', async () => {
      const api = await mockApi([userInfoRoute(), generateRoute(5 * 60_000)]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const confirm = await openConfirm(el);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      const note = (await waitFor(() => $(el, '[part="effect-note"]')))!;
      expect(note.textContent).to.match(/^The new password takes effect in (10|9) s\./);
    });

    it('forgets the password when the element is removed', async () => {
      const api = await mockApi([userInfoRoute(), generateRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const confirm = await openConfirm(el);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => passwordInput(el));
      el.remove();
      await settle();
      expect(el.shadowRoot!.innerHTML).to.not.contain(GENERATED);
      document.body.append(el);
      await waitFor(() => $(el, '[part~="username-value"]'), { message: 'the credential loaded again' });
      expect(passwordInput(el)).to.equal(null);
      expect($(el, '[part="effect-note"]')).to.equal(null);
    });
  });

  describe('given a reset the server refuses', () => {
    it('says why, keeps the confirmation open and the screen unchanged', async () => {
      const api = await mockApi([
        userInfoRoute(),
        {
          method: 'POST',
          path: PASSWORD_PATH,
          status: 403,
          body: { code: 'forbidden', message: 'Credential locked by an administrator', requestId: 'r1' },
        },
      ]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-package-password-reset', (e) => events.push(e.detail));
      const confirm = await openConfirm(el);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => toasts(el).length > 0, { message: 'the toast' });
      expect(toasts(el)).to.deep.equal(['Reset failed, please retry: Credential locked by an administrator']);
      expect($(el, '[part~="confirm"]')).to.exist;
      expect(passwordInput(el)).to.equal(null);
      expect($(el, '[part="effect-note"]')).to.equal(null);
      expect($(el, '[part="password-hidden"]')).to.exist;
      expect(events).to.deep.equal([]);
    });

    it('treats an answer without a password as a failure (zh_CN)', async () => {
      const api = await mockApi([
        userInfoRoute(),
        { method: 'POST', path: PASSWORD_PATH, body: { effective_at: new Date().toISOString() } },
      ]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
      const confirm = await openConfirm(el);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => toasts(el).length > 0, { message: 'the toast' });
      expect(toasts(el)[0]).to.match(/^重置失败，请重试：/);
      expect(passwordInput(el)).to.equal(null);
    });
  });
});
