import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-package-credential';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  GENERATED,
  USER_INFO_PATH,
  callsMatching,
  generateRoute,
  setRoute,
  stubClipboard,
  userInfoRoute,
} from './package-credential-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const toasts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="toast"]')].map((t) => t.querySelector('span')!.textContent);
const focusedIs = (el: Element, selector: string) => deepActiveElement() === $(el, selector);
const shiftTab = async () => {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
};

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await settle();
}

describe('<yx-package-credential> accessibility', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  it('resets, copies and dismisses the password with the keyboard alone', async () => {
    const copied: string[] = [];
    restore = stubClipboard(async (text) => void copied.push(text));
    const api = await mockApi([userInfoRoute(), generateRoute()]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
    (await waitFor(() => $(el, '[part~="username-copy"]')))!.focus();
    await sendKeys({ press: 'Tab' });
    expect(focusedIs(el, '[part~="reset-button"]'), 'Tab reaches Reset').to.equal(true);
    await sendKeys({ press: 'Enter' });
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
    await waitFor(() => deepActiveElement() === confirm.querySelector('[part~="cancel-button"]'), {
      message: 'focus on Cancel',
    });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(confirm.querySelector('[part~="confirm-button"]'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focusedIs(el, '[part~="password-copy"]'), { message: 'focus on Copy password' });

    await shiftTab();
    expect(focusedIs(el, '[part~="reveal-button"]')).to.equal(true);
    await sendKeys({ press: 'Space' });
    await waitFor(() => ($(el, '[part~="password-value"]') as HTMLInputElement).type === 'text');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => toasts(el).includes('Password copied'));
    expect(copied).to.deep.equal([GENERATED]);
    await waitFor(() => $(el, '[part~="done-button"]'));
    await sendKeys({ press: 'Tab' });
    expect(focusedIs(el, '[part~="done-button"]'), 'Tab reaches Done').to.equal(true);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !$(el, '[part~="password-value"]'));
    await waitFor(() => focusedIs(el, '[part~="reset-button"]'), { message: 'focus back on Reset' });
  });

  it('sets an own password with the keyboard alone, and Escape backs out of a reset', async () => {
    const api = await mockApi([userInfoRoute(), setRoute()]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'zh_CN' });
    (await waitFor(() => $(el, '[part~="reset-button"]')))!.focus();
    await sendKeys({ press: 'Enter' });
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
    await waitFor(() => deepActiveElement() === confirm.querySelector('[part~="cancel-button"]'));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    await waitFor(() => focusedIs(el, '[part~="reset-button"]'), { message: 'focus back on Reset' });

    await sendKeys({ press: 'Tab' });
    expect(focusedIs(el, '[part~="custom-button"]')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focusedIs(el, '[part="custom-form"] input'), { message: 'focus in the field' });
    await sendKeys({ type: 'short' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect($(el, '[part="custom-form"] [part="error"]')!.textContent).to.not.equal('');
    expect(focusedIs(el, '[part="custom-form"] input'), 'focus stays on the field in error').to.equal(true);
    await sendKeys({ type: '#Pkg2026' });
    await sendKeys({ press: 'Enter' });
    const [call] = await callsMatching(api, (c) => c.method === 'POST');
    expect(call!.body).to.deep.equal({ password: 'short#Pkg2026' });
    await waitFor(() => focusedIs(el, '[part~="custom-button"]'), { message: 'focus back on the toggle' });
    expect((await api.calls()).filter((c) => c.method === 'GET').map((c) => c.path)).to.deep.equal([USER_INFO_PATH]);
  });

  it('lets the user copy the new password by hand when the clipboard is unavailable', async () => {
    restore = stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const api = await mockApi([userInfoRoute(), generateRoute()]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
    ((await waitFor(() => $(el, '[part~="reset-button"]'))) as HTMLButtonElement).click();
    (await waitFor(() => $(el, '[part~="confirm"]')))!
      .querySelector<HTMLButtonElement>('[part~="confirm-button"]')!
      .click();
    await waitFor(() => focusedIs(el, '[part~="password-copy"]'));
    $(el, '[part~="password-copy"]')!.click();
    const input = $(el, '[part~="password-value"]') as HTMLInputElement;
    await waitFor(() => deepActiveElement() === input, { message: 'focus on the password' });
    expect(input.type, 'shown, since a password box refuses Ctrl+C').to.equal('text');
    expect(input.selectionEnd! - input.selectionStart!).to.equal(GENERATED.length);
    expect($(el, '[part="secret"] [part="copy-status"]')!.textContent).to.contain('Ctrl+C');
    expect($(el, '[part~="done-button"]')).to.exist;
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the credential, the new password and the reset question (${locale})`, async () => {
      const api = await mockApi([userInfoRoute(), generateRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale });
      await waitFor(() => $(el, '[part~="username-value"]'));
      await expectNoAxeViolations(el.shadowRoot!);
      $(el, '[part~="reset-button"]')!.click();
      await waitFor(() => $(el, '[part~="confirm"]'));
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
      $(el, '[part~="confirm"] [part~="confirm-button"]')!.click();
      await waitFor(() => $(el, '[part~="password-value"]'));
      await waitFor(() => !$(el, '[part~="confirm"]'));
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user fill in the own-password form with an error, and read the error state (${locale})`, async () => {
      const api = await mockApi([userInfoRoute()]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale });
      (await waitFor(() => $(el, '[part~="custom-button"]')))!.click();
      await waitFor(() => $(el, '[part="custom-form"]'));
      ($(el, '[part="custom-form"] [part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      await expectNoAxeViolations(el.shadowRoot!);

      const failing = await mockApi([{ method: 'GET', path: USER_INFO_PATH, raw: '{' }]);
      const broken = await mountElement('yx-package-credential', { host: failing.host, locale });
      await waitFor(() => $(broken, '[part="result"][data-status="error"]'));
      await expectNoAxeViolations(broken.shadowRoot!);
    });
  }
});
