/**
 * The risk check (carol: a new device needs an emailed code), the code's rules, the new-device
 * notice of ordinary users and the forced password change (dave), on a real server with a fake
 * clock and the mail outbox.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const server = useTestServer();

const device = (umid: string) => ({ user_agent: 'Mozilla/5.0 (Test) Chrome/130', 'umid-token': umid });
const code = (username: string, action = 'emailCaptcha') => `/users/ajax/users/${username}/${action}`;

/** A new account under the risk check (or with `options`), for tests that must not share state. */
async function riskyUser(options: { email?: string | null; verified?: boolean } = {}) {
  const username = `rk_${randomBytes(4).toString('hex')}`;
  const email = options.email === undefined ? `${username}@example.org` : options.email;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email,
      email_verified: options.verified ?? true,
      password_hash: await hashPassword('Risky@2026'),
      locale: 'en_US',
      risk_check: true,
    },
  ]);
  return { username, email };
}

/** The 6-digit code of the newest mail to `to`, and how many mails went there. */
async function lastCode(to: string) {
  const mails = (await listMail(server.deps.db)).filter((m) => m.to === to);
  return { code: /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '', count: mails.length };
}

/** A sign-in attempt in `browser` (a new browser, with no cookies, unless given). */
async function pendingLogin(username: string, umid: string, password = 'Risky@2026', browser = new Client(server.url)) {
  await browser.pageSettings();
  const answer = await browser.post('/users/ajax/login', { username, password }, { headers: device(umid) });
  return { browser, answer };
}

/** The browser closed and opened a day later: its session is gone, its lasting cookies stay. */
function reopened(browser: Client): Client {
  browser.cookies.delete('yx_sid');
  browser.csrfToken = '';
  return browser;
}

describe('given carol, whose account is under the risk check', () => {
  it('signs in from a new device only with the emailed code, and from then on without one', async () => {
    const { browser, answer } = await pendingLogin('carol', 'umid-carol-laptop', 'Carol@2026');
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'email_verification_required');
    assert.equal(answer.body.email, 'c***l@example.com');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401, 'no session from the password alone');

    const { code: sent } = await lastCode('carol@example.com');
    assert.match(sent, /^\d{6}$/);
    const before = browser.cookies.get('yx_sid');
    const verified = await browser.post(
      code('carol', 'emailCaptcha:verify'),
      { code: sent },
      { headers: device('umid-carol-laptop') },
    );
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.user.username, 'carol');
    browser.csrfToken = verified.body.csrfToken;
    assert.notEqual(browser.cookies.get('yx_sid'), before, 'the session id is rotated');
    assert.equal((await browser.get('/individual/proxy/me')).body.username, 'carol');

    // The page made a new umid-token (every element does); the browser is still the same one.
    const again = await pendingLogin('carol', 'umid-carol-laptop-reloaded', 'Carol@2026', reopened(browser));
    assert.equal(again.answer.status, 200, 'the known device needs no code');
    // One code mail a minute per account, whichever browser asks.
    server.clock.advance(60_000);
    const phone = await pendingLogin('carol', 'umid-carol-laptop', 'Carol@2026');
    assert.equal(phone.answer.body.code, 'email_verification_required', 'another browser still does');
    reopened(browser).cookies.delete('yx_did');
    server.clock.advance(60_000);
    const cleared = await pendingLogin('carol', 'umid-carol-laptop', 'Carol@2026', browser);
    assert.equal(cleared.answer.body.code, 'email_verification_required', 'cookies cleared, device forgotten');
  });

  it('answers no_email when the account has no address to send the code to', async () => {
    const { username } = await riskyUser({ email: null });
    const { answer } = await pendingLogin(username, 'umid-x');
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'no_email');
  });

  it('mails no code to an address that was never verified, and answers no_email', async () => {
    const { username, email } = await riskyUser({ verified: false });
    const { browser, answer } = await pendingLogin(username, 'umid-unverified');
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'no_email');
    assert.equal((await lastCode(email!)).count, 0, 'nothing went to the unverified address');
    const resend = await browser.post(code(username));
    assert.equal(resend.body.code, 'page_expired', 'no sign-in is waiting for a code');
    assert.equal((await lastCode(email!)).count, 0);
  });
});

describe('the device cookie', () => {
  it('is a long-lived, HttpOnly, SameSite=Lax cookie, Secure behind HTTPS, kept only as a hash', async () => {
    const { username, email } = await riskyUser();
    const browser = new Client(server.url);
    await browser.pageSettings();
    const answer = await browser.post(
      '/users/ajax/login',
      { username, password: 'Risky@2026' },
      { headers: { ...device('umid-cookie'), 'x-forwarded-proto': 'https' } },
    );
    assert.equal(answer.body.code, 'email_verification_required');
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('yx_did='));
    assert.ok(cookie, 'the code step already hands out the device cookie');
    assert.match(cookie, /; HttpOnly/i);
    assert.match(cookie, /; SameSite=Lax/i);
    assert.match(cookie, /; Secure/i);
    assert.match(cookie, /; Path=\//i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    assert.ok(maxAge >= 180 * 24 * 3600, `lasts months, not a session: ${maxAge}`);

    const id = browser.cookies.get('yx_did')!;
    const { code: sent } = await lastCode(email!);
    const verified = await browser.post(code(username, 'emailCaptcha:verify'), { code: sent });
    assert.equal(verified.status, 200, verified.text);
    const row = await server.deps.db
      .selectFrom('known_devices')
      .innerJoin('users', 'users.id', 'known_devices.user_id')
      .select(['known_devices.device_hash'])
      .where('users.username', '=', username)
      .executeTakeFirstOrThrow();
    assert.equal(row.device_hash, createHash('sha256').update(`device:${id}`).digest('hex'));

    const plain = await new Client(server.url).pageSettings();
    assert.equal(
      plain.headers.getSetCookie().find((c) => c.startsWith('yx_did=')),
      undefined,
      'only sign-in sets it',
    );
    const forged = new Client(server.url);
    forged.cookies.set('yx_did', 'not-a-device-id');
    server.clock.advance(60_000);
    const replaced = await pendingLogin(username, 'umid-forged', 'Risky@2026', forged);
    assert.equal(replaced.answer.body.code, 'email_verification_required');
    assert.match(forged.cookies.get('yx_did') ?? '', /^[A-Za-z0-9_-]{43}$/, 'a malformed id is replaced');
  });
});

describe('the emailed code', () => {
  it('works once', async () => {
    const { username, email } = await riskyUser();
    const { browser } = await pendingLogin(username, 'umid-once');
    const { code: sent } = await lastCode(email!);
    assert.equal((await browser.post(code(username, 'emailCaptcha:verify'), { code: sent })).status, 200);
    server.clock.advance(60_000);
    const other = await pendingLogin(username, 'umid-once-b');
    const stale = await other.browser.post(code(username, 'emailCaptcha:verify'), { code: sent });
    assert.equal(stale.body.code, 'code_incorrect', "another sign-in's code does not fit");
    const { code: second } = await lastCode(email!);
    const used = await other.browser.post(code(username, 'emailCaptcha:verify'), { code: second });
    assert.equal(used.status, 200);
    other.browser.csrfToken = used.body.csrfToken;
    const replay = await other.browser.post(code(username, 'emailCaptcha:verify'), { code: second });
    assert.equal(replay.body.code, 'page_expired', 'the flow ended with the sign-in');
  });

  it('lasts 10 minutes', async () => {
    const { username, email } = await riskyUser();
    const { browser } = await pendingLogin(username, 'umid-ttl');
    const { code: sent } = await lastCode(email!);
    server.clock.advance(10 * 60_000 + 1000);
    const late = await browser.post(code(username, 'emailCaptcha:verify'), { code: sent });
    assert.equal(late.status, 400);
    assert.equal(late.body.code, 'code_expired');
    assert.equal((await browser.post(code(username))).status, 200, 'a new one can be sent');
    const { code: fresh } = await lastCode(email!);
    assert.equal((await browser.post(code(username, 'emailCaptcha:verify'), { code: fresh })).status, 200);
  });

  it('is voided by the fifth wrong try, even for the right code afterwards', async () => {
    const { username, email } = await riskyUser();
    const { browser } = await pendingLogin(username, 'umid-void');
    const { code: sent } = await lastCode(email!);
    const wrong = sent === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      assert.equal(
        (await browser.post(code(username, 'emailCaptcha:verify'), { code: wrong })).body.code,
        'code_incorrect',
      );
    }
    const fifth = await browser.post(code(username, 'emailCaptcha:verify'), { code: wrong });
    assert.equal(fifth.body.code, 'code_voided');
    const right = await browser.post(code(username, 'emailCaptcha:verify'), { code: sent });
    assert.equal(right.body.code, 'code_voided');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });

  it('is kept only as a salted hash of itself', async () => {
    const { username, email } = await riskyUser();
    await pendingLogin(username, 'umid-hash');
    const { code: sent } = await lastCode(email!);
    const row = await server.deps.db
      .selectFrom('login_flows')
      .selectAll()
      .where('name_key', '=', username)
      .executeTakeFirstOrThrow();
    for (const [column, value] of Object.entries(row)) assert.notEqual(String(value), sent, column);
    const [salt = '', digest] = (row.code_hash ?? '').split(':');
    assert.match(salt, /^[0-9a-f]{32}$/, 'a random salt per code');
    assert.equal(digest, createHash('sha256').update(`${salt}:${sent}`).digest('hex'));
  });

  it('is resent at most once a minute', async () => {
    const { username, email } = await riskyUser();
    const { browser } = await pendingLogin(username, 'umid-resend');
    assert.equal((await lastCode(email!)).count, 1);
    const tooSoon = await browser.post(code(username));
    assert.equal(tooSoon.status, 429);
    assert.equal(tooSoon.body.code, 'too_many_requests');
    assert.ok(tooSoon.body.retry_after > 0 && tooSoon.body.retry_after <= 60, String(tooSoon.body.retry_after));
    const relogin = await browser.post(
      '/users/ajax/login',
      { username, password: 'Risky@2026' },
      { headers: device('umid-resend') },
    );
    assert.equal(relogin.body.code, 'email_verification_required');
    assert.equal((await lastCode(email!)).count, 1, 'signing in again does not mail another code within the minute');

    server.clock.advance(61_000);
    const resent = await browser.post(code(username));
    assert.equal(resent.status, 200, resent.text);
    const { code: latest, count } = await lastCode(email!);
    assert.equal(count, 2);
    assert.equal((await browser.post(code(username, 'emailCaptcha:verify'), { code: latest })).status, 200);
  });
});

describe('an ordinary user on a new device', () => {
  it('gets a sensitive-behaviour message, but not for the first device or a known one', async () => {
    const username = `nd_${randomBytes(4).toString('hex')}`;
    const id = `u_${randomBytes(10).toString('hex')}`;
    await insertUsers(server.deps.db, [
      { id, username, name: username, email: null, password_hash: await hashPassword('Plain@2026'), locale: 'en_US' },
    ]);
    const notices = () =>
      server.deps.db
        .selectFrom('messages')
        .selectAll()
        .where('user_id', '=', id)
        .where('sensitive_type', '=', 'new_device_login')
        .execute();
    const signIn = async (browser: Client, umid: string) =>
      assert.equal((await browser.login(username, 'Plain@2026', device(umid))).status, 200);
    const laptop = new Client(server.url);
    await signIn(laptop, 'umid-first');
    // Each page load makes a new umid-token; the browser is the same.
    await signIn(reopened(laptop), 'umid-first-reloaded');
    await signIn(reopened(laptop), 'umid-first-reloaded-again');
    assert.equal((await notices()).length, 0, 'the same browser is no new device');
    const phone = new Client(server.url);
    await signIn(phone, 'umid-first');
    const [notice, ...more] = await notices();
    assert.equal(notice?.title, 'New sign-in to your account');
    // The device as a person reads it, never the raw user agent.
    assert.match(notice!.body, /new device at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(Chrome\)/);
    assert.doesNotMatch(notice!.body, /Mozilla|Chrome\/130/);
    assert.equal(more.length, 0);
    await signIn(reopened(phone), 'umid-phone-reloaded');
    assert.equal((await notices()).length, 1, 'the second browser is known from then on');
  });
});

describe('given an account that must change its password', () => {
  it('counts a wrong old password towards the one-hour freeze', async () => {
    const username = `fc_${randomBytes(4).toString('hex')}`;
    await insertUsers(server.deps.db, [
      {
        id: `u_${randomBytes(10).toString('hex')}`,
        username,
        name: username,
        email: null,
        password_hash: await hashPassword('Forced@2026'),
        locale: 'en_US',
        must_change_password: true,
      },
    ]);
    const browser = new Client(server.url);
    await browser.pageSettings();
    const asked = await browser.post('/users/ajax/login', { username, password: 'Forced@2026' });
    assert.equal(asked.body.code, 'password_change_required');
    const path = `/users/ajax/users/${username}/password:reset`;
    for (let i = 0; i < 4; i++) {
      const wrong = await browser.put(path, { old_password: `Guess@${i}`, new_password: 'Changed#2027' });
      assert.equal(wrong.body.code, 'password_incorrect');
    }
    const fifth = await browser.put(path, { old_password: 'Guess@5', new_password: 'Changed#2027' });
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    const right = await browser.put(path, { old_password: 'Forced@2026', new_password: 'Changed#2027' });
    assert.equal(right.body.code, 'account_frozen', 'not even the right one while frozen');
    // An hour on, the pending change has lapsed too: sign in again, then change it.
    server.clock.advance(3600_000 + 1000);
    const lapsed = await browser.put(path, { old_password: 'Forced@2026', new_password: 'Changed#2027' });
    assert.equal(lapsed.body.code, 'page_expired');
    const again = await browser.post('/users/ajax/login', { username, password: 'Forced@2026' });
    assert.equal(again.body.code, 'password_change_required');
    const later = await browser.put(path, { old_password: 'Forced@2026', new_password: 'Changed#2027' });
    assert.equal(later.status, 200, later.text);
  });
});

describe('given dave, who must change his password', () => {
  it('gets no session from the old password, sets a new one and then signs in normally', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const first = await browser.post('/users/ajax/login', { username: 'dave', password: 'Dave@2026' });
    assert.equal(first.status, 403);
    assert.equal(first.body.code, 'password_change_required');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);

    const path = '/users/ajax/users/dave/password:reset';
    const weak = await browser.put(path, { old_password: 'Dave@2026', new_password: 'short' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.field, 'new_password');
    const same = await browser.put(path, { old_password: 'Dave@2026', new_password: 'Dave@2026' });
    assert.equal(same.body.code, 'password_same_as_old');
    const wrongOld = await browser.put(path, { old_password: 'Nope@2026', new_password: 'NewDave#2027' });
    assert.equal(wrongOld.body.code, 'password_incorrect');
    const elsewhere = new Client(server.url);
    await elsewhere.pageSettings();
    const skipped = await elsewhere.put(path, { old_password: 'Dave@2026', new_password: 'NewDave#2027' });
    assert.equal(skipped.body.code, 'page_expired', 'only the browser that was asked may change it');

    const changed = await browser.put(path, { old_password: 'Dave@2026', new_password: 'NewDave#2027' });
    assert.equal(changed.status, 200, changed.text);
    const row = await server.deps.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'dave')
      .executeTakeFirstOrThrow();
    assert.equal(row.must_change_password, false);
    assert.equal(
      (await browser.put(path, { old_password: 'NewDave#2027', new_password: 'Other#2028' })).body.code,
      'page_expired',
    );

    assert.equal((await browser.post('/users/ajax/login', { username: 'dave', password: 'Dave@2026' })).status, 401);
    const signedIn = await browser.post('/users/ajax/login', { username: 'dave', password: 'NewDave#2027' });
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.user.mustChangePassword, false);
  });
});
