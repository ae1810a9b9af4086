import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { setProfileReloader } from '../../../src/features/profile/LanguageSection';
import { LOCALE_COOKIE } from '../../../src/core/i18n/index';
import { mockApi, mountElement, useOwnCookies, waitFor } from '../fixtures/harness';
import { $, BIND, ME, PASSWORD, PREFERENCES, callsMatching, me, toasts } from '../features/profile-fixtures';
import {
  expectFocusRing,
  expectFocused,
  focusLandsOn,
  focused,
  pageStart,
  press,
  shiftTab,
  stillFrame,
  tabCycle,
  tabTo,
  type,
} from './keys';

// Files run side by side; the language cookie this one writes stays in this file.
useOwnCookies();

const ADDRESS = 'lin@example.com';
const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;
const errorOf = (el: Element, name: string) =>
  input(el, name).closest('[part="field"]')!.querySelector('[part="error"]')!.textContent;

describe('<yx-profile> with the keyboard alone', () => {
  let restoreReloader: (() => void) | undefined;
  afterEach(() => {
    restoreReloader?.();
    restoreReloader = undefined;
    document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
    document.body.innerHTML = '';
  });

  it('reaches the avatar upload, then binds an email in the dialog, focus kept on the email actions', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me() },
      { method: 'POST', path: BIND, body: { email: { address: ADDRESS, verified: false }, sent: true } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="bind-button"]'), { message: 'the profile' });

    pageStart();
    await press('Tab');
    expectFocused(input(el, 'file'), 'the avatar file input');
    // The input is visually hidden: its ring is drawn on the Upload label beside it.
    expectFocusRing();
    await press('Tab');
    const bind = expectFocused($(el, '[part~="bind-button"]'), 'Bind');
    expectFocusRing();

    await press('Enter');
    const modal = (await waitFor(() => $(el, '[part~="modal"]'), { message: 'the dialog' }))!;
    await focusLandsOn(() => input(el, 'email'), 'focus in the email field');
    await stillFrame(el);
    expectFocusRing();
    const cycle = await tabCycle(modal);
    expect(cycle.trapped, 'Tab cycles within the dialog').to.equal(true);
    expect(cycle.stops.map((s) => s.getAttribute('name') ?? s.getAttribute('part'))).to.deep.equal([
      'email',
      'button cancel-button',
      'button submit-button',
      'close-button',
    ]);

    // Escape backs out to Bind.
    await press('Escape');
    await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the dialog to close' });
    await focusLandsOn(() => bind, 'focus back on Bind');

    await press('Enter');
    await focusLandsOn(() => input(el, 'email'), 'focus in the email field');
    await type('lin@');
    await press('Enter');
    expect(errorOf(el, 'email')).to.equal('The format of the email address is invalid');
    expectFocused(input(el, 'email'), 'the email field in error');
    expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true');
    await type('example.com');
    await press('Enter');
    const [call] = await callsMatching(api, (c) => c.path === BIND);
    expect(call!.body).to.deep.equal({ email: ADDRESS });
    await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the dialog to close' });
    expect(toasts(el)).to.include(`Email address added. A verification email was sent to ${ADDRESS}.`);
    // Bind is gone with the empty state: focus moves to the new address's Change, not <body>.
    await focusLandsOn(() => $(el, '[part~="change-button"]'), 'focus on Change');
    expectFocusRing();
  });

  it('chooses a language with the arrow keys of the select, then switches with Switch language', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me() },
      { method: 'PUT', path: PREFERENCES, body: {} },
    ]);
    let reloads = 0;
    restoreReloader = setProfileReloader(() => reloads++);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, 'select[name="language"]'), { message: 'the profile' });
    pageStart();
    const select = (await tabTo((f) => f.localName === 'select', {
      message: 'the language select',
    })) as HTMLSelectElement;
    expectFocusRing();
    expect(select.labels![0]!.textContent).to.equal('Language');
    expect(select.value).to.equal('en_US');
    // 简体中文 is the option above English; the arrow only chooses it (WCAG 3.2.2), the button switches.
    await press('ArrowUp');
    await focusLandsOn(() => $(el, '[part~="switch-language-button"]') && select, 'Switch language beside the select');
    await press('Tab');
    expectFocused($(el, '[part~="switch-language-button"]'), 'Switch language');
    expectFocusRing();
    await press('Enter');
    const [call] = await callsMatching(api, (c) => c.path === PREFERENCES);
    expect(call!.body).to.deep.equal({ language: 'zh_CN' });
    await waitFor(() => reloads === 1, { message: 'the page to reload in Chinese' });
  });

  it('changes the password: errors first, show a field, then Enter sends it', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me() },
      { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: 1 } },
    ]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, '[part="password-form"]'), { message: 'the password form' });
    pageStart();
    await tabTo((f) => f === input(el, 'old_password'), { message: 'the current password' });
    expectFocusRing();

    // Enter on an empty form: every field says what is missing, and focus stays on the first one.
    await press('Enter');
    expect(errorOf(el, 'old_password')).to.not.equal('');
    expect(errorOf(el, 'new_password')).to.not.equal('');
    expect(errorOf(el, 'confirm_password')).to.not.equal('');
    expectFocused(input(el, 'old_password'), 'the current password');
    expect((await api.calls()).some((c) => c.path === PASSWORD)).to.equal(false);

    await type('Old-pass1');
    await press('Tab');
    const reveal = expectFocused(
      input(el, 'old_password').parentElement!.querySelector('[part~="reveal-button"]'),
      'Show current password',
    );
    expectFocusRing();
    await press('Space');
    expect(input(el, 'old_password').type).to.equal('text');
    expect(reveal.getAttribute('aria-pressed')).to.equal('true');
    await press('Tab');
    expectFocused(input(el, 'new_password'), 'the new password');
    await type('New-pass2@');
    await press('Tab');
    await press('Tab');
    expectFocused(input(el, 'confirm_password'), 'the confirmation');
    await type('New-pass2@');
    await shiftTab();
    await shiftTab();
    expectFocused(input(el, 'new_password'), 'back on the new password');
    await press('Enter');
    const [call] = await callsMatching(api, (c) => c.path === PASSWORD);
    expect(call!.body).to.deep.equal({ new_password: 'New-pass2@', old_password: 'Old-pass1' });
    await waitFor(() => input(el, 'new_password').value === '', { message: 'the fields cleared' });
    expect(Boolean(focused()?.closest('[part="password-form"]')), 'focus stays in the form').to.equal(true);
  });
});
