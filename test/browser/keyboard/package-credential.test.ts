import { expect } from '@open-wc/testing';
import '../../../elements/yx-package-credential';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  GENERATED,
  PASSWORD_PATH,
  callsMatching,
  generateRoute,
  stubClipboard,
  userInfoRoute,
} from '../features/package-credential-fixtures';
import { expectFocusRing, expectFocused, focusLandsOn, pageStart, press, shiftTab, tabCycle, tabTo } from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const toasts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="toast"]')].map((t) => t.querySelector('span')!.textContent);

describe('<yx-package-credential> with the keyboard alone', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.innerHTML = '';
  });

  it('copies the username, resets the password after confirming, reveals and copies it', async () => {
    const copied: string[] = [];
    restore = stubClipboard(async (text) => void copied.push(text));
    const api = await mockApi([userInfoRoute(), generateRoute()]);
    const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="username-value"]'), { message: 'the credential' });

    pageStart();
    await tabTo((f) => f.matches('[part~="username-copy"]'), { message: 'Copy username' });
    expectFocusRing();
    await press('Enter');
    await waitFor(() => copied.length === 1, { message: 'the username copied' });
    expect(copied).to.deep.equal(['alice-pkg']);

    await press('Tab');
    const reset = expectFocused($(el, '[part~="reset-button"]'), 'Reset');
    expectFocusRing();

    // Backing out: Escape closes the question and hands focus back to Reset; nothing is sent.
    await press('Enter');
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
    await focusLandsOn(() => confirm.querySelector('[part~="cancel-button"]'), 'focus on Cancel');
    expectFocusRing();
    const cycle = await tabCycle(confirm);
    expect(cycle.trapped, 'Tab cycles within the confirmation').to.equal(true);
    expect(cycle.stops.map((s) => s.getAttribute('part'))).to.deep.equal([
      'button cancel-button',
      'button confirm-button',
    ]);
    await press('Escape');
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    await focusLandsOn(() => reset, 'focus back on Reset');
    expect((await api.calls()).some((c) => c.path === PASSWORD_PATH)).to.equal(false);

    // Confirming: the new password is shown once, with focus on its Copy button.
    await press('Enter');
    await focusLandsOn(() => $(el, '[part~="confirm"] [part~="cancel-button"]'), 'focus on Cancel');
    await press('Tab');
    expectFocusRing();
    await press('Enter');
    await callsMatching(api, (c) => c.method === 'POST' && c.path === PASSWORD_PATH);
    await focusLandsOn(() => $(el, '[part~="password-copy"]'), 'focus on Copy password');
    expectFocusRing();

    await shiftTab();
    const reveal = expectFocused($(el, '[part~="password-field"] [part~="reveal-button"]'), 'Show password');
    expectFocusRing();
    expect(reveal.getAttribute('aria-pressed')).to.equal('false');
    await press('Space');
    await waitFor(() => ($(el, '[part~="password-value"]') as HTMLInputElement).type === 'text', {
      message: 'the password shown',
    });
    expect(reveal.getAttribute('aria-pressed')).to.equal('true');
    expect(($(el, '[part~="password-value"]') as HTMLInputElement).value).to.equal(GENERATED);

    await press('Tab');
    expectFocused($(el, '[part~="password-copy"]'), 'Copy password');
    await press('Enter');
    await waitFor(() => toasts(el).includes('Password copied'), { message: 'the copied toast' });
    expect(copied).to.deep.equal(['alice-pkg', GENERATED]);

    const done = await tabTo((f) => f.matches('[part~="done-button"]'), { message: 'Done' });
    expectFocusRing();
    await press('Enter');
    await waitFor(() => !done.isConnected, { message: 'the password to go' });
    await focusLandsOn(() => $(el, '[part~="reset-button"]'), 'focus back on Reset');
  });
});
