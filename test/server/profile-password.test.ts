import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const server = useTestServer();

const PASSWORD_PATH = '/users/ajax/v1/my/password';
const OLD = 'Start@2026';
const NEW = 'Changed#2027';
const HEADERS = { user_agent: 'Mozilla/5.0 (test)', 'umid-token': 'a1b2c3d4' };

/** A new account with a verified email, and a signed-in browser for it. */
async function newUser(locale: 'en_US' | 'zh_CN' = 'en_US') {
  const id = `u_${randomBytes(10).toString('hex')}`;
  const username = `pp_${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.org`;
  await insertUsers(server.deps.db, [
    {
      id,
      username,
      name: `Tester ${username}`,
      email,
      email_verified: true,
      password_hash: await hashPassword(OLD),
      locale,
    },
  ]);
  return { id, username, email, browser: await signIn(username, OLD) };
}

async function signIn(username: string, password: string) {
  const browser = new Client(server.url);
  const answer = await browser.login(username, password);
  assert.equal(answer.status, 200, answer.text);
  return browser;
}

describe('changing the password', () => {
  it('refuses a wrong current password with "check current password" on that field', async () => {
    const { browser } = await newUser();
    const answer = await browser.put(
      PASSWORD_PATH,
      { old_password: 'Wrong@2026', new_password: NEW },
      { headers: HEADERS },
    );
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'password_incorrect');
    assert.equal(answer.body.field, 'old_password');
    assert.equal(answer.body.message, 'Failed to change the password. Check your current password.');
    const missing = await browser.put(PASSWORD_PATH, { new_password: NEW }, { headers: HEADERS });
    assert.equal(missing.body.code, 'password_incorrect');
  });

  it('refuses a new password equal to the current one', async () => {
    const { browser } = await newUser();
    const answer = await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: OLD }, { headers: HEADERS });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'password_same_as_old');
    assert.equal(answer.body.field, 'new_password');
    assert.equal(answer.body.message, 'The new password must differ from the current password');
  });

  it('applies the shared password rule to the new password', async () => {
    const { browser } = await newUser();
    for (const newPassword of [
      'Ab1@',
      'abcdefgh1',
      'abcdefgh@',
      '12345678@',
      'Abc@1234密码',
      'Abc@1234 x',
      undefined,
    ]) {
      const answer = await browser.put(
        PASSWORD_PATH,
        { old_password: OLD, ...(newPassword === undefined ? {} : { new_password: newPassword }) },
        { headers: HEADERS },
      );
      assert.equal(answer.status, 400, String(newPassword));
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(answer.body.field, 'new_password');
    }
    const short = await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: 'Ab1@' });
    assert.match(short.body.message, /8/);
  });

  it('keeps this session, signs the others out, mails a notice and leaves a sensitive message', async () => {
    const { id, username, email, browser } = await newUser();
    const laptop = await signIn(username, OLD);
    const phone = await signIn(username, OLD);
    const answer = await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW }, { headers: HEADERS });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { signed_out_sessions: 2 });

    assert.equal((await browser.get('/individual/proxy/me')).status, 200, 'this session stays');
    assert.equal((await laptop.get('/individual/proxy/me')).status, 401);
    assert.equal((await phone.get('/individual/proxy/me')).status, 401);
    assert.equal((await new Client(server.url).login(username, OLD)).status, 401);
    await signIn(username, NEW);

    const mail = (await listMail(server.deps.db)).filter((m) => m.to === email);
    assert.equal(mail.length, 1);
    assert.equal(mail[0]!.subject, 'Your Yunxiao password was changed');
    assert.ok(mail[0]!.text.includes(username));
    assert.ok(!mail[0]!.text.includes(NEW), 'the password is not in the mail');

    // The laptop and the phone are browsers of their own: each sign-in from them left a
    // new-device notice. The change itself leaves one message.
    const all = await server.deps.db.selectFrom('messages').selectAll().where('user_id', '=', id).execute();
    assert.ok(all.every((m) => m.sensitive_type === 'password_changed' || m.sensitive_type === 'new_device_login'));
    const messages = all.filter((m) => m.sensitive_type === 'password_changed');
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.read, false);
    assert.equal(messages[0]!.title, 'Your password was changed');
    assert.ok(!server.logs.join('\n').includes(NEW), 'the password is not logged');
  });

  it('writes the notice in the account language', async () => {
    const { id, email, browser } = await newUser('zh_CN');
    assert.equal((await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW })).status, 200);
    const mail = (await listMail(server.deps.db)).filter((m) => m.to === email);
    assert.equal(mail[0]!.subject, '您的云效密码已修改');
    const message = await server.deps.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirst();
    assert.equal(message?.title, '您的密码已修改');
  });

  it('needs the page CSRF token and a signed-in browser', async () => {
    const { browser } = await newUser();
    const noCsrf = await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW }, { csrf: false });
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.body.code, 'csrf_invalid');
    const stranger = new Client(server.url);
    await stranger.pageSettings();
    assert.equal((await stranger.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW })).status, 401);
  });
});

describe('given someone guessing the current password from a signed-in browser', () => {
  const FROZEN = 'Too many incorrect passwords. The account is frozen for 1 hour.';
  const guess = (browser: Client, i: number) =>
    browser.put(PASSWORD_PATH, { old_password: `Wrong@${i}`, new_password: NEW }, { headers: HEADERS });

  it('freezes the account for 1 hour after 5 wrong current passwords, sign-in included', async () => {
    const { id, username, browser } = await newUser();
    const hashOf = async () =>
      (await server.deps.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;
    const before = await hashOf();
    for (let i = 1; i <= 4; i++) {
      const answer = await guess(browser, i);
      assert.equal(answer.status, 400, `guess ${i}`);
      assert.equal(answer.body.code, 'password_incorrect');
    }
    const fifth = await guess(browser, 5);
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
    assert.equal(fifth.body.message, FROZEN);
    assert.ok(Date.parse(fifth.body.frozenUntil) > server.clock.now().getTime() + 59 * 60_000);

    // Frozen means frozen: the right password changes nothing, here or at sign-in.
    const right = await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW }, { headers: HEADERS });
    assert.equal(right.status, 423);
    assert.equal(right.body.code, 'account_frozen');
    const signIn = await new Client(server.url).login(username, OLD);
    assert.equal(signIn.status, 423);
    assert.equal(signIn.body.code, 'account_frozen');
    assert.equal(await hashOf(), before, 'the password is unchanged');
  });

  it('adds wrong sign-ins and wrong current passwords up on one counter', async () => {
    const { username, browser } = await newUser();
    for (let i = 1; i <= 3; i++) {
      assert.equal((await new Client(server.url).login(username, `Wrong@${i}`)).status, 401, `sign-in ${i}`);
    }
    assert.equal((await guess(browser, 4)).body.code, 'password_incorrect');
    const fifth = await guess(browser, 5);
    assert.equal(fifth.status, 423);
    assert.equal(fifth.body.code, 'account_frozen');
  });

  it('starts the count again after a successful change', async () => {
    const { browser } = await newUser();
    for (let i = 1; i <= 4; i++) assert.equal((await guess(browser, i)).body.code, 'password_incorrect');
    const changed = await browser.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW }, { headers: HEADERS });
    assert.equal(changed.status, 200, changed.text);
    for (let i = 1; i <= 4; i++) {
      const answer = await browser.put(PASSWORD_PATH, { old_password: `Wrong@${i}`, new_password: 'Another#2028' });
      assert.equal(answer.body.code, 'password_incorrect', `guess ${i} after the change`);
    }
  });

  it('lets the right password through once the hour is up', async () => {
    const { username, browser } = await newUser();
    for (let i = 1; i <= 5; i++) await guess(browser, i);
    assert.equal((await guess(browser, 6)).body.code, 'account_frozen');
    server.clock.advance(3600_000 + 1000);
    const fresh = await signIn(username, OLD);
    const answer = await fresh.put(PASSWORD_PATH, { old_password: OLD, new_password: NEW }, { headers: HEADERS });
    assert.equal(answer.status, 200, answer.text);
  });
});
