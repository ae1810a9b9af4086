/**
 * Signing in through an OpenID Connect provider (issue 7) against a real `oidc-provider`: the
 * provider list, a bound account signing in, the failure variants, and the callback's refusal to
 * redirect anywhere but this origin.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { followProvider, startOidcProvider } from './helpers/oidc';
import type { TestOidcProvider } from './helpers/oidc';

const LOGIN = '/users/ajax/v1/login';

let database: TestDatabase;
let server: TestServer;
let provider: TestOidcProvider;

before(async () => {
  provider = await startOidcProvider();
  database = await createTestDatabase();
  const { issuer, clientId, clientSecret } = provider;
  const client = { issuer, clientId, clientSecret };
  server = await startTestServer(database, { config: { oidc: { dingtalk: client }, sso: { 'wechat-work': client } } });
  await provider.configure([`${server.url}${LOGIN}/dingtalk/callback`, `${server.url}${LOGIN}/wechat-work/callback`]);
  const db = server.deps.db;
  const idOf = async (username: string) =>
    (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const boundAt = server.clock.now();
  await db
    .insertInto('identities')
    .values([
      { provider: 'dingtalk', open_id: 'dt-demo', user_id: await idOf('demo'), name: 'Demo', bound_at: boundAt },
      { provider: 'dingtalk', open_id: 'dt-carol', user_id: await idOf('carol'), name: 'Carol', bound_at: boundAt },
    ])
    .execute();
  // Enterprise WeChat is a sign-in-only provider: schema.ts's binding type does not list it.
  await db
    .insertInto('identities')
    .values({
      provider: 'wechat-work' as 'dingtalk',
      open_id: 'ww-alice',
      user_id: await idOf('alice'),
      name: 'Alice',
      bound_at: boundAt,
    })
    .execute();
});
after(async () => {
  await server.close();
  await database.dispose();
  await provider.close();
});

/** Starts at `authorize`, signs `sub` in at the provider, and returns where the callback sends the browser. */
async function signInVia(browser: Client, id: string, sub: string, query = '') {
  provider.account = { sub, name: sub };
  const start = await browser.get(`${LOGIN}/${id}/authorize${query}`);
  assert.equal(start.status, 302, start.text);
  const location = start.headers.get('location')!;
  assert.ok(location.startsWith(provider.issuer), location);
  const callback = (await followProvider(location, server.url)).slice(server.url.length);
  const done = await browser.get(callback);
  assert.equal(done.status, 302);
  return { location: done.headers.get('location'), callback };
}

describe('the sign-in providers', () => {
  it('lists only the configured providers, with same-origin authorize URLs', async () => {
    const answer = await new Client(server.url).get(`${LOGIN}/providers`, { headers: { 'accept-language': 'en' } });
    assert.deepEqual(answer.body, {
      providers: [
        { id: 'dingtalk', name: 'DingTalk', authorize_url: `${LOGIN}/dingtalk/authorize` },
        { id: 'wechat-work', name: 'Enterprise WeChat', authorize_url: `${LOGIN}/wechat-work/authorize` },
      ],
      ldap: { enabled: false, kinds: [] },
    });
  });

  it('sends an unconfigured provider to the failure page, and refuses a directory mode', async () => {
    const lark = await new Client(server.url).get(`${LOGIN}/lark/authorize`);
    assert.equal(lark.headers.get('location'), '/users/#/login/errors?reason=type-not-supported');
    const browser = new Client(server.url);
    await browser.pageSettings();
    const ldap = await browser.post('/users/ajax/login', { username: 'demo', password: 'Demo@2026', mode: 'ldap' });
    assert.equal(ldap.body.code, 'login_type_not_supported');
  });
});

describe('given a DingTalk account bound to demo', () => {
  it('signs demo in with a new session and goes to the same-origin next_url', async () => {
    const browser = new Client(server.url);
    await browser.pageSettings();
    const preSession = browser.cookies.get('yx_sid');
    const next = encodeURIComponent('#/users/settings/ssh');
    const { location } = await signInVia(browser, 'dingtalk', 'dt-demo', `?next_url=${next}`);
    assert.equal(location, '/users/#/users/settings/ssh');
    assert.notEqual(browser.cookies.get('yx_sid'), preSession, 'the session id is rotated');
    const me = await browser.get('/individual/proxy/me');
    assert.equal(me.body.username, 'demo');
  });

  it('takes the next URL under its other names, nextUrl and nexturl', async () => {
    for (const name of ['nextUrl', 'nexturl']) {
      const query = `?${name}=${encodeURIComponent('#/users/settings/ssh')}`;
      const { location } = await signInVia(new Client(server.url), 'dingtalk', 'dt-demo', query);
      assert.equal(location, '/users/#/users/settings/ssh', name);
    }
  });

  it('never redirects to another origin after sign-in', async () => {
    for (const next of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const browser = new Client(server.url);
      const { location } = await signInVia(browser, 'dingtalk', 'dt-demo', `?next_url=${encodeURIComponent(next)}`);
      assert.equal(location, '/users/#/users/settings/profile', next);
    }
  });

  it('does not sign in twice with one callback, nor in a browser that did not start it', async () => {
    const browser = new Client(server.url);
    const { callback } = await signInVia(browser, 'dingtalk', 'dt-demo');
    const replay = await browser.get(callback);
    assert.equal(replay.headers.get('location'), '/users/#/login/errors?reason=account-info-missing');

    const starter = new Client(server.url);
    provider.account = { sub: 'dt-demo', name: 'Demo' };
    const start = await starter.get(`${LOGIN}/dingtalk/authorize`);
    const stolen = (await followProvider(start.headers.get('location')!, server.url)).slice(server.url.length);
    const victim = new Client(server.url);
    await victim.pageSettings();
    const answer = await victim.get(stolen);
    assert.equal(answer.headers.get('location'), '/users/#/login/errors?reason=account-info-missing');
    assert.equal((await victim.get('/individual/proxy/me')).status, 401);
  });
});

describe('other provider accounts', () => {
  it('sends an unbound account to the failure page with bound-account-not-found', async () => {
    const browser = new Client(server.url);
    const { location } = await signInVia(browser, 'dingtalk', 'dt-stranger');
    assert.equal(location, '/users/#/login/errors?reason=bound-account-not-found');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });

  it('signs a user in through a sign-in-only provider (Enterprise WeChat)', async () => {
    const browser = new Client(server.url);
    const { location } = await signInVia(browser, 'wechat-work', 'ww-alice');
    assert.equal(location, '/users/#/users/settings/profile');
    assert.equal((await browser.get('/individual/proxy/me')).body.username, 'alice');
  });

  it('keeps an account under the risk check to password and emailed code', async () => {
    const browser = new Client(server.url);
    const { location } = await signInVia(browser, 'dingtalk', 'dt-carol');
    assert.equal(location, '/users/#/login/errors?reason=type-not-supported');
    assert.equal((await browser.get('/individual/proxy/me')).status, 401);
  });
});
