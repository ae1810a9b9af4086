/**
 * Sensitive-behaviour messages for the account email (issue 8: "the password or email changes"):
 * binding, changing and unbinding each leave one in the user's message centre; a resend does not.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { insertUsers } from '../../server/repos/users';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { BIND, REBIND, UNBIND } from './helpers/email';

let database: TestDatabase;
let server: TestServer;

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
});
after(async () => {
  await server.close();
  await database.dispose();
});

const PASSWORD = 'Start@2026';
const LIST = '/users/ajax/v1/notifications/inbox/messages:list';
const MINUTE = 60_000;

interface Listed {
  type: string | null;
  sensitive: boolean;
  title: string;
  content: string;
  read: boolean;
}

async function newUser(locale: 'en_US' | 'zh_CN' = 'en_US') {
  const username = `en_${randomBytes(4).toString('hex')}`;
  await insertUsers(server.deps.db, [
    {
      id: `u_${randomBytes(10).toString('hex')}`,
      username,
      name: username,
      email: null,
      email_verified: false,
      password_hash: await hashPassword(PASSWORD),
      locale,
    },
  ]);
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, PASSWORD)).status, 200);
  return browser;
}

/** The user's messages as the message centre lists them, oldest first. */
async function inbox(browser: Client): Promise<Listed[]> {
  const answer = await browser.post(LIST, { tab: 'all', page_size: 100 });
  assert.equal(answer.status, 200, answer.text);
  return (answer.body.messages as Listed[]).slice().reverse();
}

const address = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.org`;

describe('changes to the account email in the message centre', () => {
  it('says when an address is bound, changed and unbound, quoting it, and stays quiet on a resend', async () => {
    const browser = await newUser();
    const first = address('first');
    const second = address('second');

    assert.equal((await browser.post(BIND, { email: first })).status, 200);
    server.clock.advance(MINUTE);
    assert.equal((await browser.post(REBIND, { email: first })).status, 200, 'a resend');
    server.clock.advance(MINUTE);
    assert.equal((await browser.post(REBIND, { email: second })).status, 200, 'a change');
    // The list is newest first by time; a second apart keeps the order plain.
    server.clock.advance(1000);
    assert.equal((await browser.post(UNBIND, { email: second })).status, 200);

    const messages = await inbox(browser);
    assert.deepEqual(
      messages.map((m) => [m.type, m.sensitive, m.read, m.title]),
      [
        ['email_bound', true, false, 'Email address added to your account'],
        ['email_changed', true, false, 'Your email address was changed'],
        ['email_unbound', true, false, 'Email address removed from your account'],
      ],
    );
    assert.ok(messages[0]!.content.includes(first), messages[0]!.content);
    assert.ok(messages[1]!.content.includes(`changed to ${second}`), messages[1]!.content);
    assert.ok(messages[2]!.content.includes(second), messages[2]!.content);
    assert.match(messages[0]!.content, /at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });

  it('writes in the account language', async () => {
    const browser = await newUser('zh_CN');
    const to = address('zh');
    assert.equal((await browser.post(BIND, { email: to })).status, 200);
    const [message] = await inbox(browser);
    assert.equal(message?.title, '邮箱已绑定到您的账号');
    assert.ok(message?.content.includes(`邮箱 ${to} 已于`), message?.content);
  });

  it('leaves nothing when the call is refused', async () => {
    const browser = await newUser();
    const to = address('refused');
    assert.equal((await browser.post(UNBIND, { email: to })).status, 409, 'nothing to unbind');
    assert.equal((await browser.post(BIND, { email: to })).status, 200);
    assert.equal((await browser.post(BIND, { email: address('again') })).status, 409, 'already has one');
    assert.equal((await browser.post(REBIND, { email: address('soon') })).status, 429, 'within the minute');
    server.clock.advance(MINUTE);
    assert.deepEqual(
      (await inbox(browser)).map((m) => m.type),
      ['email_bound'],
    );
  });
});

describe('given a notice that cannot be written', () => {
  /** Makes the database refuse every new message for the user named `username`, as a failing
   * disk or a lost connection would in the middle of the change. */
  async function refuseNoticesFor(username: string) {
    const user = await server.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const name = `no_notice_${randomBytes(4).toString('hex')}`;
    await sql`alter table messages add constraint ${sql.raw(name)} check (user_id <> ${sql.lit(user.id)}) not valid`.execute(
      server.deps.db,
    );
    return async () => {
      await sql`alter table messages drop constraint ${sql.raw(name)}`.execute(server.deps.db);
    };
  }

  const stored = (username: string) =>
    server.deps.db
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();

  it('binds no address without its notice, and removes none without it', async () => {
    const browser = await newUser();
    const username = (await browser.get('/individual/proxy/me')).body.username as string;
    const bound = address('bound');
    const before = (await inbox(browser)).length;

    const allow = await refuseNoticesFor(username);
    const refused = await browser.post(BIND, { email: bound });
    assert.equal(refused.status, 500, refused.text);
    assert.deepEqual(await stored(username), { email: null, email_verified: false }, 'no address without its notice');
    await allow();

    server.clock.advance(MINUTE);
    assert.equal((await browser.post(BIND, { email: bound })).status, 200);
    const allowAgain = await refuseNoticesFor(username);
    const kept = await browser.post(UNBIND, { email: bound });
    assert.equal(kept.status, 500, kept.text);
    assert.deepEqual(await stored(username), { email: bound, email_verified: false }, 'the address stays');
    await allowAgain();
    assert.equal((await inbox(browser)).length, before + 1, 'the one notice of the bind that went through');
  });
});
