/** Binding, verifying, changing and unbinding the account email (§4, §7, §8). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { BIND, REBIND, UNBIND, VERIFY, ME } from './helpers/email';

const server = useTestServer();

const PASSWORD = 'Start@2026';
const MINUTE = 60_000;
const EMAIL_REQUIRED = 'Enter an email address';

/** A new account (so throttles of one test never touch another), signed in. */
async function newUser(options: { email?: string; verified?: boolean; locale?: 'en_US' | 'zh_CN' } = {}) {
  const id = `u_${randomBytes(10).toString('hex')}`;
  const username = `pe_${randomBytes(4).toString('hex')}`;
  await insertUsers(server.deps.db, [
    {
      id,
      username,
      name: `Tester ${username}`,
      email: options.email ?? null,
      email_verified: options.verified ?? false,
      password_hash: await hashPassword(PASSWORD),
      locale: options.locale ?? 'en_US',
    },
  ]);
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, PASSWORD)).status, 200);
  return { id, username, browser };
}

const address = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.org`;

/** The token in the newest mail to `to`. */
async function lastToken(to: string): Promise<string> {
  const mails = (await listMail(server.deps.db)).filter((m) => m.to === to);
  const text = mails.at(-1)?.text ?? '';
  const token = /\/users\/#\/users\/emails\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  assert.ok(token, `a link in the mail to ${to}: ${text}`);
  return token;
}

/** Someone else's browser: only the page's pre-session, no sign-in; English pages. */
async function anonymous() {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  await browser.pageSettings();
  return browser;
}

describe('binding an email address', () => {
  it('stores it unverified and mails a link to the verification page; only the hash is kept', async () => {
    const { id, browser } = await newUser();
    const to = address('bind');
    const answer = await browser.post(BIND, { email: to });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.email, { address: to, verified: false });
    const me = await browser.get(ME);
    assert.deepEqual(me.body.email, { address: to, verified: false });
    assert.equal(me.body.has_password, true);

    const mail = (await listMail(server.deps.db)).filter((m) => m.to === to);
    assert.equal(mail.length, 1);
    assert.match(mail[0]!.subject, /Verify your email address/);
    assert.ok(mail[0]!.text.includes(`${server.url}/users/#/users/emails?token=`));
    const token = await lastToken(to);
    const rows = await server.deps.db.selectFrom('email_tokens').selectAll().where('user_id', '=', id).execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.token_hash, createHash('sha256').update(token).digest('hex'));
    assert.ok(!JSON.stringify(rows).includes(token), 'the token itself is not stored');
    assert.ok(!server.logs.join('\n').includes(token), 'nor logged');
  });

  it('refuses an address with CR/LF header tricks, a bad format or none, naming the email field', async () => {
    const { browser } = await newUser();
    for (const email of ['a@example.org\r\nBcc: victim@example.org', 'a@example.org\nX: y', 'not-an-address', '']) {
      const answer = await browser.post(BIND, { email });
      assert.equal(answer.status, 400, JSON.stringify(email));
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(answer.body.field, 'email');
    }
    const missing = await browser.post(BIND, {});
    assert.equal(missing.body.field, 'email');
    assert.equal(missing.body.message, EMAIL_REQUIRED);
    assert.equal((await browser.get(ME)).body.email, null);
  });

  it('refuses a second address (use rebind) and an address another account has verified', async () => {
    const { browser } = await newUser({ email: address('mine'), verified: true });
    const again = await browser.post(BIND, { email: address('other') });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'email_binding_status');
    assert.equal(again.body.message, 'Your email address changed in the meantime. Reload the page and try again.');

    const other = await newUser();
    const taken = await other.browser.post(BIND, { email: 'ALICE@example.com' });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'email_already_bound');
    assert.equal(taken.body.message, 'This email address is already bound');
    assert.equal((await other.browser.get(ME)).body.email, null);
  });

  it('lets an unverified claim neither block another account nor be taken from its owner', async () => {
    const shared = address('shared');
    const first = await newUser();
    assert.equal((await first.browser.post(BIND, { email: shared })).status, 200);
    const firstToken = await lastToken(shared);
    server.clock.advance(MINUTE); // the per-recipient throttle
    const second = await newUser();
    assert.equal((await second.browser.post(BIND, { email: shared })).status, 200);
    assert.deepEqual((await first.browser.get(ME)).body.email, { address: shared, verified: false });

    // The first to open their link gets the address; the other link says it is taken.
    assert.equal((await (await anonymous()).post(VERIFY, { token: firstToken })).status, 200);
    const late = await (await anonymous()).post(VERIFY, { token: await lastToken(shared) });
    assert.equal(late.status, 409);
    assert.equal(late.body.code, 'email_already_bound');
    assert.equal(late.body.message, 'This email address is already bound');
  });

  it('answers in Chinese for a Chinese-speaking account', async () => {
    const { browser } = await newUser({ locale: 'zh_CN', email: address('zh'), verified: true });
    const answer = await browser.post(BIND, { email: address('zh2') });
    assert.equal(answer.body.message, '邮箱状态已变化，请刷新页面后重试');
  });
});

describe('verifying with the emailed link', () => {
  it('verifies in another browser without a session, once; a reused link says it is already verified', async () => {
    const { browser } = await newUser();
    const to = address('verify');
    await browser.post(BIND, { email: to });
    const token = await lastToken(to);
    const elsewhere = await anonymous();
    const answer = await elsewhere.post(VERIFY, { token });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { email: { address: to, verified: true } });
    assert.deepEqual((await browser.get(ME)).body.email, { address: to, verified: true });

    const reused = await elsewhere.post(VERIFY, { token });
    assert.equal(reused.status, 409);
    assert.equal(reused.body.code, 'email_already_verified');
  });

  it('still checks the CSRF token of the page', async () => {
    const { browser } = await newUser();
    const to = address('csrf');
    await browser.post(BIND, { email: to });
    const token = await lastToken(to);
    const noPage = await new Client(server.url).post(VERIFY, { token });
    assert.equal(noPage.status, 403);
    assert.equal(noPage.body.code, 'csrf_invalid');
    const noHeader = await (await anonymous()).post(VERIFY, { token }, { csrf: false });
    assert.equal(noHeader.status, 403);
    assert.equal((await browser.get(ME)).body.email.verified, false);
  });

  it('refuses unknown and malformed tokens', async () => {
    const elsewhere = await anonymous();
    for (const token of [randomBytes(32).toString('base64url'), 'short', '', 'x'.repeat(500)]) {
      const answer = await elsewhere.post(VERIFY, { token });
      assert.equal(answer.status, 400);
      assert.ok(['email_token_mismatch', 'invalid_request'].includes(answer.body.code), answer.text);
    }
    const unknown = await elsewhere.post(VERIFY, { token: randomBytes(32).toString('base64url') });
    assert.equal(unknown.body.code, 'email_token_mismatch');
    assert.equal(unknown.body.message, 'The activation token does not match');
  });

  it('expires the link after 24 hours; a resend from settings gives a working one', async () => {
    const { browser } = await newUser();
    const to = address('expire');
    await browser.post(BIND, { email: to });
    const old = await lastToken(to);
    server.clock.advance(24 * 3600_000);
    const expired = await (await anonymous()).post(VERIFY, { token: old });
    assert.equal(expired.status, 410);
    assert.equal(expired.body.code, 'email_link_expired');
    assert.equal(expired.body.message, 'The activation link has expired. Reactivate it in Personal Settings.');

    const resend = await browser.post(REBIND, { email: to });
    assert.equal(resend.status, 200);
    const fresh = await lastToken(to);
    assert.notEqual(fresh, old);
    assert.equal((await (await anonymous()).post(VERIFY, { token: fresh })).status, 200);
  });
});

describe('changing, resending and unbinding', () => {
  it('replaces an address that was never verified at once; links for the old address stop working', async () => {
    const { browser } = await newUser();
    const first = address('first');
    await browser.post(BIND, { email: first });
    const oldToken = await lastToken(first);
    server.clock.advance(MINUTE);
    const second = address('second');
    const changed = await browser.post(REBIND, { email: second });
    assert.equal(changed.status, 200);
    assert.deepEqual((await browser.get(ME)).body.email, { address: second, verified: false });
    const stale = await (await anonymous()).post(VERIFY, { token: oldToken });
    assert.equal(stale.body.code, 'email_activate_mismatch');
    assert.equal((await (await anonymous()).post(VERIFY, { token: await lastToken(second) })).status, 200);
  });

  it('refuses a rebind without an address and a resend for an address already verified', async () => {
    const none = await newUser();
    assert.equal((await none.browser.post(REBIND, { email: address('x') })).body.code, 'email_binding_status');
    const mine = address('verified');
    const done = await newUser({ email: mine, verified: true });
    const resend = await done.browser.post(REBIND, { email: mine.toUpperCase() });
    assert.equal(resend.status, 409);
    assert.equal(resend.body.code, 'email_binding_status');
  });

  it('unbinds only the address the page shows, and voids its links', async () => {
    const { browser } = await newUser();
    const to = address('unbind');
    await browser.post(BIND, { email: to });
    const token = await lastToken(to);
    const wrong = await browser.post(UNBIND, { email: address('other') });
    assert.equal(wrong.status, 409);
    assert.equal(wrong.body.code, 'email_binding_status');
    const answer = await browser.post(UNBIND, { email: to });
    assert.equal(answer.status, 200);
    assert.equal((await browser.get(ME)).body.email, null);
    assert.equal((await (await anonymous()).post(VERIFY, { token })).body.code, 'email_token_mismatch');
    assert.equal((await browser.post(UNBIND, { email: to })).body.code, 'email_binding_status');
  });

  it('needs a signed-in session with its CSRF token', async () => {
    const stranger = await anonymous();
    assert.equal((await stranger.post(BIND, { email: address('anon') })).status, 401);
    const { browser } = await newUser();
    const noCsrf = await browser.post(BIND, { email: address('nocsrf') }, { csrf: false });
    assert.equal(noCsrf.status, 403);
  });
});
