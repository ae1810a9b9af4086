/** Sending activation mail: the one-minute throttle, a failing mail server, the link origin. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password';
import { ConfigError, loadConfig } from '../../server/config';
import type { Mailer } from '../../server/mail/mailer';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { BIND, REBIND, ME } from './helpers/email';

const server = useTestServer();

const PASSWORD = 'Start@2026';
const MINUTE = 60_000;

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

describe('the one-minute throttle', () => {
  it('refuses a second send within a minute with 429 and the seconds left, then allows it', async () => {
    const { browser } = await newUser();
    const to = address('throttle');
    assert.equal((await browser.post(BIND, { email: to })).status, 200);
    const soon = await browser.post(REBIND, { email: to });
    assert.equal(soon.status, 429);
    assert.equal(soon.body.code, 'email_too_frequent');
    assert.equal(soon.body.retry_after, 60);
    assert.equal(soon.body.message, 'Too many requests. Please try again after one minute.');
    server.clock.advance(45_000);
    assert.equal((await browser.post(REBIND, { email: to })).body.retry_after, 15);
    server.clock.advance(15_000);
    assert.equal((await browser.post(REBIND, { email: to })).status, 200);
    assert.equal((await listMail(server.deps.db)).filter((m) => m.to === to).length, 2);
  });

  it('also throttles per recipient, so several accounts cannot flood one mailbox', async () => {
    const to = address('flood');
    // Three accounts a minute: one other account can never keep the owner from binding it.
    for (let i = 0; i < 3; i++) assert.equal((await (await newUser()).browser.post(BIND, { email: to })).status, 200);
    assert.equal((await (await newUser()).browser.post(BIND, { email: to })).status, 429);
    server.clock.advance(MINUTE);
  });
});

describe('when the mail cannot be sent', () => {
  it('answers email_send_failed, stores nothing and does not count against the throttle', async () => {
    const { id, browser } = await newUser();
    const to = address('fail');
    const working = server.deps.mailer;
    const broken: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      close: () => {},
    };
    server.deps.mailer = broken;
    try {
      const answer = await browser.post(BIND, { email: to });
      assert.equal(answer.status, 502);
      assert.equal(answer.body.code, 'email_send_failed');
      assert.equal(answer.body.message, 'The verification email could not be sent. Try again later.');
    } finally {
      server.deps.mailer = working;
    }
    assert.equal((await browser.get(ME)).body.email, null);
    const rows = await server.deps.db
      .selectFrom('email_tokens')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    assert.deepEqual(rows, []);
    assert.equal((await browser.post(BIND, { email: to })).status, 200, 'no throttle after a failed send');
  });
});

describe('the link origin', () => {
  it('follows the request, with https when the proxy says so', async () => {
    const { browser } = await newUser();
    const to = address('proxy');
    await browser.post(BIND, { email: to }, { headers: { 'x-forwarded-proto': 'https' } });
    const text = (await listMail(server.deps.db)).filter((m) => m.to === to).at(-1)?.text ?? '';
    assert.ok(text.includes(`${server.url.replace('http:', 'https:')}/users/#/users/emails?token=`), text);
  });

  it('is PUBLIC_URL when set: checked, trailing slash dropped', () => {
    assert.equal(loadConfig({ PUBLIC_URL: 'https://devops.example.com/' }).publicUrl, 'https://devops.example.com');
    assert.equal(loadConfig({}).publicUrl, undefined);
    for (const bad of [
      'devops.example.com',
      'https://devops.example.com/yx',
      'ftp://x.example',
      'https://x.example/?a=1',
      'https://u:p@x.example',
    ]) {
      assert.throws(
        () => loadConfig({ PUBLIC_URL: bad }),
        (e: Error) => e instanceof ConfigError && /PUBLIC_URL/.test(e.message),
      );
    }
  });
});
