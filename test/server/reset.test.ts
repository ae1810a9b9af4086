/**
 * Forgot password (§2, §4, issue 7): check the account, mail a code, verify it, set the new
 * password — each step refused (`page_expired`) when the one before it did not happen in this
 * browser session, account existence told only by the rate-limited check.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const server = useTestServer();

const OLD = 'Before@2026';
const NEW = 'After#2027';
const step = (username: string, action: string) => `/users/ajax/users/${username}/${action}`;

async function newUser(email: string | null = 'x', options: { verified?: boolean; riskCheck?: boolean } = {}) {
  const username = `rs_${randomBytes(4).toString('hex')}`;
  const address = email === null ? null : `${username}@example.org`;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email: address,
      email_verified: options.verified ?? true,
      password_hash: await hashPassword(OLD),
      locale: 'en_US',
      risk_check: options.riskCheck ?? false,
    },
  ]);
  return { username, email: address };
}

async function browser() {
  const b = new Client(server.url);
  await b.pageSettings();
  return b;
}

async function lastCode(to: string) {
  const mails = (await listMail(server.deps.db)).filter((m) => m.to === to);
  return {
    code: /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '',
    subject: mails.at(-1)?.subject,
    count: mails.length,
  };
}

/** Steps 1 and 2 in `b`; the code that was mailed. */
async function checkedAndSent(b: Client, user: { username: string; email: string | null }) {
  assert.equal((await b.get(step(user.username, 'check'))).status, 200);
  const sent = await b.post(step(user.username, 'emailCaptcha'));
  assert.equal(sent.status, 200, sent.text);
  return (await lastCode(user.email!)).code;
}

const withoutId = (body: Record<string, unknown>) => {
  const { requestId: _id, ...rest } = body;
  return JSON.stringify(rest);
};

describe('given a user who forgot their password', () => {
  it('keeps the mailed code when the same browser checks the account again (a reload, a second tab)', async () => {
    const user = await newUser();
    const b = await browser();
    const code = await checkedAndSent(b, user);
    const again = await b.get(step(user.username, 'check'));
    assert.equal(again.status, 200);
    assert.equal(again.body.exists, true);
    assert.equal((await b.post(step(user.username, 'emailCaptcha'))).status, 429, 'the resend wait still holds');
    const verified = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.equal(verified.status, 200, verified.text);
  });

  it('does not keep it for another browser, nor let a check extend the reset', async () => {
    const user = await newUser();
    const first = await browser();
    const code = await checkedAndSent(first, user);
    const other = await browser();
    assert.equal((await other.get(step(user.username, 'check'))).status, 200);
    assert.notEqual((await other.post(step(user.username, 'emailCaptcha:verify'), { code })).status, 200);
    const expiry = async () => {
      const row = await server.deps.db
        .selectFrom('login_flows')
        .innerJoin('users', 'users.id', 'login_flows.user_id')
        .select('login_flows.expires_at')
        .where('users.username', '=', user.username)
        .where('login_flows.purpose', '=', 'reset')
        .orderBy('login_flows.created_at')
        .executeTakeFirstOrThrow();
      return row.expires_at.getTime();
    };
    const before = await expiry();
    server.clock.advance(60_000);
    assert.equal((await first.get(step(user.username, 'check'))).status, 200);
    assert.equal(await expiry(), before, 'the first browser’s reset keeps its expiry');
  });

  it('resets it in three steps, after which every session of theirs has ended', async () => {
    const user = await newUser();
    const laptop = new Client(server.url);
    assert.equal((await laptop.login(user.username, OLD)).status, 200);

    const b = await browser();
    const checked = await b.get(step(user.username, 'check'));
    assert.equal(checked.status, 200);
    assert.deepEqual(checked.body, { exists: true, email: `r***${user.username.at(-1)}@example.org` });
    assert.equal((await b.post(step(user.username, 'emailCaptcha'))).status, 200);
    const { code, subject } = await lastCode(user.email!);
    assert.equal(subject, 'Reset your Yunxiao password');
    const verified = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.equal(verified.status, 200, verified.text);
    assert.deepEqual(verified.body, { verified: true });
    const again = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.equal(again.body.code, 'code_expired', 'the code works once');

    const weak = await b.put(step(user.username, 'password:reset'), { new_password: 'weak' });
    assert.equal(weak.body.field, 'new_password');
    const reset = await b.put(step(user.username, 'password:reset'), { new_password: NEW });
    assert.equal(reset.status, 200, reset.text);
    assert.equal((await laptop.get('/individual/proxy/me')).status, 401, 'the old session ended');
    assert.equal((await new Client(server.url).login(user.username, OLD)).status, 401);
    assert.equal((await new Client(server.url).login(user.username, NEW)).status, 200);
    const replay = await b.put(step(user.username, 'password:reset'), { new_password: 'Third#2028' });
    assert.equal(replay.body.code, 'page_expired', 'one verification, one reset');
  });

  it('also takes the last step as password:retrieve, and unfreezes a frozen account', async () => {
    const user = await newUser();
    const frozen = await browser();
    for (let i = 0; i < 3; i++)
      await frozen.post('/users/ajax/login', { username: user.username, password: 'Wrong@1' });
    await server.deps.db
      .updateTable('users')
      .set({ frozen_until: new Date(server.clock.now().getTime() + 3600_000) })
      .where('username', '=', user.username)
      .execute();
    const b = await browser();
    const code = await checkedAndSent(b, user);
    await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    const retrieved = await b.post(step(user.username, 'password:retrieve'), { new_password: NEW });
    assert.equal(retrieved.status, 200, retrieved.text);
    assert.equal((await new Client(server.url).login(user.username, NEW)).status, 200);
  });

  it('says no_email when the account has no address, after the check showed none', async () => {
    const user = await newUser(null);
    const b = await browser();
    const checked = await b.get(step(user.username, 'check'));
    assert.deepEqual(checked.body, { exists: true, email: null });
    const sent = await b.post(step(user.username, 'emailCaptcha'));
    assert.equal(sent.status, 403);
    assert.equal(sent.body.code, 'no_email');
  });
});

describe('given an address the user has not verified (changed, maybe mistyped)', () => {
  it('shows no address and sends no code there, as for an account without one', async () => {
    const user = await newUser('x', { verified: false });
    const b = await browser();
    const checked = await b.get(step(user.username, 'check'));
    assert.equal(checked.status, 200);
    assert.deepEqual(checked.body, { exists: true, email: null });
    const sent = await b.post(step(user.username, 'emailCaptcha'));
    assert.equal(sent.status, 403);
    assert.equal(sent.body.code, 'no_email');
    assert.equal((await lastCode(user.email!)).count, 0, 'no mail to the unverified address');
  });
});

describe('given a sign-in of the same account waiting for its emailed code in this browser', () => {
  it('mails the reset code at once after the sign-in code when the user turns to forgot password, and resets it', async () => {
    const user = await newUser('x', { riskCheck: true });
    const b = await browser();
    const pending = await b.post('/users/ajax/login', { username: user.username, password: OLD });
    assert.equal(pending.body.code, 'email_verification_required');
    assert.equal((await lastCode(user.email!)).subject, 'Your Yunxiao verification code');
    const loginCode = (await lastCode(user.email!)).code;

    assert.equal((await b.get(step(user.username, 'check'))).status, 200);
    const sent = await b.post(step(user.username, 'emailCaptcha'));
    assert.equal(sent.status, 200, `the reset's minute is its own, apart from the sign-in's: ${sent.text}`);
    const { code, subject, count } = await lastCode(user.email!);
    assert.equal(subject, 'Reset your Yunxiao password');
    assert.equal(count, 2);
    if (code !== loginCode) {
      const stale = await b.post(step(user.username, 'emailCaptcha:verify'), { code: loginCode });
      assert.equal(stale.body.code, 'code_incorrect', "the abandoned sign-in's code does not fit");
    }
    const verified = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.deepEqual(verified.body, { verified: true }, 'verifying does not sign in');
    assert.equal((await b.get('/individual/proxy/me')).status, 401);
    const reset = await b.post(step(user.username, 'password:retrieve'), { new_password: NEW });
    assert.equal(reset.status, 200, reset.text);
    assert.equal((await new Client(server.url).login(user.username, OLD)).status, 401);
    server.clock.advance(60_000);
    const signedIn = await new Client(server.url).login(user.username, NEW);
    assert.equal(signedIn.status, 403, 'the new password is the one that counts (the risk check still asks)');
    assert.equal(signedIn.body.code, 'email_verification_required');
  });

  it('serves the sign-in again when the user goes back and signs in, and not the reset', async () => {
    const user = await newUser('x', { riskCheck: true });
    const b = await browser();
    assert.equal((await b.get(step(user.username, 'check'))).status, 200);
    assert.equal((await b.post(step(user.username, 'emailCaptcha'))).status, 200);
    assert.equal((await lastCode(user.email!)).subject, 'Reset your Yunxiao password');

    server.clock.advance(60_000);
    const pending = await b.post('/users/ajax/login', { username: user.username, password: OLD });
    assert.equal(pending.body.code, 'email_verification_required');
    const { code, subject } = await lastCode(user.email!);
    assert.equal(subject, 'Your Yunxiao verification code', 'the sign-in mails its own code');
    const signedIn = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.user.username, user.username);
  });
});

describe('skipping a step', () => {
  it('is refused with page_expired at every step', async () => {
    const user = await newUser();
    const b = await browser();
    for (const [method, action, body] of [
      ['POST', 'emailCaptcha', undefined],
      ['POST', 'emailCaptcha:verify', { code: '123456' }],
      ['PUT', 'password:reset', { new_password: NEW }],
    ] as const) {
      const answer = await b.request(method, step(user.username, action), body ? { json: body } : {});
      assert.equal(answer.status, 403, `${action}: ${answer.text}`);
      assert.equal(answer.body.code, 'page_expired', action);
    }
    assert.equal((await b.get(step(user.username, 'check'))).status, 200);
    const unverified = await b.put(step(user.username, 'password:reset'), { new_password: NEW });
    assert.equal(unverified.body.code, 'page_expired', 'checked but not verified');

    const code = await checkedAndSent(b, user);
    assert.equal((await b.post(step(user.username, 'emailCaptcha:verify'), { code })).status, 200);
    const other = await browser();
    const elsewhere = await other.put(step(user.username, 'password:reset'), { new_password: NEW });
    assert.equal(elsewhere.body.code, 'page_expired', 'the verification belongs to its browser');
    server.clock.advance(10 * 60_000 + 1000);
    const stale = await b.put(step(user.username, 'password:reset'), { new_password: NEW });
    assert.equal(stale.body.code, 'page_expired', 'a verification older than 10 minutes has gone stale');
    assert.equal((await new Client(server.url).login(user.username, OLD)).status, 200, 'nothing changed');
  });
});

describe('account enumeration', () => {
  it('is possible only at the check step: later steps answer the same for unknown accounts', async () => {
    const user = await newUser();
    const b = await browser();
    const unknown = `rs_nobody_${randomBytes(3).toString('hex')}`;
    const missing = await b.get(step(unknown, 'check'));
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'account_not_exist');
    assert.equal((await b.get(step(user.username, 'check'))).status, 200);

    const fresh = await browser();
    for (const [method, action, body] of [
      ['POST', 'emailCaptcha', undefined],
      ['POST', 'emailCaptcha:verify', { code: '123456' }],
      ['PUT', 'password:reset', { new_password: NEW }],
    ] as const) {
      const options = body ? { json: body } : {};
      const known = await fresh.request(method, step(user.username, action), options);
      const ghost = await fresh.request(method, step(unknown, action), options);
      const ghostChecked = await b.request(method, step(unknown, action), options);
      assert.equal(known.status, ghost.status, action);
      assert.equal(withoutId(known.body), withoutId(ghost.body), action);
      assert.equal(withoutId(ghostChecked.body), withoutId(ghost.body), `${action} after a check`);
    }
  });

  it('is slowed down: 10 checks a minute per browser, 30 per address', async () => {
    server.clock.advance(61_000);
    const b = await browser();
    for (let i = 0; i < 10; i++) assert.equal((await b.get(step('alice', 'check'))).status, 200);
    const limited = await b.get(step('alice', 'check'));
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'too_many_requests');
    assert.ok(limited.body.retry_after >= 1 && limited.body.retry_after <= 60);

    // Cookie-less clients get a new session each time; their address still counts.
    let answer;
    for (let i = 0; i < 20; i++) answer = await new Client(server.url).get(step('alice', 'check'));
    assert.equal(answer?.status, 200, 'the 30th check of this address');
    const address = await new Client(server.url).get(step('alice', 'check'));
    assert.equal(address.status, 429);

    server.clock.advance(61_000);
    assert.equal((await b.get(step('alice', 'check'))).status, 200, 'a minute later');
  });
});
