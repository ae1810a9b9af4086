import { expect } from '@open-wc/testing';
import '../../../elements/yx-profile';
import { setProfileReloader } from '../../../src/features/profile/LanguageSection';
import { LOCALE_COOKIE } from '../../../src/core/i18n/index';
import { readCookie } from '../../../src/core/cookies';
import { mockApi, mountElement, useOwnCookies, waitFor } from '../fixtures/harness';
import { $, ME, PREFERENCES, callsMatching, me, toasts } from './profile-fixtures';

// Files run side by side; the language cookie this one writes stays in this file.
useOwnCookies();

const select = (el: Element) => $(el, 'select[name="language"]') as HTMLSelectElement;
/** Picks a language in the select, then applies it with Switch language (the pick alone does not). */
async function choose(el: Element, value: string) {
  select(el).value = value;
  select(el).dispatchEvent(new Event('change', { bubbles: true }));
  const button = await waitFor(() => $(el, '[part~="switch-language-button"]'), { message: 'Switch language' });
  button!.click();
}
const localeCookie = () => readCookie(document.cookie, LOCALE_COOKIE);

describe('<yx-profile> language', () => {
  let restoreReloader: (() => void) | undefined;
  afterEach(() => {
    restoreReloader?.();
    restoreReloader = undefined;
    document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
    document.body.innerHTML = '';
  });

  it('offers 简体中文 and English, with the language the page is shown in selected', async () => {
    const api = await mockApi([{ method: 'GET', path: ME, body: me({ language: 'zh_CN' }) }]);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
    await waitFor(() => select(el));
    expect([...select(el).options].map((o) => [o.value, o.textContent])).to.deep.equal([
      ['zh_CN', '简体中文'],
      ['en_US', 'English'],
    ]);
    // Saved as zh_CN, but this page is in English (a cookie or attribute wins): say so.
    expect(select(el).value).to.equal('en_US');
    expect(select(el).labels![0]!.textContent).to.equal('Language');
  });

  describe('with no-reload', () => {
    it('saves the choice, writes the cookie, re-renders in English and tells the host', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ language: 'zh_CN' }) },
        { method: 'PUT', path: PREFERENCES, body: {} },
      ]);
      let reloads = 0;
      restoreReloader = setProfileReloader(() => reloads++);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'zh_CN', 'no-reload': '' });
      const events: Array<[string, unknown]> = [];
      el.addEventListener('yx-locale-change', (e) => events.push(['locale', e.detail]));
      el.addEventListener('yx-profile-update', (e) => events.push(['update', e.detail]));
      await waitFor(() => select(el));
      expect($(el, '[part="title"]')!.textContent).to.equal('个人信息');

      await choose(el, 'en_US');
      const [call] = await callsMatching(api, (c) => c.path === PREFERENCES);
      expect(call!.method).to.equal('PUT');
      expect(call!.body).to.deep.equal({ language: 'en_US' });
      await waitFor(() => $(el, '[part="title"]')!.textContent === 'Personal Information', {
        message: 'the English re-render',
      });
      expect(el.getAttribute('locale')).to.equal('en_US');
      expect(el.getAttribute('lang')).to.equal('en');
      expect(select(el).value).to.equal('en_US');
      expect(localeCookie()).to.equal('en_US');
      expect(events).to.deep.equal([
        ['update', { field: 'language' }],
        ['locale', { locale: 'en_US' }],
      ]);
      expect(reloads).to.equal(0);
      expect(
        (await api.calls()).filter((c) => c.path === ME),
        'no refetch',
      ).to.have.length(1);
    });
  });

  describe('without no-reload', () => {
    it('saves the choice, writes the cookie and reloads the page', async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me({ language: 'en_US' }) },
        { method: 'PUT', path: PREFERENCES, body: {} },
      ]);
      let reloads = 0;
      restoreReloader = setProfileReloader(() => reloads++);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      const changes: unknown[] = [];
      el.addEventListener('yx-locale-change', (e) => changes.push(e.detail));
      await waitFor(() => select(el));
      expect($(el, '[part="language"]')!.textContent).to.contain('The page reloads after you switch the language');
      await choose(el, 'zh_CN');
      await waitFor(() => reloads === 1, { message: 'the reload' });
      const [call] = await callsMatching(api, (c) => c.path === PREFERENCES);
      expect(call!.body).to.deep.equal({ language: 'zh_CN' });
      expect(localeCookie()).to.equal('zh_CN');
      expect(changes, 'the reload does the rest').to.deep.equal([]);
    });
  });

  it('puts the old language back and says so when saving fails', async () => {
    const api = await mockApi([
      { method: 'GET', path: ME, body: me({ language: 'en_US' }) },
      { method: 'PUT', path: PREFERENCES, status: 400, body: { code: 'invalid_request', message: 'Not allowed' } },
    ]);
    let reloads = 0;
    restoreReloader = setProfileReloader(() => reloads++);
    const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US', 'no-reload': '' });
    await waitFor(() => select(el));
    await choose(el, 'zh_CN');
    await waitFor(() => toasts(el).length > 0, { message: 'the failure toast' });
    expect(toasts(el)).to.deep.equal(['Failed to switch the language: Not allowed']);
    await waitFor(() => select(el).value === 'en_US', { message: 'the old value back' });
    expect(el.getAttribute('locale')).to.equal('en_US');
    expect(localeCookie()).to.equal(undefined);
    expect(reloads).to.equal(0);
  });
});
