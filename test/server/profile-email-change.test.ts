/**
 * Changing a verified address (§4, §7, §8): the verified address stays the account's until the new
 * one is verified by its link; meanwhile the new one is a pending change (resend, replace, cancel).
 * An unverified or pending address claims nothing: whoever verifies first gets it, and only
 * verified addresses are unique.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { SelectQueryNode } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { verify } from '../../server/profile/email';
import { listMail } from '../../server/repos/outbox';
import { insertUsers } from '../../server/repos/users';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { BIND, REBIND, UNBIND, VERIFY, ME } from './helpers/email';

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

const address = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.org`;

/** A new account (so throttles of one test never touch another), signed in. */
async function newUser(options: { email?: string; verified?: boolean } = {}) {
  const id = `u_${randomBytes(10).toString('hex')}`;
  const username = `pc_${randomBytes(4).toString('hex')}`;
  await insertUsers(server.deps.db, [
    {
      id,
      username,
      name: `Tester ${username}`,
      email: options.email ?? null,
      email_verified: options.verified ?? false,
      password_hash: await hashPassword(PASSWORD),
      locale: 'en_US',
    },
  ]);
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, PASSWORD)).status, 200);
  return { id, username, browser };
}

/** A user whose verified address is `email`. */
const verifiedUser = (email = address('verified')) => newUser({ email, verified: true }).then((u) => ({ ...u, email }));

const mailTo = async (to: string) => (await listMail(server.deps.db)).filter((m) => m.to === to);

/** The token in the newest mail to `to`. */
async function lastToken(to: string): Promise<string> {
  const text = (await mailTo(to)).at(-1)?.text ?? '';
  const token = /\/users\/#\/users\/emails\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  assert.ok(token, `a link in the mail to ${to}: ${text}`);
  return token;
}

/** Opens a link in a browser with only the page's pre-session. */
async function openLink(token: string) {
  const browser = new Client(server.url);
  browser.cookies.set('ak_user_locale', 'en_US');
  await browser.pageSettings();
  return browser.post(VERIFY, { token });
}

describe('changing a verified address', () => {
  it('keeps the verified address while the new one waits for its link, shown as pending', async () => {
    const { browser, email } = await verifiedUser();
    const typo = address('typo');
    const answer = await browser.post(REBIND, { email: typo });
    assert.equal(answer.status, 200, answer.text);
    const stands = { address: email, verified: true, pending: { address: typo, expired: false } };
    assert.deepEqual(answer.body.email, stands);
    assert.deepEqual((await browser.get(ME)).body.email, stands);
    assert.equal((await mailTo(typo)).length, 1, 'the link goes to the new address');
    assert.equal((await mailTo(email)).length, 0, 'nothing changed yet, so the old address hears nothing');
  });

  it('when the link is opened, the new address replaces the old, which is told by mail and in the inbox', async () => {
    const { browser, email } = await verifiedUser();
    const next = address('next');
    await browser.post(REBIND, { email: next });
    const opened = await openLink(await lastToken(next));
    assert.equal(opened.status, 200, opened.text);
    assert.deepEqual(opened.body, { email: { address: next, verified: true } });
    assert.deepEqual((await browser.get(ME)).body.email, { address: next, verified: true });

    const notices = await mailTo(email);
    assert.equal(notices.length, 1, 'one notice to the old address');
    assert.equal(notices[0]!.subject, 'The email address of your Yunxiao account was changed');
    assert.ok(notices[0]!.text.includes(`changed to ${next}`), notices[0]!.text);
    assert.ok(notices[0]!.html.includes(`changed to ${next}`), notices[0]!.html);

    const inbox = await browser.post(LIST, { tab: 'all', page_size: 100 });
    const types = (inbox.body.messages as { type: string | null }[]).map((m) => m.type);
    assert.deepEqual(types, ['email_changed']);

    const reused = await openLink(await lastToken(next));
    assert.equal(reused.body.code, 'email_already_verified');
  });

  it('resends the pending link, and a newer change replaces it (the older link then mismatches)', async () => {
    const { browser, email } = await verifiedUser();
    const first = address('first');
    await browser.post(REBIND, { email: first });
    const firstToken = await lastToken(first);
    server.clock.advance(MINUTE);
    const resent = await browser.post(REBIND, { email: first.toUpperCase() });
    assert.equal(resent.status, 200, resent.text);
    assert.deepEqual(resent.body.email.pending, { address: first, expired: false });
    assert.equal((await mailTo(first)).length, 2, 'the resend goes to the address as stored');

    server.clock.advance(MINUTE);
    const second = address('second');
    await browser.post(REBIND, { email: second });
    assert.deepEqual((await browser.get(ME)).body.email, {
      address: email,
      verified: true,
      pending: { address: second, expired: false },
    });
    const stale = await openLink(firstToken);
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'email_activate_mismatch');
    assert.equal((await openLink(await lastToken(second))).status, 200);
    assert.deepEqual((await browser.get(ME)).body.email, { address: second, verified: true });
  });

  it('cancels the change by unbinding the pending address; its link stops working, the address stays', async () => {
    const { browser, email } = await verifiedUser();
    const next = address('cancel');
    await browser.post(REBIND, { email: next });
    const cancelled = await browser.post(UNBIND, { email: next });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.deepEqual(cancelled.body.email, { address: email, verified: true });
    assert.deepEqual((await browser.get(ME)).body.email, { address: email, verified: true });
    assert.equal((await openLink(await lastToken(next))).body.code, 'email_activate_mismatch');
    assert.deepEqual((await browser.get(ME)).body.email, { address: email, verified: true });
    assert.equal(
      (await browser.post(UNBIND, { email: next })).body.code,
      'email_binding_status',
      'nothing left to cancel',
    );
  });

  it('says when the pending link has expired; a resend from settings gives a working one', async () => {
    const { browser, email } = await verifiedUser();
    const next = address('late');
    await browser.post(REBIND, { email: next });
    const old = await lastToken(next);
    server.clock.advance(24 * 3600_000);
    assert.deepEqual((await browser.get(ME)).body.email.pending, { address: next, expired: true });
    assert.equal((await openLink(old)).body.code, 'email_link_expired');
    assert.equal((await browser.get(ME)).body.email.address, email);

    assert.equal((await browser.post(REBIND, { email: next })).status, 200);
    assert.equal((await openLink(await lastToken(next))).status, 200);
    assert.deepEqual((await browser.get(ME)).body.email, { address: next, verified: true });
  });

  it('unbinding the verified address also drops the pending change', async () => {
    const { browser, email } = await verifiedUser();
    const next = address('dropped');
    await browser.post(REBIND, { email: next });
    assert.equal((await browser.post(UNBIND, { email })).status, 200);
    assert.equal((await browser.get(ME)).body.email, null);
    assert.equal((await openLink(await lastToken(next))).body.code, 'email_token_mismatch');
  });

  it('refuses a change to an address another account has verified, and keeps everything as it was', async () => {
    const { browser, email } = await verifiedUser();
    const taken = await browser.post(REBIND, { email: 'Alice@example.com' });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'email_already_bound');
    assert.deepEqual((await browser.get(ME)).body.email, { address: email, verified: true });
  });
});

describe('an address nobody has verified yet', () => {
  it('is not taken from an account that asked for it first; whoever verifies first gets it', async () => {
    const shared = address('shared');
    const alice = await newUser();
    assert.equal((await alice.browser.post(BIND, { email: shared })).status, 200);
    const aliceToken = await lastToken(shared);
    server.clock.advance(MINUTE); // the per-recipient throttle

    const demo = await verifiedUser();
    const asked = await demo.browser.post(REBIND, { email: shared.toUpperCase() });
    assert.equal(asked.status, 200, asked.text);
    assert.deepEqual((await alice.browser.get(ME)).body.email, { address: shared, verified: false });
    const demoToken = await lastToken(shared.toUpperCase());

    assert.equal((await openLink(aliceToken)).status, 200, 'alice verifies first');
    const late = await openLink(demoToken);
    assert.equal(late.status, 409);
    assert.equal(late.body.code, 'email_already_bound');
    assert.equal(late.body.message, 'This email address is already bound');
    assert.deepEqual((await alice.browser.get(ME)).body.email, { address: shared, verified: true });
    const kept = (await demo.browser.get(ME)).body.email;
    assert.equal(kept.address, demo.email, 'demo keeps its verified address');
    assert.equal(kept.verified, true);
  });

  it('may be bound unverified by two accounts; the first link wins, the second says already bound', async () => {
    const shared = address('both');
    const first = await newUser();
    const second = await newUser();
    assert.equal((await first.browser.post(BIND, { email: shared })).status, 200);
    const firstToken = await lastToken(shared);
    server.clock.advance(MINUTE);
    assert.equal((await second.browser.post(BIND, { email: shared })).status, 200);
    const secondToken = await lastToken(shared);
    assert.deepEqual((await first.browser.get(ME)).body.email, { address: shared, verified: false });

    assert.equal((await openLink(secondToken)).status, 200);
    const late = await openLink(firstToken);
    assert.equal(late.body.code, 'email_already_bound');
    assert.deepEqual((await first.browser.get(ME)).body.email, { address: shared, verified: false });
    server.clock.advance(MINUTE);
    assert.equal((await first.browser.post(REBIND, { email: shared })).body.code, 'email_already_bound');
  });

  it('is unique in the database only once verified', async () => {
    const shared = address('index');
    const row = (verified: boolean) => ({
      id: `u_${randomBytes(10).toString('hex')}`,
      username: `ix_${randomBytes(4).toString('hex')}`,
      name: 'Index',
      email: shared,
      email_verified: verified,
      password_hash: '',
      locale: 'en_US' as const,
    });
    await insertUsers(server.deps.db, [row(false), row(false), row(true)]);
    await assert.rejects(insertUsers(server.deps.db, [{ ...row(true), email: shared.toUpperCase() }]), /unique/i);
  });
});

/** A handle on the server's database that records every SELECT of `userId`'s own row (a query on
 * users matching `"id" = <their id>`; not the check that no other account holds an address). */
function watchAccountReads(userId: string) {
  const reads: string[] = [];
  const db = server.deps.db;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (SelectQueryNode.is(node)) {
        const { sql, parameters } = db.getExecutor().compileQuery(node, queryId);
        const ownRow = [...sql.matchAll(/"id" = \$(\d+)/g)].some((m) => parameters[Number(m[1]) - 1] === userId);
        if (/\bfrom "users"/.test(sql) && ownRow) reads.push(sql);
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), reads };
}

describe('given the link of a change opened where the owner is not signed in', () => {
  it('reads the account once, and still tells the old address in the saved language and by name', async () => {
    const { id, username, browser, email } = await verifiedUser();
    const next = address('once');
    assert.equal((await browser.post(REBIND, { email: next })).status, 200);
    const token = await lastToken(next);

    const watched = watchAccountReads(id);
    const verified = await verify({ ...server.deps, db: watched.db }, token, null);
    assert.deepEqual(verified, { address: next, verified: true });
    assert.equal(watched.reads.length, 1, `one read of the account:\n${watched.reads.join('\n')}`);

    const notices = await mailTo(email);
    assert.equal(notices.length, 1, 'one mail to the old address');
    assert.equal(notices[0]!.subject, 'The email address of your Yunxiao account was changed');
    assert.ok(notices[0]!.text.includes(`Tester ${username}`), notices[0]!.text);
    const inbox = await browser.post(LIST, { tab: 'all', page_size: 100 });
    const titles = (inbox.body.messages as { title: string }[]).map((m) => m.title);
    assert.deepEqual(titles, ['Your email address was changed'], 'the notice, in the saved language');
  });
});
