import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { createApp } from '../../server/app';
import { findUserByLogin } from '../../server/repos/users';

const server = useTestServer();

/** A signed-in browser whose interface language is English (the §4 cookie wins over the
 * demo user's saved Chinese). */
async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

describe('CSRF protection', () => {
  it('refuses a cookie-authenticated change without the X-CSRF-Token header', async () => {
    const browser = await signedIn();
    const answer = await browser.put('/users/ajax/v1/my/preferences', { language: 'en_US' }, { csrf: false });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.code, 'csrf_invalid');
  });

  it('refuses a change with a wrong or outdated token', async () => {
    const browser = await signedIn();
    const wrong = await browser.put(
      '/users/ajax/v1/my/preferences',
      { language: 'en_US' },
      {
        headers: { 'x-csrf-token': 'not-the-token' },
      },
    );
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.code, 'csrf_invalid');
    const settings = new Client(server.url);
    await settings.pageSettings();
    const old = await browser.put(
      '/users/ajax/v1/my/preferences',
      { language: 'en_US' },
      {
        headers: { 'x-csrf-token': settings.csrfToken },
      },
    );
    assert.equal(old.status, 403, "another session's token does not fit");
  });

  it('refuses sign-in without a pre-session, and with a wrong token', async () => {
    const bare = await fetch(`${server.url}/users/ajax/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo@2026' }),
    });
    assert.equal(bare.status, 403);
    assert.equal(((await bare.json()) as { code: string }).code, 'csrf_invalid');
    const browser = new Client(server.url);
    await browser.pageSettings();
    const wrong = await browser.post(
      '/users/ajax/login',
      { username: 'demo', password: 'Demo@2026' },
      {
        headers: { 'x-csrf-token': 'guess' },
      },
    );
    assert.equal(wrong.status, 403);
  });

  it('lets reads through without a token', async () => {
    const browser = await signedIn();
    assert.equal((await browser.get('/users/ajax/v1/my/preferences')).status, 200);
  });

  it('skips the check for bearer-authenticated calls (the hook the Tokens issue fills)', async () => {
    const user = (await findUserByLogin(server.deps.db, 'alice'))!;
    const app = createApp({
      ...server.deps,
      bearer: async (token) =>
        token === 'pt-test' ? { via: 'bearer', user, scopes: ['codeup:ssh-key:write'], tokenId: 't1' } : null,
    });
    // No CSRF header: the token's call gets as far as validating its (empty) body.
    const put = (auth: string) =>
      app.request('/codeup/api/v3/user/keys', {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({}),
      });
    const answer = await put('Bearer pt-test');
    assert.equal(answer.status, 400);
    assert.equal(((await answer.json()) as { code: string }).code, 'invalid_request');
    assert.equal((await put('Bearer wrong')).status, 401);
  });
});

describe('unauthenticated calls', () => {
  for (const [method, path] of [
    ['GET', '/individual/proxy/me'],
    ['GET', '/users/ajax/v1/my/preferences'],
    ['PUT', '/users/ajax/v1/my/preferences'],
    ['PUT', '/api/ajax/teambition/api/users/language'],
    ['GET', '/api/members/list?userIds=u_1'],
  ] as const) {
    it(`${method} ${path} → 401 unauthenticated`, async () => {
      const body = method === 'PUT' ? { json: { language: 'en_US' } } : {};
      const answer = await new Client(server.url).request(method, path, body);
      assert.equal(answer.status, 401);
      assert.equal(answer.body.code, 'unauthenticated');
      assert.equal(answer.body.requestId, answer.headers.get('x-request-id'));
    });
  }
});

describe('request errors', () => {
  it('answers malformed JSON with 400 malformed_json', async () => {
    const browser = await signedIn();
    const answer = await browser.request('PUT', '/users/ajax/v1/my/preferences', {
      body: '{"language": "en_US"',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'malformed_json');
    assert.equal(answer.body.message, 'The request body is not valid JSON');
  });

  it('answers an oversized body with 413, over the request limit or over the JSON limit', async () => {
    const browser = await signedIn();
    const big = JSON.stringify({ language: 'en_US', pad: 'x'.repeat(2 * 1024 * 1024) });
    const announced = await browser.request('PUT', '/users/ajax/v1/my/preferences', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(announced.status, 413);
    assert.equal(announced.body.code, 'payload_too_large');
    const json = JSON.stringify({ language: 'en_US', pad: 'x'.repeat(100 * 1024) });
    const overJsonLimit = await browser.request('PUT', '/users/ajax/v1/my/preferences', {
      body: json,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(overJsonLimit.status, 413);
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const answer = await new Client(server.url).get('/users/ajax/v1/no-such-thing', {
      headers: { 'accept-language': 'en' },
    });
    assert.equal(answer.status, 404);
    assert.deepEqual(Object.keys(answer.body).sort(), ['code', 'message', 'requestId']);
    assert.equal(answer.body.code, 'not_found');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  });

  it('names the field that failed validation', async () => {
    const browser = await signedIn();
    const answer = await browser.put(
      '/users/ajax/v1/my/preferences',
      { language: 'fr_FR' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'invalid_request');
    assert.equal(answer.body.field, 'language');
    assert.equal(answer.body.message, 'This language is not supported');
  });

  it('keeps a sane inbound x-request-id and puts one on every answer', async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'proxy-req-12345' } });
    assert.equal(kept.headers.get('x-request-id'), 'proxy-req-12345');
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id\twith tab' } });
    assert.match(replaced.headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
  });

  it('answers an unexpected fault with 500 and the request id, and logs its stack', async () => {
    const browser = await signedIn();
    await sql`alter table memberships rename to memberships_away`.execute(server.deps.db);
    try {
      const answer = await browser.get('/users/ajax/v1/page-settings', { headers: { 'accept-language': 'en' } });
      assert.equal(answer.status, 500);
      assert.equal(answer.body.code, 'internal_error');
      assert.equal(answer.body.message, 'System exception, please try again');
      assert.equal(answer.body.requestId, answer.headers.get('x-request-id'));
      const logged = server.logs
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'unexpected error' && l.requestId === answer.body.requestId);
      assert.ok(logged, 'the fault is logged under its request id');
      assert.match(logged.error.stack, /memberships/);
    } finally {
      await sql`alter table memberships_away rename to memberships`.execute(server.deps.db);
    }
  });
});
