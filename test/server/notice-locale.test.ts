/**
 * The language of the server's own notices in the message centre: a notice caused by the user's
 * own request (a token, an SSH key, the password, the email, a sign-in) is written in the
 * language that request is read in — here the `ak_user_locale` cookie of the browser that acted,
 * which wins over the saved language (§4) — and a notice no request of theirs caused keeps the
 * saved language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serverTranslator } from '../../server/i18n';
import type { AnyMessageKey } from '../../server/i18n';
import { listMail } from '../../server/repos/outbox';
import type { Locale } from '../../src/core/settings';
import { useTestServer } from './helpers/server';
import * as accounts from './helpers/accounts';
import type { Account } from './helpers/accounts';
import type { NewUser } from '../../server/db/schema';
import { BIND, REBIND, UNBIND, VERIFY } from './helpers/email';
import { newEd25519PublicKey } from './helpers/ssh-key';
import { inDays } from './helpers/tokens';

const server = useTestServer();

const PASSWORD = accounts.ACCOUNT_PASSWORD;
const NEW_PASSWORD = 'Changed#2027';
const TOKENS = '/users/ajax/v1/my/tokens';
const SSH_KEYS = '/uiless/proxy/codeup/api/v3/user/keys';
const step = (username: string, action: string) => `/users/ajax/users/${username}/${action}`;

const newAccount = (saved: Locale, extra: Partial<NewUser> = {}) => accounts.newAccount(server, saved, extra);
const browserReading = (reads: Locale) => accounts.browserReading(server, reads);
const signedIn = (account: Account, reads: Locale) => accounts.signedInReading(server, account, reads);

/** The titles of the account's notices of `type`, as stored. */
async function titles(account: Account, type: string): Promise<string[]> {
  const rows = await server.deps.db
    .selectFrom('messages')
    .select('title')
    .where('user_id', '=', account.id)
    .where('sensitive_type', '=', type)
    .execute();
  return rows.map((r) => r.title);
}

const say = (locale: Locale, key: AnyMessageKey, params?: Record<string, string>) =>
  serverTranslator(locale)(key, params);

describe('given an account saved in Chinese, used in a browser that reads English', () => {
  it('writes the notices of a created and a deleted token in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    const created = await browser.post(TOKENS, {
      name: 'ci',
      expires_at: inDays(server, 30),
      token_scopes: ['user:profile:read'],
    });
    assert.equal(created.status, 201, created.text);
    const deleted = await browser.request('DELETE', `${TOKENS}/${created.body.token_id as string}`);
    assert.equal(deleted.status, 200, deleted.text);

    assert.deepEqual(await titles(account, 'token_created'), [say('en_US', 'server.message.tokenCreated.title')]);
    assert.deepEqual(await titles(account, 'token_deleted'), [say('en_US', 'server.message.tokenDeleted.title')]);
  });

  it('writes the notice of an added SSH key in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    const added = await browser.post(SSH_KEYS, { title: 'laptop', key: newEd25519PublicKey(), scope: 'all' });
    assert.equal(added.status, 201, added.text);

    const expected = say('en_US', 'server.ssh.notice.title', { title: 'laptop' });
    assert.deepEqual(await titles(account, 'ssh_key_added'), [expected]);
  });

  it('writes the notice of a changed password in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    const changed = await browser.put('/users/ajax/v1/my/password', {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    assert.equal(changed.status, 200, changed.text);

    assert.deepEqual(await titles(account, 'password_changed'), [say('en_US', 'server.message.passwordChanged.title')]);
  });

  it('writes the notices of a removed and an added address in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    assert.equal((await browser.post(UNBIND, { email: account.email })).status, 200);
    const bound = await browser.post(BIND, { email: `again-${account.email}` });
    assert.equal(bound.status, 200, bound.text);

    assert.deepEqual(await titles(account, 'email_unbound'), [say('en_US', 'server.message.emailUnbound.title')]);
    assert.deepEqual(await titles(account, 'email_bound'), [say('en_US', 'server.message.emailBound.title')]);
  });

  it('writes the notice of a changed address in English when the owner opens the link where they are signed in', async () => {
    const account = await newAccount('zh_CN');
    const browser = await signedIn(account, 'en_US');
    const next = `next-${account.email}`;
    assert.equal((await browser.post(REBIND, { email: next })).status, 200);
    const opened = await browser.post(VERIFY, { token: await lastLinkToken(next) });
    assert.equal(opened.status, 200, opened.text);

    assert.deepEqual(await titles(account, 'email_changed'), [say('en_US', 'server.message.emailChanged.title')]);
  });

  it('writes the notice of a sign-in from a new device in English', async () => {
    const account = await newAccount('zh_CN');
    await signedIn(account, 'zh_CN');
    await signedIn(account, 'en_US');

    assert.deepEqual(await titles(account, 'new_device_login'), [say('en_US', 'server.message.newDevice.title')]);
  });

  it('writes the notice of a forgotten password set anew in English', async () => {
    const account = await newAccount('zh_CN');
    const browser = await browserReading('en_US');
    assert.equal((await browser.get(step(account.username, 'check'))).status, 200);
    assert.equal((await browser.post(step(account.username, 'emailCaptcha'))).status, 200);
    const code = /\b(\d{6})\b/.exec(await lastMailText(account.email))?.[1] ?? '';
    const verified = await browser.post(step(account.username, 'emailCaptcha:verify'), { code });
    assert.equal(verified.status, 200, verified.text);
    const reset = await browser.put(step(account.username, 'password:reset'), { new_password: NEW_PASSWORD });
    assert.equal(reset.status, 200, reset.text);

    assert.deepEqual(await titles(account, 'password_changed'), [say('en_US', 'server.message.passwordChanged.title')]);
  });

  it('writes the notice of a password changed at the sign-in that asked for it in English', async () => {
    const account = await newAccount('zh_CN', { must_change_password: true });
    const browser = await browserReading('en_US');
    const refused = await browser.login(account.username, PASSWORD);
    assert.equal(refused.body.code, 'password_change_required', refused.text);
    const changed = await browser.put(step(account.username, 'password:reset'), {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    assert.equal(changed.status, 200, changed.text);

    assert.deepEqual(await titles(account, 'password_changed'), [say('en_US', 'server.message.passwordChanged.title')]);
  });
});

describe('given an account saved in English, used in a browser that reads Chinese', () => {
  it('writes the notice of a created token in Chinese', async () => {
    const account = await newAccount('en_US');
    const browser = await signedIn(account, 'zh_CN');
    const created = await browser.post(TOKENS, {
      name: 'ci',
      expires_at: inDays(server, 30),
      token_scopes: ['user:profile:read'],
    });
    assert.equal(created.status, 201, created.text);

    assert.deepEqual(await titles(account, 'token_created'), [say('zh_CN', 'server.message.tokenCreated.title')]);
  });
});

describe('given a notice the owner’s own request did not cause', () => {
  it('keeps the saved language when the link of a changed address is opened in a browser not signed in as them', async () => {
    const account = await newAccount('zh_CN');
    const owner = await signedIn(account, 'zh_CN');
    const next = `elsewhere-${account.email}`;
    assert.equal((await owner.post(REBIND, { email: next })).status, 200);
    const elsewhere = await browserReading('en_US');
    const opened = await elsewhere.post(VERIFY, { token: await lastLinkToken(next) });
    assert.equal(opened.status, 200, opened.text);

    assert.deepEqual(await titles(account, 'email_changed'), [say('zh_CN', 'server.message.emailChanged.title')]);
  });
});

/** The text of the newest mail to `to`. */
async function lastMailText(to: string): Promise<string> {
  const text = (await listMail(server.deps.db)).filter((m) => m.to === to).at(-1)?.text ?? '';
  assert.ok(text, `a mail to ${to}`);
  return text;
}

/** The token of the activation link in the newest mail to `to`. */
async function lastLinkToken(to: string): Promise<string> {
  const text = await lastMailText(to);
  const token = /\/users\/#\/users\/emails\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  assert.ok(token, `a link in the mail to ${to}: ${text}`);
  return token;
}
