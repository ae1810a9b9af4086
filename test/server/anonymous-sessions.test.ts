/**
 * Anonymous pre-sessions are bounded: anyone can open them without keeping the cookie (a script
 * calling page-settings or the forgot-password check in a loop), so one whose cookie never comes
 * back lives only PRESESSION_FIRST_MS, a client address group (an IPv6 /64) keeps at most
 * PRESESSIONS_PER_ADDRESS of them in a server process, and opening one deletes expired ones. A
 * browser that keeps its cookie never notices, nor does one with a sign-in in progress.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { PRESESSION_FIRST_MS, PRESESSIONS_PER_ADDRESS, SESSION_COOKIE } from '../../server/auth/sessions';
import { useTestServer } from './helpers/server';
import { saveLoginState } from '../../server/repos/sso';
import { Client, ClientAt } from './helpers/client';

const SETTINGS = '/users/ajax/v1/page-settings';

// Behind a trusted proxy, so that a test can speak from several client addresses; a request
// without `X-Forwarded-For` comes from the peer, as before.
const server = useTestServer({ config: { trustProxy: true } });

/** Which of these session hashes are stored and not expired. */
async function live(hashes: string[]): Promise<Set<string>> {
  const rows = await server.database.db
    .selectFrom('sessions')
    .select('id_hash')
    .where('id_hash', 'in', hashes)
    .where('expires_at', '>', server.clock.now())
    .execute();
  return new Set(rows.map((r) => r.id_hash));
}

/** Pre-sessions past their expiry that are still stored. */
async function expiredRows(): Promise<number> {
  const now = server.clock.now();
  const row = await server.database.db
    .selectFrom('sessions')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', 'is', null)
    .where('expires_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The stored hash of a client's session cookie. */
const hashOf = (browser: Client) => sha256(browser.cookies.get(SESSION_COOKIE) ?? '');

/** One cookieless visitor opening the page settings: a new pre-session each time. From
 * `address` when given, else the test's own. */
async function cookielessVisit(address?: string): Promise<Client> {
  const visitor = address ? new ClientAt(server.url, address) : new Client(server.url);
  const answer = await visitor.pageSettings();
  assert.equal(answer.status, 200);
  assert.ok(visitor.cookies.get(SESSION_COOKIE), 'a pre-session cookie is set');
  return visitor;
}

describe('anonymous pre-sessions', () => {
  it('keeps at most PRESESSIONS_PER_ADDRESS unused pre-sessions per client address', async () => {
    const visitors: Client[] = [];
    // One after the other, so "the newest" is well defined.
    for (let i = 0; i < PRESESSIONS_PER_ADDRESS * 2 + 20; i++) visitors.push(await cookielessVisit());
    const stored = await live(visitors.map(hashOf));
    assert.equal(stored.size, PRESESSIONS_PER_ADDRESS, `${stored.size} unused pre-sessions are stored`);
    const newest = visitors.slice(-PRESESSIONS_PER_ADDRESS);
    assert.ok(
      newest.every((v) => stored.has(hashOf(v))),
      'the newest ones are the ones kept',
    );
    assert.ok(!stored.has(hashOf(visitors[0]!)), 'the oldest one went');

    // The newest visitor's page still works: its cookie and token are those of a live session.
    const last = visitors.at(-1)!;
    const token = last.csrfToken;
    assert.equal((await last.get(SETTINGS)).body.csrfToken, token);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const visitors: Client[] = [];
    for (let i = 0; i < PRESESSIONS_PER_ADDRESS + 10; i++)
      visitors.push(await cookielessVisit(`2001:db8:9:9::${i + 1}`));
    const stored = await live(visitors.map(hashOf));
    assert.equal(stored.size, PRESESSIONS_PER_ADDRESS, `${stored.size} unused pre-sessions are stored`);
    assert.ok(!stored.has(hashOf(visitors[0]!)), 'the oldest one went');
    // Another /64 is another client: its first pre-session takes nothing from this one.
    const next = await cookielessVisit('2001:db8:9:a::1');
    assert.equal((await live([...visitors, next].map(hashOf))).size, PRESESSIONS_PER_ADDRESS + 1);
  });

  it('never takes a pre-session that holds a sign-in in progress', async () => {
    const address = '198.51.100.40';
    // An SSO sign-in started from a direct link: its login state waits in a fresh pre-session
    // until the provider sends the browser back (as `authorizeRedirect` stores it).
    const sso = await cookielessVisit(address);
    await saveLoginState(
      server.database.db,
      {
        state_hash: sha256(`state-${hashOf(sso)}`),
        session_hash: hashOf(sso),
        provider: 'dingtalk',
        code_verifier: 'verifier',
        nonce: 'nonce',
        next_url: null,
        expires_at: new Date(server.clock.now().getTime() + 10 * 60_000),
      },
      server.clock.now(),
    );
    // Forgot password opened from a link, without the page settings first: a reset flow.
    const reset = new ClientAt(server.url, address);
    assert.equal((await reset.get('/users/ajax/users/demo/check')).status, 200);
    const plain = await cookielessVisit(address);

    for (let i = 0; i < PRESESSIONS_PER_ADDRESS + 5; i++) await cookielessVisit(address);
    const stored = await live([sso, reset, plain].map(hashOf));
    assert.ok(stored.has(hashOf(sso)), 'the SSO sign-in keeps its pre-session');
    assert.ok(stored.has(hashOf(reset)), 'the reset keeps its pre-session');
    assert.ok(!stored.has(hashOf(plain)), 'an unused one of the same time went');
  });

  it('bounds the pre-sessions the forgot-password check opens the same way', async () => {
    const hashes: string[] = [];
    for (let i = 0; i < PRESESSIONS_PER_ADDRESS + 15; i++) {
      const visitor = new Client(server.url);
      const answer = await visitor.get('/users/ajax/users/nobody-here/check');
      // Not found, or rate-limited once the address made too many checks: a session was opened either way.
      assert.ok([404, 429].includes(answer.status), `status ${answer.status}`);
      hashes.push(hashOf(visitor));
    }
    const stored = await live(hashes);
    assert.ok(stored.size <= PRESESSIONS_PER_ADDRESS, `${stored.size} unused pre-sessions are stored`);
  });

  it('never takes a pre-session whose cookie came back, and it lasts PRESESSION_MS', async () => {
    const browser = new Client(server.url);
    const token = (await browser.pageSettings()).body.csrfToken;
    // The page's next call brings the cookie back (here a second settings call).
    assert.equal((await browser.get(SETTINGS)).body.csrfToken, token);
    for (let i = 0; i < PRESESSIONS_PER_ADDRESS + 10; i++) await cookielessVisit();
    server.clock.advance(PRESESSION_FIRST_MS + 60 * 60_000);
    assert.equal((await browser.get(SETTINGS)).body.csrfToken, token, 'the same pre-session, hours later');
    const signedIn = await browser.login('demo', 'Demo@2026');
    assert.equal(signedIn.status, 200, 'its token still signs in');
  });

  it('ends an unused pre-session after PRESESSION_FIRST_MS; a page then gets a new token', async () => {
    const early = new Client(server.url);
    await early.pageSettings();
    server.clock.advance(PRESESSION_FIRST_MS - 60_000);
    assert.equal((await early.login('demo', 'Demo@2026')).status, 200, 'used within its first lifetime');

    const late = new Client(server.url);
    const stale = (await late.pageSettings()).body.csrfToken;
    server.clock.advance(PRESESSION_FIRST_MS + 60_000);
    const refused = await late.post('/users/ajax/login', { username: 'demo', password: 'Demo@2026' });
    assert.equal(refused.status, 403);
    // What the front end does on csrf_invalid (src/core/http.ts): fetch the current token, retry.
    assert.equal(refused.body.code, 'csrf_invalid');
    const fresh = (await late.pageSettings()).body.csrfToken;
    assert.notEqual(fresh, stale);
    assert.equal((await late.post('/users/ajax/login', { username: 'demo', password: 'Demo@2026' })).status, 200);
  });

  it('deletes expired pre-sessions a few at a time as new ones open', async () => {
    for (let i = 0; i < 5; i++) await cookielessVisit();
    server.clock.advance(PRESESSION_FIRST_MS + 60_000);
    const before = await expiredRows();
    assert.ok(before >= 5, `${before} expired`);
    await cookielessVisit();
    const after = await expiredRows();
    assert.ok(after < before, `${before} expired before, ${after} after opening one`);
    // Each opening deletes several, so they go faster than anyone can open new ones.
    for (let i = 0; i < before && (await expiredRows()) > 0; i++) await cookielessVisit();
    assert.equal(await expiredRows(), 0);
  });
});
