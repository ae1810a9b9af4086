import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { passwordSchema, validate } from '../../src/core/validation/rules';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const BASE = '/uiless/proxy/package/api/external/users';

// Behind a trusted proxy, so each check can say which client it comes from (X-Forwarded-For):
// the brute-force guard counts per client.
const server = useTestServer({ config: { trustProxy: true } });

async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

let clients = 0;
/** A client address nobody has used yet, so checks of one test never count against another's. */
const anotherClient = () => `198.51.100.${++clients}`;

/** What a package client does: the registry check with HTTP Basic, from client address `from`. */
async function verify(username: string, password: string, from = anotherClient()) {
  const basic = Buffer.from(`${username}:${password}`).toString('base64');
  const res = await fetch(`${server.url}${BASE}/verify`, {
    headers: { authorization: `Basic ${basic}`, 'x-forwarded-for': from },
  });
  return {
    status: res.status,
    challenge: res.headers.get('www-authenticate'),
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as any,
  };
}

async function credentialRows(userId?: string) {
  let q = server.database.db.selectFrom('package_credentials').selectAll();
  if (userId) q = q.where('user_id', '=', userId);
  return q.execute();
}

describe('the credential username', () => {
  it('is the account username, and the credential is made on first read', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const me = (await alice.get('/individual/proxy/me')).body;
    assert.equal((await credentialRows(me.id)).length, 0);
    const info = await alice.get(`${BASE}/userInfo`);
    assert.equal(info.status, 200);
    assert.deepEqual(info.body, { username: 'alice', password_set: false });
    assert.deepEqual((await alice.get(`${BASE}/userInfo`)).body, { username: 'alice', password_set: false });
    const rows = await credentialRows(me.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.password_hash, null);
  });
});

describe('whether a password is set', () => {
  it('says none until one is generated or chosen, and never says what it is', async () => {
    const alice = await signedIn('alice', 'Alice@2026');
    const first = await alice.get(`${BASE}/userInfo`);
    assert.equal(first.body.password_set, false);
    const generated = await alice.post(`${BASE}/user/password`);
    assert.equal(generated.status, 200);
    // Set at once, though it only works 10 s later: the page must not say "none set yet" meanwhile.
    const pending = await alice.get(`${BASE}/userInfo`);
    assert.deepEqual(pending.body, { username: 'alice', password_set: true });
    server.clock.advance(10_000);
    assert.equal((await verify('alice', generated.body.password)).status, 200);
    assert.equal((await alice.get(`${BASE}/userInfo`)).body.password_set, true);
    assert.ok(!JSON.stringify((await alice.get(`${BASE}/userInfo`)).body).includes(generated.body.password));
  });
});

describe('given a generated password', () => {
  it('shows it once, refuses it for 10 seconds, then accepts it', async () => {
    const demo = await signedIn();
    const answer = await demo.post(`${BASE}/user/password`);
    assert.equal(answer.status, 200);
    const { password, effective_at } = answer.body;
    assert.equal(validate(passwordSchema, password).ok, true, 'passes the password rules');
    assert.ok(password.length >= 20);
    assert.equal(effective_at, new Date(server.clock.now().getTime() + 10_000).toISOString());
    const early = await verify('demo', password);
    assert.equal(early.status, 401);
    assert.equal(early.challenge, 'Basic realm="packages"');
    server.clock.advance(9_000);
    assert.equal((await verify('demo', password)).status, 401);
    server.clock.advance(1_000);
    const ok = await verify('demo', password);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { username: 'demo' });
    assert.equal((await verify('DEMO', password)).status, 200, 'the username is case-insensitive');
    assert.equal((await verify('demo', `${password}x`)).status, 401);
  });
});

describe('given a password that already works', () => {
  it('keeps the old one working until the new one takes effect', async () => {
    const demo = await signedIn();
    const first = 'First@2026pw';
    assert.equal((await demo.post(`${BASE}/user/password`, { password: first })).status, 200);
    server.clock.advance(10_000);
    assert.equal((await verify('demo', first)).status, 200);
    const { body } = await demo.post(`${BASE}/user/password`, { password: 'Second@2026pw' });
    assert.deepEqual(Object.keys(body), ['effective_at'], 'a chosen password is not echoed back');
    assert.equal((await verify('demo', first)).status, 200, 'old one still works');
    assert.equal((await verify('demo', 'Second@2026pw')).status, 401, 'new one not yet');
    server.clock.advance(10_000);
    assert.equal((await verify('demo', 'Second@2026pw')).status, 200);
    assert.equal((await verify('demo', first)).status, 401);
  });

  it('does not lose a change that took effect but was never used before the next one', async () => {
    const demo = await signedIn();
    await demo.post(`${BASE}/user/password`, { password: 'Third@2026pw' });
    server.clock.advance(11_000);
    await demo.post(`${BASE}/user/password`, { password: 'Fourth@2026pw' });
    assert.equal((await verify('demo', 'Third@2026pw')).status, 200);
    assert.equal((await verify('demo', 'Fourth@2026pw')).status, 401);
  });
});

describe('bad input', () => {
  it('refuses a password that breaks the rules, naming the field and writing nothing', async () => {
    const demo = await signedIn();
    await demo.get(`${BASE}/userInfo`);
    const before = await credentialRows();
    for (const password of ['short1@', 'nodigits@@', 'NoSymbol123', '密码Abc@1234', '']) {
      const answer = await demo.post(`${BASE}/user/password`, { password });
      assert.equal(answer.status, 400, password);
      assert.equal(answer.body.code, 'invalid_request');
      assert.equal(answer.body.field, 'password');
      assert.ok(answer.body.message);
    }
    assert.deepEqual(await credentialRows(), before);
  });

  it('answers 401 to an unknown user, a malformed header or none', async () => {
    assert.equal((await verify('nobody', 'Whatever@2026')).status, 401);
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Basic !!!' }, { authorization: 'Bearer x' }];
    for (const headers of attempts) {
      const res = await fetch(`${server.url}${BASE}/verify`, { headers });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Basic realm="packages"');
    }
  });

  it('needs the CSRF token and a signed-in browser to change the password', async () => {
    const demo = await signedIn();
    assert.equal((await demo.post(`${BASE}/user/password`, undefined, { csrf: false })).status, 403);
    assert.equal((await new Client(server.url).post(`${BASE}/user/password`)).status, 401);
    assert.equal((await new Client(server.url).get(`${BASE}/userInfo`)).status, 401);
  });
});

describe('given a personal access token', () => {
  async function bearerHeaders(scopes: string[]) {
    const demo = await signedIn();
    const answer = await demo.post('/users/ajax/v1/my/tokens', {
      name: `packages ${scopes.join(' ')}`,
      expires_at: new Date(server.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      token_scopes: scopes,
    });
    assert.equal(answer.status, 201);
    return { authorization: `Bearer ${answer.body.token as string}` };
  }

  it('reads the username with a packages scope, but never changes the password', async () => {
    const api = new Client(server.url);
    const headers = await bearerHeaders(['packages:artifact:write']);
    assert.equal((await api.get(`${BASE}/userInfo`, { headers })).body.username, 'demo');
    const change = await api.post(`${BASE}/user/password`, undefined, { headers });
    assert.equal(change.status, 403);
    assert.equal(change.body.code, 'session_required');
    const other = await api.get(`${BASE}/userInfo`, { headers: await bearerHeaders(['codeup:ssh-key:read']) });
    assert.equal(other.status, 403);
    assert.equal(other.body.code, 'insufficient_scope');
  });
});

describe('given a client guessing passwords', () => {
  it('refuses its eleventh wrong check in a minute without trying it, and lets it in again after the minute', async () => {
    const demo = await signedIn();
    const good = 'Guarded@2026pw';
    assert.equal((await demo.post(`${BASE}/user/password`, { password: good })).status, 200);
    server.clock.advance(10_000);
    const guesser = '203.0.113.7';
    for (let i = 0; i < 10; i++)
      assert.equal((await verify('demo', `Guess${i}@2026`, guesser)).status, 401, `guess ${i}`);

    // Even the right password is not checked now: a lucky guess would learn nothing.
    const blocked = await verify('demo', good, guesser);
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.code, 'too_many_requests');
    assert.equal(blocked.body.retry_after, 60);
    assert.equal(blocked.retryAfter, '60');
    // A package client sends no language: the message is in the flavour's default, Chinese.
    assert.equal(blocked.body.message, '请求过于频繁，请 60 秒后重试');
    assert.equal(blocked.challenge, null, 'no Basic challenge: trying another password will not help');
    server.clock.advance(45_000);
    const later = await verify('nobody', 'Other@2026pw', guesser);
    assert.equal(later.status, 429, 'other usernames are blocked too');
    assert.equal(later.body.retry_after, 15);

    // Another client is not held up by the guesser.
    const neighbour = '203.0.113.8';
    assert.equal((await verify('demo', good, neighbour)).status, 200);
    assert.equal((await verify('demo', 'Wrong@2026pw', neighbour)).status, 401);

    server.clock.advance(15_000);
    assert.equal((await verify('demo', good, guesser)).status, 200, 'a new minute, a new allowance');
  });

  it('counts a burst of parallel guesses too, trying only ten of them', async () => {
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) => verify('demo', `Burst${i}@2026`, '203.0.113.40')),
    );
    const statuses = burst.map((b) => b.status).sort();
    assert.deepEqual(statuses, [...Array(10).fill(401), ...Array(15).fill(429)]);
  });

  it('never slows down a client whose checks succeed', async () => {
    const demo = await signedIn();
    const good = 'Busy@2026pipeline';
    await demo.post(`${BASE}/user/password`, { password: good });
    server.clock.advance(10_000);
    const ci = '203.0.113.20';
    for (let i = 0; i < 15; i++) assert.equal((await verify('demo', good, ci)).status, 200, `check ${i}`);
    // Successes do not clear the count either, or a guesser could mix in their own credential.
    for (let i = 0; i < 10; i++) {
      assert.equal((await verify('demo', `Guess${i}@2026`, ci)).status, 401);
      assert.equal((await verify('demo', good, ci)).status, i < 9 ? 200 : 429, `success after guess ${i}`);
    }
  });

  it('forgets finished minutes once a client starts a new one', async () => {
    server.clock.advance(60_000);
    assert.equal((await verify('demo', 'Wrong@2026pw', '203.0.113.30')).status, 401);
    const counters = await server.database.db
      .selectFrom('request_counters')
      .select('key')
      .where('key', 'like', 'packages:verify:%')
      .execute();
    assert.deepEqual(
      counters.map((c) => c.key),
      ['packages:verify:203.0.113.30'],
    );
  });
});
