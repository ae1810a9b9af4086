/**
 * `GET /individual/proxy/me` with a personal access token: whether the account has a password is
 * profile data, like the email address, so a token without the personal profile scope is told
 * who the owner is (a whoami) but not that. A signed-in browser, and a token with the scope, read
 * it as before.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { inDays } from './helpers/tokens';

let database: TestDatabase;
let server: TestServer;
let demo: Client;

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  demo = new Client(server.url);
  assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
});
after(async () => {
  await server.close();
  await database.dispose();
});

/** Creates a token of demo's through the API, as the tokens page would. */
async function createToken(scopes: string[]): Promise<string> {
  const answer = await demo.post('/users/ajax/v1/my/tokens', {
    name: `has_password ${scopes.join(' ')}`,
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
  it('says who the owner is but not whether the account has a password', async () => {
    const token = await createToken(['projex:sprint:read']);
    for (const query of ['', '?with_email_info=0']) {
      const answer = await me(token, query);
      assert.equal(answer.status, 200, query);
      assert.equal(answer.body.username, 'demo');
      assert.equal(typeof answer.body.id, 'string');
      assert.equal(typeof answer.body.language, 'string');
      assert.equal('has_password' in answer.body, false, query);
    }
  });
});

describe('given a token with the personal profile scope', () => {
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
  it('tells whether the account has a password, as the profile page needs', async () => {
    for (const query of ['', '?with_email_info=1']) {
      const answer = await demo.get(`/individual/proxy/me${query}`);
      assert.equal(answer.status, 200, query);
      assert.equal(answer.body.has_password, true, query);
    }
  });
});
