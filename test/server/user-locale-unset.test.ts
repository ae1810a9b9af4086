/**
 * An account stores a language only once its user chooses one (migration 0013). Until then the
 * browser's language decides what they read, signed in as before it: a user who signed in on an
 * English page is no longer switched to Chinese by a default nobody chose. A chosen language still
 * outranks the browser's (§4), and what is written to them outside a request of theirs (a reset
 * code anyone can ask for) is in the deployment's default language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serverTranslator } from '../../server/i18n';
import { listMail } from '../../server/repos/outbox';
import { flavourOf } from '../../src/core/flavours';
import type { Locale } from '../../src/core/settings';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import type { RequestOptions } from './helpers/client';
import * as accounts from './helpers/accounts';

const server = useTestServer();

/** A browser whose `Accept-Language` is `language`, with no language cookie. */
class BrowserIn extends Client {
  constructor(
    baseUrl: string,
    private readonly language: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(method: string, path: string, options: RequestOptions = {}) {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'accept-language': this.language, ...options.headers },
    });
  }
}

/** A new account with no saved language (or `saved`). */
const newAccount = (saved: Locale | null = null) => accounts.newAccount(server, 'zh_CN', { locale: saved });

async function signIn(username: string, language: string, password = accounts.ACCOUNT_PASSWORD) {
  const browser = new BrowserIn(server.url, language);
  const answer = await browser.login(username, password);
  assert.equal(answer.status, 200, answer.text);
  return { browser, answer };
}

describe('an account whose user never chose a language', () => {
  it('is read in the language of the browser that signs in, in the answer, /me and the preferences', async () => {
    const account = await newAccount();
    for (const [language, locale] of [
      ['en-US,en;q=0.9', 'en_US'],
      ['zh-CN,zh;q=0.9', 'zh_CN'],
    ] as const) {
      const { browser, answer } = await signIn(account.username, language);
      assert.equal(answer.body.user.language, locale, language);
      assert.equal((await browser.get('/individual/proxy/me')).body.language, locale, language);
      assert.equal((await browser.get('/users/ajax/v1/my/preferences')).body.language, locale, language);
      const refused = await browser.post('/users/ajax/v1/my/tokens', { name: '' });
      assert.equal(refused.status, 400);
      assert.equal(/\p{Script=Han}/u.test(refused.body.message), locale === 'zh_CN', refused.body.message);
    }
    const stored = await server.deps.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.locale, null, 'signing in stores no language');
  });

  it('keeps the language its user chooses, whatever the browser reads afterwards', async () => {
    const account = await newAccount();
    const { browser } = await signIn(account.username, 'en-US');
    assert.equal((await browser.put('/users/ajax/v1/my/preferences', { language: 'zh_CN' })).status, 200);
    const later = await signIn(account.username, 'en-US');
    assert.equal(later.answer.body.user.language, 'zh_CN');
  });

  it('gets a reset code, which anyone can ask for, in the deployment’s default language', async () => {
    const account = await newAccount();
    const stranger = new BrowserIn(server.url, 'en-US');
    await stranger.pageSettings();
    assert.equal((await stranger.get(`/users/ajax/users/${account.username}/check`)).status, 200);
    assert.equal((await stranger.post(`/users/ajax/users/${account.username}/emailCaptcha`)).status, 200);
    const fallback = flavourOf(server.deps.config.flavour).defaultLocale;
    const t = serverTranslator(fallback);
    const expected = t('mail.passwordReset.subject', {
      system: t(flavourOf(server.deps.config.flavour).systemNameKey),
    });
    const mails = (await listMail(server.deps.db)).filter((m) => m.to === account.email);
    assert.deepEqual(
      mails.map((m) => m.subject),
      [expected],
    );
  });
});

describe('an account with a saved language', () => {
  it('is read in it, whatever the browser reads', async () => {
    const account = await newAccount('zh_CN');
    const { answer } = await signIn(account.username, 'en-US');
    assert.equal(answer.body.user.language, 'zh_CN');
  });
});

describe('the demo seed', () => {
  it('saves no language for the accounts that did not choose one, so demo reads the browser’s', async () => {
    const { answer } = await signIn('demo', 'en-US', 'Demo@2026');
    assert.equal(answer.body.user.language, 'en_US');
    const alice = await signIn('alice', 'zh-CN', 'Alice@2026');
    assert.equal(alice.answer.body.user.language, 'en_US', 'alice chose English');
  });
});

describe('an element with a language of its own (X-Yx-Locale)', () => {
  it('is answered in it, before the cookie and the saved language', async () => {
    const account = await newAccount('zh_CN');
    const { browser } = await signIn(account.username, 'zh-CN');
    browser.cookies.set('ak_user_locale', 'zh_CN');
    const english = await browser.post(
      '/users/ajax/v1/my/tokens',
      { name: '' },
      { headers: { 'x-yx-locale': 'en_US' } },
    );
    assert.equal(english.status, 400);
    assert.doesNotMatch(english.body.message, /\p{Script=Han}/u, english.body.message);
    const chinese = await browser.post('/users/ajax/v1/my/tokens', { name: '' });
    assert.match(chinese.body.message, /\p{Script=Han}/u, chinese.body.message);
    const garbage = await browser.post('/users/ajax/v1/my/tokens', { name: '' }, { headers: { 'x-yx-locale': '' } });
    assert.match(garbage.body.message, /\p{Script=Han}/u, 'an empty value is no language');
  });
});
