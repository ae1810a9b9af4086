/**
 * Where the server sends a browser after sign-in through a provider and after sign-out: never to
 * another site, whatever `next_url` says. A target that resolves on this origin but whose path
 * begins with two slashes (`/..//evil.example`) is the trap: the path alone, written into a
 * Location, is a protocol-relative link to another host.
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
import { sameOriginTarget } from '../../server/routes/auth';
import { safeNextUrl } from '../../server/login/sso';

const LOGIN = '/users/ajax/v1/login';
const ORIGIN = 'http://127.0.0.1:8080';

/** `next_url` values that resolve on this origin to a path beginning with `//` (or worse). */
const hostile = (origin: string) => [
  '/..//evil.example/x',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2e//evil.example',
  '/.%2e//evil.example',
  '/x/../..//evil.example',
  '/..\\/evil.example',
  '/./\\evil.example',
  '..//evil.example',
  './/evil.example',
  `${origin}//evil.example/x`,
  `${origin}/..//evil.example`,
  `${origin}/%2e%2e//evil.example`,
];

/** Whether a Location a browser follows from a page of `origin` stays on it. */
const staysOn = (location: string, origin: string) => new URL(location, `${origin}/users/ajax/x`).origin === origin;

describe('sameOriginTarget', () => {
  for (const next of hostile(ORIGIN)) {
    it(`drops ${JSON.stringify(next)}, whose path would leave the site`, () => {
      assert.equal(sameOriginTarget(next, ORIGIN), undefined);
      assert.equal(safeNextUrl(next, ORIGIN), undefined);
    });
  }

  it('keeps paths that only contain a double slash further on', () => {
    assert.equal(sameOriginTarget('/users//settings', ORIGIN), '/users//settings');
    assert.equal(sameOriginTarget('/users/../a?b=//c#//d', ORIGIN), '/a?b=//c#//d');
    assert.equal(sameOriginTarget('/%2e%2e/users', ORIGIN), '/users');
    assert.equal(sameOriginTarget('/%2F%2Fevil.example', ORIGIN), '/%2F%2Fevil.example');
  });
});

let database: TestDatabase;
let server: TestServer;
let provider: TestOidcProvider;

before(async () => {
  provider = await startOidcProvider();
  database = await createTestDatabase();
  const { issuer, clientId, clientSecret } = provider;
  server = await startTestServer(database, { config: { oidc: { dingtalk: { issuer, clientId, clientSecret } } } });
  await provider.configure([`${server.url}${LOGIN}/dingtalk/callback`]);
  const db = server.deps.db;
  const demo = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  await db
    .insertInto('identities')
    .values({ provider: 'dingtalk', open_id: 'dt-demo', user_id: demo.id, name: 'Demo', bound_at: server.clock.now() })
    .execute();
});
after(async () => {
  await server.close();
  await database.dispose();
  await provider.close();
});

/**
 * Starts at `authorize`, signs demo in at the provider, and returns where the callback sends the
 * browser. `meanwhile` runs between the two, while the flow's row waits.
 */
async function signInVia(browser: Client, query: string, meanwhile?: () => Promise<void>) {
  provider.account = { sub: 'dt-demo', name: 'Demo' };
  const start = await browser.get(`${LOGIN}/dingtalk/authorize${query}`);
  assert.equal(start.status, 302, start.text);
  await meanwhile?.();
  const callback = (await followProvider(start.headers.get('location')!, server.url)).slice(server.url.length);
  const done = await browser.get(callback);
  assert.equal(done.status, 302, done.text);
  return done.headers.get('location')!;
}

describe('given a DingTalk account bound to demo', () => {
  it('after signing in, never sends the browser to another site through a double-slash path', async () => {
    for (const next of hostile(server.url)) {
      const browser = new Client(server.url);
      const location = await signInVia(browser, `?next_url=${encodeURIComponent(next)}`);
      assert.equal(location, '/users/#/users/settings/profile', next);
      assert.equal((await browser.get('/individual/proxy/me')).body.username, 'demo', 'signed in all the same');
    }
  });

  it('checks the saved target again when the provider sends the browser back', async () => {
    const browser = new Client(server.url);
    // A flow saved before the check was tightened (they live for 10 minutes) holds such a target.
    const saveUnsafeTarget = async () => {
      await server.deps.db.updateTable('login_oidc_states').set({ next_url: '//evil.example/x' }).execute();
    };
    const location = await signInVia(browser, `?next_url=${encodeURIComponent('/users/x')}`, saveUnsafeTarget);
    assert.equal(location, '/users/#/users/settings/profile');
  });

  it('answers a hash route with control characters with a redirect, not a server error', async () => {
    const next = '#/users/settings\r\nX-Injected: 1\t\u0000é';
    const location = await signInVia(new Client(server.url), `?next_url=${encodeURIComponent(next)}`);
    assert.equal(location, '/users/#/users/settingsX-Injected:%201%00%C3%A9');
  });

  it('still goes to a same-origin next_url whose path merely contains a double slash', async () => {
    const location = await signInVia(new Client(server.url), `?next_url=${encodeURIComponent('/users/x/..//y?z=1')}`);
    assert.equal(location, '/users//y?z=1');
    assert.ok(staysOn(location, server.url), location);
  });
});

describe('signing out with a next_url', () => {
  it('passes on no target that would leave the site', async () => {
    for (const next of hostile(server.url)) {
      const answer = await new Client(server.url).get(`/users/logout?next_url=${encodeURIComponent(next)}`);
      assert.equal(answer.status, 302);
      assert.equal(answer.headers.get('location'), '/users/#/users/login', next);
    }
  });

  it('passes on a hash route with its control characters dropped or encoded', async () => {
    const next = '#/x\r\ny';
    const answer = await new Client(server.url).get(`/users/logout?next_url=${encodeURIComponent(next)}`);
    assert.equal(answer.headers.get('location'), `/users/#/users/login?nextUrl=${encodeURIComponent('#/xy')}`);
  });

  it('passes on the page address the browser has behind an HTTPS proxy', async () => {
    // TLS ends at the proxy: the server itself is reached over http, the browser is on https.
    const next = `${server.url.replace(/^http:/, 'https:')}/users/#/users/settings/ssh`;
    const answer = await new Client(server.url).get(`/users/logout?next_url=${encodeURIComponent(next)}`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    assert.equal(
      answer.headers.get('location'),
      `/users/#/users/login?nextUrl=${encodeURIComponent('/users/#/users/settings/ssh')}`,
    );
  });

  it('passes on a same-origin path', async () => {
    const answer = await new Client(server.url).get(`/users/logout?next_url=${encodeURIComponent('/users/x?y=1')}`);
    assert.equal(answer.headers.get('location'), `/users/#/users/login?nextUrl=${encodeURIComponent('/users/x?y=1')}`);
  });
});
