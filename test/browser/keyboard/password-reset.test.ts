import { expect } from '@open-wc/testing';
import '../../../elements/yx-password-reset';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  callsMatching,
  expectFocused,
  expectFocusRing,
  focused,
  focusLandsOn,
  pageStart,
  press,
  tabTo,
  type,
} from './keys';

import { resetPath as path, resetRoutes as routes, resetStep as step } from '../features/password-reset-fixtures';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-password-reset> with the keyboard alone', () => {
  let urls: string[];
  const onNavigate = (e: Event) => {
    e.preventDefault();
    urls.push((e as CustomEvent<{ url: string }>).detail.url);
  };
  beforeEach(() => {
    urls = [];
    document.addEventListener('yx-navigate', onNavigate);
  });
  afterEach(() => {
    document.removeEventListener('yx-navigate', onNavigate);
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`goes through account, code and new password, focus on each step's first control (${locale})`, async () => {
      const api = await mockApi(routes);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await waitFor(() => $(el, 'input[name="username"]'), { message: 'the account step' });

      // Step 1: the account. Enter on an empty field explains and keeps focus there.
      pageStart();
      await press('Tab');
      expectFocused($(el, 'input[name="username"]'), 'the account field');
      expectFocusRing();
      await press('Enter');
      expect($(el, 'input[name="username"]')!.getAttribute('aria-invalid')).to.equal('true');
      expectFocused($(el, 'input[name="username"]'), 'the account field in error');
      await type('dana');
      await press('Tab');
      expectFocused($(el, '[part="account-step"] [part~="submit-button"]'), 'Next');
      expectFocusRing();
      await press('Enter');

      // Step 2: focus on Get code; then on the code field once it is sent.
      await waitFor(() => step(el) === 'verify', { message: 'the verify step' });
      await focusLandsOn(() => $(el, '[part~="send-button"]'), 'focus on Get code');
      expectFocusRing();
      await press('Enter');
      await callsMatching(api, (c) => c.path === path('emailCaptcha'));
      await focusLandsOn(() => $(el, 'input[name="code"]'), 'focus in the code field');
      expectFocusRing();
      await type('135790');
      await press('Enter');
      const [verify] = await callsMatching(api, (c) => c.path === path('emailCaptcha:verify'));
      expect(verify!.body).to.deep.include({ code: '135790' });

      // Step 3: the new password twice.
      await waitFor(() => step(el) === 'reset', { message: 'the reset step' });
      await focusLandsOn(() => $(el, 'input[name="new_password"]'), 'focus in the new password');
      expectFocusRing();
      await type('abcDEF#12');
      // Each password field has its show/hide toggle right after it.
      await press('Tab');
      expectFocused($(el, '[part="reset-step"] [part~="password-toggle"]'), 'the show/hide toggle');
      await press('Tab');
      expectFocused($(el, 'input[name="confirm_password"]'), 'the confirmation');
      await type('abcDEF#12');
      await press('Tab');
      await press('Tab');
      expectFocused($(el, '[part="reset-step"] [part~="submit-button"]'), 'Reset');
      expectFocusRing();
      await press('Enter');
      const [reset] = await callsMatching(api, (c) => c.path === path('password:reset'));
      expect(reset!.method).to.equal('PUT');

      // Done: the title takes focus (it is announced), Tab reaches Back to sign in.
      await waitFor(() => step(el) === 'done', { message: 'the success screen' });
      await waitFor(() => focused()?.classList.contains('yx-reset-done-title'), { message: 'focus on the title' });
      const login = await tabTo((f) => f.matches('[part~="login-button"]'), { message: 'Back to sign in' });
      expectFocusRing(login);
      await press('Enter');
      expect(urls).to.deep.equal([`${api.host}/users/#/users/login`]);
    });
  }

  it('reaches the sign-in link from the first step', async () => {
    const api = await mockApi(routes);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, 'input[name="username"]'), { message: 'the account step' });
    pageStart();
    await tabTo((f) => f.matches('[part="login-link"]'), { message: 'the sign-in link' });
    expectFocusRing();
    await press('Enter');
    expect(urls).to.deep.equal([`${api.host}/users/#/users/login`]);
  });
});
