import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { passwordSchema, validate } from '../../src/core/validation/rules';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';

const BASE = '/uiless/proxy/package/api/external/users';

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

async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

/** What a package client does: the registry check with HTTP Basic. */
async function verify(username: string, password: string) {
  const basic = Buffer.from(`${username}:${password}`).toString('base64');
  const res = await fetch(`${server.url}${BASE}/verify`, { headers: { authorization: `Basic ${basic}` } });
  return { status: res.status, challenge: res.headers.get('www-authenticate'), body: (await res.json()) as any };
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
    assert.deepEqual(info.body, { username: 'alice' });
    assert.deepEqual((await alice.get(`${BASE}/userInfo`)).body, { username: 'alice' });
    const rows = await credentialRows(me.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.password_hash, null);
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
    assert.deepEqual((await api.get(`${BASE}/userInfo`, { headers })).body, { username: 'demo' });
    const change = await api.post(`${BASE}/user/password`, undefined, { headers });
    assert.equal(change.status, 403);
    assert.equal(change.body.code, 'session_required');
    const other = await api.get(`${BASE}/userInfo`, { headers: await bearerHeaders(['codeup:ssh-key:read']) });
    assert.equal(other.status, 403);
    assert.equal(other.body.code, 'insufficient_scope');
  });
});
