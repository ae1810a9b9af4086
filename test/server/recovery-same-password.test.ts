/**
 * §5: a new password differs from the old one, on every path that sets one: the profile change,
 * the forgot-password reset (`password:reset` and its other name `password:retrieve`) and the
 * forced change after sign-in (dave). Each refuses the current password with the same code and
 * message, and changes nothing.
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

const CURRENT = 'Current@2026';
const OTHER = 'Other#2027';
const step = (username: string, action: string) => `/users/ajax/users/${username}/${action}`;

async function newUser() {
  const username = `sp_${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.org`;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email,
      email_verified: true,
      password_hash: await hashPassword(CURRENT),
      locale: 'en_US',
      risk_check: false,
    },
  ]);
  return { username, email };
}

/** A browser in `locale`, with a pre-session. */
async function browser(locale: 'en_US' | 'zh_CN' = 'en_US') {
  const b = new Client(server.url);
  b.cookies.set('ak_user_locale', locale);
  await b.pageSettings();
  return b;
}

/** Check, mail and verify the code in `b`: the reset step is next. */
async function verified(b: Client, user: { username: string; email: string }) {
  assert.equal((await b.get(step(user.username, 'check'))).status, 200);
  assert.equal((await b.post(step(user.username, 'emailCaptcha'))).status, 200);
  const mails = (await listMail(server.deps.db)).filter((m) => m.to === user.email);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
  const answer = await b.post(step(user.username, 'emailCaptcha:verify'), { code });
  assert.equal(answer.status, 200, answer.text);
}

const passwordHash = async (username: string) =>
  (
    await server.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).password_hash;

/** What the profile's own password change answers to the current password, in `locale`. */
async function profileRefusal(locale: 'en_US' | 'zh_CN') {
  const user = await newUser();
  const b = await browser(locale);
  assert.equal((await b.login(user.username, CURRENT)).status, 200);
  const answer = await b.put('/users/ajax/v1/my/password', { old_password: CURRENT, new_password: CURRENT });
  assert.equal(answer.status, 400);
  return { code: answer.body.code, message: answer.body.message, field: answer.body.field };
}

describe('given a user who forgot their password and verified the emailed code', () => {
  for (const locale of ['en_US', 'zh_CN'] as const) {
    it(`refuses the current password as the new one, as the profile does (${locale})`, async () => {
      const expected = await profileRefusal(locale);
      assert.equal(expected.code, 'password_same_as_old');
      const user = await newUser();
      const laptop = new Client(server.url);
      assert.equal((await laptop.login(user.username, CURRENT)).status, 200);
      const before = await passwordHash(user.username);

      const b = await browser(locale);
      await verified(b, user);
      const same = await b.put(step(user.username, 'password:reset'), { new_password: CURRENT });
      assert.equal(same.status, 400, same.text);
      assert.deepEqual({ code: same.body.code, message: same.body.message, field: same.body.field }, expected);

      assert.equal(await passwordHash(user.username), before, 'the password is not rewritten');
      assert.equal((await laptop.get('/individual/proxy/me')).status, 200, 'no session ended');
      const other = await b.put(step(user.username, 'password:reset'), { new_password: OTHER });
      assert.equal(other.status, 200, `the verified code still lets another password through: ${other.text}`);
      assert.equal((await new Client(server.url).login(user.username, OTHER)).status, 200);
    });
  }

  it('refuses it on password:retrieve, the last step’s other name, too', async () => {
    const user = await newUser();
    const b = await browser();
    await verified(b, user);
    const same = await b.post(step(user.username, 'password:retrieve'), { new_password: CURRENT });
    assert.equal(same.status, 400, same.text);
    assert.equal(same.body.code, 'password_same_as_old');
    assert.equal(same.body.field, 'new_password');
    const other = await b.post(step(user.username, 'password:retrieve'), { new_password: OTHER });
    assert.equal(other.status, 200, other.text);
  });
});

describe('given dave, who must change his password at sign-in', () => {
  it('refuses his current password as the new one with the same code and message', async () => {
    const expected = await profileRefusal('en_US');
    const b = await browser();
    const first = await b.post('/users/ajax/login', { username: 'dave', password: 'Dave@2026' });
    assert.equal(first.body.code, 'password_change_required');
    const same = await b.put(step('dave', 'password:reset'), { old_password: 'Dave@2026', new_password: 'Dave@2026' });
    assert.equal(same.status, 400, same.text);
    assert.deepEqual({ code: same.body.code, message: same.body.message, field: same.body.field }, expected);
    const row = await server.deps.db
      .selectFrom('users')
      .select('must_change_password')
      .where('username', '=', 'dave')
      .executeTakeFirstOrThrow();
    assert.equal(row.must_change_password, true, 'still has to change it');
  });
});
