/**
 * `GET /individual/proxy/me` with a personal access token: who the owner is, for any scope (a
 * whoami), but the email address and whether the account has a password only with the personal
 * profile scope, like the preferences and the sign-in bindings. A signed-in browser reads them as
 * before.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { inDays } from './helpers/tokens';

let demo: Client;

const server = useTestServer({}, async (running) => {
  demo = new Client(running.url);
  assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
});

/** Creates a token of demo's through the API, as the tokens page would. */
async function createToken(scopes: string[]): Promise<string> {
  const answer = await demo.post('/users/ajax/v1/my/tokens', {
    name: `me ${scopes.join(' ')}`,
    expires_at: inDays(server, 30),
    token_scopes: scopes,
    created_at: server.clock.now().toISOString(),
  });
  assert.equal(answer.status, 201, answer.text);
  return answer.body.token as string;
}

async function me(token: string, query = '') {
  const res = await fetch(`${server.url}/individual/proxy/me${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('given a token scoped only to reading sprints', () => {
  it('refuses to tell the owner’s email address', async () => {
    const token = await createToken(['projex:sprint:read']);
    for (const query of ['?with_email_info=1', '?with_email_info=true']) {
      const answer = await me(token, query);
      assert.equal(answer.status, 403, query);
      assert.equal(answer.body.code, 'insufficient_scope');
      assert.equal(answer.body.email, undefined);
    }
  });

  it('still says who the owner is when the email is not asked for, but not whether they have a password', async () => {
    const token = await createToken(['projex:sprint:read']);
    for (const query of ['', '?with_email_info=0', '?with_email_info=false']) {
      const answer = await me(token, query);
      assert.equal(answer.status, 200, query);
      assert.equal(answer.body.username, 'demo');
      assert.equal(typeof answer.body.id, 'string');
      assert.equal('email' in answer.body, false, query);
      assert.equal('has_password' in answer.body, false, query);
    }
  });
});

describe('given a token with the personal profile scope', () => {
  it('reads the email address, by the leaf or by the whole personal account', async () => {
    for (const scopes of [['user:profile:read'], ['user'], ['projex:sprint:read', 'user:profile:read']]) {
      const answer = await me(await createToken(scopes), '?with_email_info=1');
      assert.equal(answer.status, 200, scopes.join(' '));
      assert.equal(answer.body.username, 'demo');
      assert.equal(typeof answer.body.email?.address, 'string', scopes.join(' '));
    }
  });

  it('tells whether the account has a password, with or without the email', async () => {
    for (const scopes of [['user:profile:read'], ['user']]) {
      const token = await createToken(scopes);
      for (const query of ['', '?with_email_info=1']) {
        const answer = await me(token, query);
        assert.equal(answer.status, 200, `${scopes.join(' ')} ${query}`);
        assert.equal(answer.body.has_password, true, `${scopes.join(' ')} ${query}`);
      }
    }
  });
});

describe('given a signed-in browser', () => {
  it('reads the email address as before', async () => {
    const answer = await demo.get('/individual/proxy/me?with_email_info=1');
    assert.equal(answer.status, 200);
    assert.equal(typeof answer.body.email?.address, 'string');
    assert.equal(typeof answer.body.email?.verified, 'boolean');
  });

  it('tells whether the account has a password, as the profile page needs', async () => {
    for (const query of ['', '?with_email_info=1']) {
      const answer = await demo.get(`/individual/proxy/me${query}`);
      assert.equal(answer.status, 200, query);
      assert.equal(answer.body.has_password, true, query);
    }
  });
});
