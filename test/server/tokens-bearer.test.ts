import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { inDays, tokenCount } from './helpers/tokens';
import { createApp } from '../../server/app';
import * as tokensRepo from '../../server/repos/tokens';
import { bearerAuthenticator, requireScope } from '../../server/tokens/bearer';

const server = useTestServer();

async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

/** Creates a token through the API as a signed-in user would; returns its value and id. */
async function createToken(scopes: string[], days = 30, browser?: Client) {
  const owner = browser ?? (await signedIn());
  const answer = await owner.post('/users/ajax/v1/my/tokens', {
    name: `bearer ${scopes.join(' ')}`,
    expires_at: inDays(server, days),
    token_scopes: scopes,
    created_at: server.clock.now().toISOString(),
  });
  assert.equal(answer.status, 201);
  return { token: answer.body.token as string, id: answer.body.token_id as string };
}

function withBearer(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...init.headers } };
}

async function me(token: string) {
  const res = await fetch(`${server.url}/individual/proxy/me`, withBearer(token));
  return { status: res.status, body: (await res.json()) as any };
}

/** Flips one character of the random part: the checksum no longer fits. */
function tamper(token: string): string {
  const i = 10;
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

describe('calling the API with a token', () => {
  it('authenticates GET /individual/proxy/me as the owner, ignoring any cookie', async () => {
    const { token } = await createToken(['user:profile:read']);
    const alice = await signedIn('alice', 'Alice@2026');
    const res = await fetch(
      `${server.url}/individual/proxy/me`,
      withBearer(token, { headers: { cookie: alice.cookieHeader } }),
    );
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { username: string }).username, 'demo');
  });

  it('works with any scope for the current user', async () => {
    const { token } = await createToken(['flow:pipeline:read']);
    assert.equal((await me(token)).status, 200);
  });

  it('stops working once the token expires', async () => {
    const { token } = await createToken(['user'], 1);
    assert.equal((await me(token)).status, 200);
    server.clock.advance(2 * 86_400_000);
    const answer = await me(token);
    assert.equal(answer.status, 401);
    assert.equal(answer.body.code, 'unauthenticated');
  });

  it('stops working once the token is deleted', async () => {
    const demo = await signedIn();
    const { token, id } = await createToken(['user'], 30, demo);
    assert.equal((await demo.request('DELETE', `/users/ajax/v1/my/tokens/${id}`)).status, 200);
    assert.equal((await me(token)).status, 401);
  });

  it('refuses malformed and tampered values', async () => {
    const { token } = await createToken(['user']);
    for (const bad of [
      tamper(token),
      token.slice(0, -1),
      `${token}x`,
      'yxp_short',
      'not a token',
      token.replace('yxp_', 'ghp_'),
    ]) {
      assert.equal((await me(bad)).status, 401, bad);
    }
  });

  it('refuses a bad checksum before any database lookup', async () => {
    const { token } = await createToken(['user']);
    const calls: string[] = [];
    const counting: typeof tokensRepo = {
      ...tokensRepo,
      findLiveTokenByDigest: (...args) => {
        calls.push('find');
        return tokensRepo.findLiveTokenByDigest(...args);
      },
    };
    const authenticate = bearerAuthenticator({ db: server.database.db, clock: server.clock }, counting);
    assert.equal(await authenticate(tamper(token)), null);
    assert.equal(await authenticate('yxp_' + 'A'.repeat(49)), null);
    assert.deepEqual(calls, [], 'no lookup for a value whose checksum fails');
    assert.equal((await authenticate(token))?.user.username, 'demo');
    assert.deepEqual(calls, ['find']);
  });

  it('cannot manage tokens: listing, creating, editing and deleting are 403', async () => {
    const { token, id } = await createToken(['user', 'codeup']);
    const before = await tokenCount(server);
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ name: 'minted', expires_at: inDays(server, 3), token_scopes: ['user'] });
    const attempts: Array<[string, string, string?]> = [
      ['POST', '/users/ajax/v1/my/tokens', body],
      ['POST', '/users/ajax/v1/tokens', body],
      ['POST', '/users/ajax/v1/my/tokens:search', '{}'],
      ['PUT', `/users/ajax/v1/my/tokens/${id}`, body],
      ['DELETE', `/users/ajax/v1/my/tokens/${id}`],
      ['GET', '/users/ajax/v1/tokens:permissions'],
    ];
    for (const [method, path, payload] of attempts) {
      const res = await fetch(server.url + path, withBearer(token, { method, headers: json, body: payload ?? null }));
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(((await res.json()) as { code: string }).code, 'session_required');
    }
    assert.equal(await tokenCount(server), before);
    assert.equal((await me(token)).status, 200, 'the token still works');
  });
});

describe('scopes of app routes', () => {
  /** The real app plus one test-only route guarded like the SSH keys route will be. */
  function appWithScopedRoutes() {
    const app = createApp(server.deps);
    app.get('/codeup/test-only/keys', requireScope('codeup:ssh-key', 'read'), (c) => c.json({ ok: true }));
    app.post('/codeup/test-only/keys', requireScope('codeup:ssh-key', 'write'), (c) => c.json({ ok: true }));
    app.get('/codeup/test-only/anything', requireScope('codeup', 'read'), (c) => c.json({ ok: true }));
    return app;
  }

  it('lets a token with the scope through, write implying read', async () => {
    const app = appWithScopedRoutes();
    const { token: reader } = await createToken(['codeup:ssh-key:read']);
    const { token: writer } = await createToken(['codeup:ssh-key:write']);
    assert.equal((await app.request('/codeup/test-only/keys', withBearer(reader))).status, 200);
    assert.equal((await app.request('/codeup/test-only/keys', withBearer(writer))).status, 200);
    assert.equal((await app.request('/codeup/test-only/keys', withBearer(writer, { method: 'POST' }))).status, 200);
    assert.equal((await app.request('/codeup/test-only/anything', withBearer(reader))).status, 200);
  });

  it('answers 403 insufficient_scope without it', async () => {
    const app = appWithScopedRoutes();
    const { token: reader } = await createToken(['codeup:ssh-key:read']);
    const { token: other } = await createToken(['projex', 'codeup:repository:read']);
    const write = await app.request('/codeup/test-only/keys', withBearer(reader, { method: 'POST' }));
    assert.equal(write.status, 403);
    assert.equal(((await write.json()) as { code: string }).code, 'insufficient_scope');
    assert.equal((await app.request('/codeup/test-only/keys', withBearer(other))).status, 403);
  });

  it('leaves signed-in browsers to the route, and refuses anonymous callers', async () => {
    const app = appWithScopedRoutes();
    const demo = await signedIn();
    assert.equal((await app.request('/codeup/test-only/keys', { headers: { cookie: demo.cookieHeader } })).status, 200);
    assert.equal((await app.request('/codeup/test-only/keys')).status, 401);
  });

  it('refuses to guard a route with a key that is not an app or resource', () => {
    assert.throws(() => requireScope('codeup:ssh-key:read', 'read'));
    assert.throws(() => requireScope('gitlab', 'read'));
  });
});

describe('last use', () => {
  async function lastUsed(id: string): Promise<string | null> {
    const demo = await signedIn();
    const page = await demo.post('/users/ajax/v1/my/tokens:search', {
      pagination: { current_page: 1, page_size: 100 },
    });
    return page.body.access_tokens.find((t: { token_id: string }) => t.token_id === id).last_used_at;
  }

  it('is recorded at most once a minute', async () => {
    const { token, id } = await createToken(['user']);
    assert.equal(await lastUsed(id), null);
    const first = server.clock.now().toISOString();
    await me(token);
    assert.equal(await lastUsed(id), first);
    server.clock.advance(30_000);
    await me(token);
    assert.equal(await lastUsed(id), first, 'not again within the minute');
    server.clock.advance(31_000);
    const later = server.clock.now().toISOString();
    await me(token);
    assert.equal(await lastUsed(id), later);
  });
});

describe('secrecy of the value', () => {
  it('never logs it, through creation and bearer calls', async () => {
    server.logs.length = 0;
    const { token } = await createToken(['user']);
    await me(token);
    await me(tamper(token));
    assert.ok(server.logs.length >= 3);
    assert.equal(server.logs.filter((line) => line.includes(token.slice(4, 20))).length, 0);
  });
});
