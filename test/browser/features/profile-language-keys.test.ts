import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { setProfileReloader } from '../../../src/features/profile/LanguageSection';
import { LOCALE_COOKIE } from '../../../src/core/i18n/index';
import { readCookie } from '../../../src/core/cookies';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, useOwnCookies, waitFor } from '../fixtures/harness';
import { expectFocusRing, expectFocused, pageStart, press, stillFrame, tabTo } from '../keyboard/keys';
import { $, ME, PREFERENCES, callsMatching, me } from './profile-fixtures';

// Files run side by side; the language cookie this one writes stays in this file.
useOwnCookies();

const select = (el: Element) => $(el, 'select[name="language"]') as HTMLSelectElement;
const switchButton = (el: Element) => $(el, '[part~="switch-language-button"]');
const localeCookie = () => readCookie(document.cookie, LOCALE_COOKIE);
const preferenceCalls = async (api: Awaited<ReturnType<typeof mockApi>>) =>
  (await api.calls()).filter((c) => c.path === PREFERENCES);

// WCAG 3.2.2 (On Input): Chromium fires `change` on every arrow key of a closed select, so moving
// through the languages must not switch (and reload) the page; only Switch language does.
describe('<yx-profile> language, chosen first and then switched', () => {
  let restoreReloader: (() => void) | undefined;
  afterEach(() => {
    restoreReloader?.();
    restoreReloader = undefined;
    document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
    document.body.innerHTML = '';
  });

  describe('with the keyboard alone', () => {
    it('lets the arrow keys move through the languages without leaving the page, then Enter on Switch language reloads it', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ language: 'en_US' }) },
        { method: 'PUT', path: PREFERENCES, body: {} },
      ]);
      let reloads = 0;
      restoreReloader = setProfileReloader(() => reloads++);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await waitFor(() => select(el), { message: 'the profile' });
      expect(switchButton(el), 'nothing to switch yet').to.equal(null);
      pageStart();
      await tabTo((f) => f === select(el), { message: 'the language select' });

      // 简体中文 is the option above English.
      await press('ArrowUp');
      await waitFor(() => switchButton(el), { message: 'Switch language after choosing 简体中文' });
      expectFocused(select(el), 'the select, still');
      expect(select(el).value).to.equal('zh_CN');
      expect(reloads, 'no reload on an arrow key').to.equal(0);
      expect(localeCookie(), 'no cookie on an arrow key').to.equal(undefined);
      expect($(el, '[part="title"]')!.textContent).to.equal('Personal Information');
      expect($(el, '[part="language"]')!.textContent).to.contain('The page reloads after you switch the language');
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);

      // Back to the language in force: nothing to switch.
      await press('ArrowDown');
      await waitFor(() => switchButton(el) === null, { message: 'Switch language gone with English chosen again' });
      expectFocused(select(el), 'the select, still');

      await press('ArrowUp');
      await waitFor(() => switchButton(el), { message: 'Switch language again' });
      await press('Tab');
      const button = expectFocused(switchButton(el), 'Switch language');
      expectFocusRing();
      expect(button.textContent).to.equal('Switch language');
      expect(await preferenceCalls(api), 'nothing saved before the switch').to.deep.equal([]);

      await press('Enter');
      const [call] = await callsMatching(api, (c) => c.path === PREFERENCES);
      expect(call!.method).to.equal('PUT');
      expect(call!.body).to.deep.equal({ language: 'zh_CN' });
      await waitFor(() => reloads === 1, { message: 'the page to reload in Chinese' });
      expect(localeCookie()).to.equal('zh_CN');
      expect(await preferenceCalls(api), 'saved once').to.have.length(1);
    });
  });

  describe('with the mouse and no-reload', () => {
    it('offers 切换语言 once English is picked, switches on its click and puts focus back on the select', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ language: 'zh_CN' }) },
        { method: 'PUT', path: PREFERENCES, body: {} },
      ]);
      let reloads = 0;
      restoreReloader = setProfileReloader(() => reloads++);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN', 'no-reload': '' });
      const changes: unknown[] = [];
      el.addEventListener('yx-locale-change', (e) => changes.push(e.detail));
      await waitFor(() => select(el), { message: 'the profile' });

      select(el).focus();
      select(el).value = 'en_US';
      select(el).dispatchEvent(new Event('change', { bubbles: true }));
      const button = (await waitFor(() => switchButton(el), { message: '切换语言' }))!;
      expect(button.textContent).to.equal('切换语言');
      expect($(el, '[part="title"]')!.textContent, 'still in Chinese').to.equal('个人信息');
      expect(el.getAttribute('locale')).to.equal('zh_CN');
      expect(changes).to.deep.equal([]);

      button.click();
      await waitFor(() => $(el, '[part="title"]')!.textContent === 'Personal Information', {
        message: 'the English re-render',
      });
      const [call] = await callsMatching(api, (c) => c.path === PREFERENCES);
      expect(call!.body).to.deep.equal({ language: 'en_US' });
      expect(changes).to.deep.equal([{ locale: 'en_US' }]);
      expect(switchButton(el), 'nothing left to switch').to.equal(null);
      expect(select(el).value).to.equal('en_US');
      await waitFor(() => deepActiveElement() === select(el), { message: 'focus back on the select' });
      expect(reloads).to.equal(0);
    });
  });
});
