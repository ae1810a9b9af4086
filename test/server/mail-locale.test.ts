/**
 * The language of the server's mails, read from the captured mails (the outbox): a mail caused by
 * the signed-in user's own request (the activation link, the old address's notice where the owner
 * opens the link, the password notice) is written in that request's language — here the
 * `ak_user_locale` cookie of the browser that acted, which wins over the saved language (§4) —
 * like the message-centre notices; a sign-in code asked for after the password was proved is in
 * the language that browser reads the account in; a reset code, which anyone who knows the name
 * can ask for, keeps the account's saved language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serverTranslator } from '../../server/i18n';
import type { ServerMessageKey } from '../../server/i18n';
import { listMail } from '../../server/repos/outbox';
import { flavourOf } from '../../src/core/flavours';
import type { Locale } from '../../src/core/settings';
import { useTestServer } from './helpers/server';
import * as accounts from './helpers/accounts';
import type { Account } from './helpers/accounts';
import type { NewUser } from '../../server/db/schema';
import { BIND, REBIND, VERIFY } from './helpers/email';

const server = useTestServer();

const PASSWORD = accounts.ACCOUNT_PASSWORD;
const NEW_PASSWORD = 'Changed#2027';
const step = (username: string, action: string) => `/users/ajax/users/${username}/${action}`;

const newAccount = (saved: Locale, extra: Partial<NewUser> = {}) => accounts.newAccount(server, saved, extra);
const browserReading = (reads: Locale) => accounts.browserReading(server, reads);
const signedIn = (account: Account, reads: Locale) => accounts.signedInReading(server, account, reads);

/** The subject of the mail `template` in `locale`, as the test server's flavour names itself. */
function subject(locale: Locale, template: string): string {
  const t = serverTranslator(locale);
  const system = t(flavourOf(server.deps.config.flavour).systemNameKey);
  return t(`mail.${template}.subject` as ServerMessageKey, { system });
}

/** The mails to `to`, oldest first. */
async function mailsTo(to: string) {
  return (await listMail(server.deps.db)).filter((m) => m.to === to);
}

/** The subjects of the mails to `to`, oldest first. */
async function subjectsTo(to: string): Promise<string[]> {
  return (await mailsTo(to)).map((m) => m.subject);
}

/** The token of the activation link in the newest mail to `to`. */
async function lastLinkToken(to: string): Promise<string> {
  const text = (await mailsTo(to)).at(-1)?.text ?? '';
  const token = /\/users\/#\/users\/emails\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  assert.ok(token, `a link in the mail to ${to}: ${text}`);
  return token;
}

describe('given an account saved in Chinese, used in a browser that reads English', () => {
  it('mails the activation link of a bound address in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    assert.equal((await browser.post('/individual/proxy/my/email:unbind', { email: account.email })).status, 200);
    const to = `bind-${account.email}`;
    const bound = await browser.post(BIND, { email: to });
    assert.equal(bound.status, 200, bound.text);

    assert.deepEqual(await subjectsTo(to), [subject('en_US', 'verifyEmail')]);
    const mail = (await mailsTo(to))[0]!;
    assert.match(mail.html, /<html lang="en">/);
  });

  it('mails the password notice in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    const changed = await browser.put('/users/ajax/v1/my/password', {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    assert.equal(changed.status, 200, changed.text);

    assert.deepEqual(await subjectsTo(account.email), [subject('en_US', 'passwordChanged')]);
  });

  it('mails the new address’s link, and the old address’s notice once the owner opens it where signed in, in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    const next = `next-${account.email}`;
    assert.equal((await browser.post(REBIND, { email: next })).status, 200);
    assert.deepEqual(await subjectsTo(next), [subject('en_US', 'verifyEmail')]);
    const opened = await browser.post(VERIFY, { token: await lastLinkToken(next) });
    assert.equal(opened.status, 200, opened.text);

    assert.deepEqual(await subjectsTo(account.email), [subject('en_US', 'emailChanged')]);
  });

  it('mails the sign-in code of the risk check, and its resend, in English', async () => {
    const account = await newAccount('zh_CN', { risk_check: true });
    const browser = await browserReading('en_US');
    const refused = await browser.post('/users/ajax/login', { username: account.username, password: PASSWORD });
    assert.equal(refused.body.code, 'email_verification_required', refused.text);
    server.clock.advance(60_000);
    const resent = await browser.post(step(account.username, 'emailCaptcha'));
    assert.equal(resent.status, 200, resent.text);

    assert.deepEqual(await subjectsTo(account.email), [subject('en_US', 'loginCode'), subject('en_US', 'loginCode')]);
  });

  it('keeps the saved language for a reset code asked in English: a stranger cannot choose it', async () => {
    const account = await newAccount('zh_CN');
    const browser = await browserReading('en_US');
    assert.equal((await browser.get(step(account.username, 'check'))).status, 200);
    const sent = await browser.post(step(account.username, 'emailCaptcha'));
    assert.equal(sent.status, 200, sent.text);

    assert.deepEqual(await subjectsTo(account.email), [subject('zh_CN', 'passwordReset')]);
  });

  it('keeps the saved language for the old address’s notice when the link is opened where the owner is not signed in', async () => {
    const account = await newAccount('zh_CN');
    const owner = await signedIn(account, 'en_US');
    const next = `elsewhere-${account.email}`;
    assert.equal((await owner.post(REBIND, { email: next })).status, 200);
    const elsewhere = await browserReading('en_US');
    const opened = await elsewhere.post(VERIFY, { token: await lastLinkToken(next) });
    assert.equal(opened.status, 200, opened.text);

    assert.deepEqual(await subjectsTo(account.email), [subject('zh_CN', 'emailChanged')]);
  });
});

describe('given an account saved in English, used in a browser that reads Chinese', () => {
  it('mails the activation link and the password notice in Chinese', async () => {
    const account = await newAccount('en_US');
    const browser = await signedIn(account, 'zh_CN');
    const next = `zh-${account.email}`;
    assert.equal((await browser.post(REBIND, { email: next })).status, 200);
    const changed = await browser.put('/users/ajax/v1/my/password', {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    assert.equal(changed.status, 200, changed.text);

    assert.deepEqual(await subjectsTo(next), [subject('zh_CN', 'verifyEmail')]);
    assert.deepEqual(await subjectsTo(account.email), [subject('zh_CN', 'passwordChanged')]);
  });

  it('keeps the saved language for a reset code asked in Chinese', async () => {
    const account = await newAccount('en_US');
    const browser = await browserReading('zh_CN');
    assert.equal((await browser.get(step(account.username, 'check'))).status, 200);
    assert.equal((await browser.post(step(account.username, 'emailCaptcha'))).status, 200);

    assert.deepEqual(await subjectsTo(account.email), [subject('en_US', 'passwordReset')]);
  });
});
