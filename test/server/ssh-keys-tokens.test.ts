import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';

const KEYS = '/uiless/proxy/codeup/api/v3/user/keys';

const server = useTestServer();
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'yx-ssh-tokens-'));
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
});

function keygen(name: string) {
  const path = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', path]);
  return { pub: readFileSync(`${path}.pub`, 'utf8').trim(), path };
}

async function signedIn(username = 'demo', password = 'Demo@2026') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', 'en_US');
  return browser;
}

describe('given a personal access token', () => {
  /** A client calling with a new token of demo's, created as the signed-in user would. */
  async function bearer(scopes: string[]) {
    const demo = await signedIn();
    const answer = await demo.post('/users/ajax/v1/my/tokens', {
      name: `ssh ${scopes.join(' ')}`,
      expires_at: new Date(server.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      token_scopes: scopes,
    });
    assert.equal(answer.status, 201);
    const api = new Client(server.url);
    const headers = { authorization: `Bearer ${answer.body.token as string}`, 'accept-language': 'en' };
    return {
      get: (path: string) => api.get(path, { headers }),
      post: (path: string, json: unknown) => api.post(path, json, { headers }),
      delete: (path: string) => api.request('DELETE', path, { headers }),
    };
  }

  const BARE = '/codeup/api/v3/user/keys';

  it('lists keys with a read scope but cannot add one', async () => {
    const api = await bearer(['codeup:ssh-key:read']);
    const listed = await api.get(BARE);
    assert.equal(listed.status, 200);
    assert.ok(Array.isArray(listed.body));
    const added = await api.post(BARE, { title: 'token', key: keygen('token-read').pub, scope: 'all' });
    assert.equal(added.status, 403);
    assert.equal(added.body.code, 'insufficient_scope');
  });

  it('adds and deletes keys with a write scope', async () => {
    const api = await bearer(['codeup:ssh-key:write']);
    const added = await api.post(BARE, { title: 'ci', key: keygen('token-write').pub, scope: 'read' });
    assert.equal(added.status, 201);
    assert.equal((await api.delete(`${BARE}/${added.body.id}`)).status, 200);
  });

  it('is refused without a code-hosting scope, on either prefix', async () => {
    const api = await bearer(['projex:work-item:read']);
    for (const path of [BARE, KEYS]) {
      const listed = await api.get(path);
      assert.equal(listed.status, 403);
      assert.equal(listed.body.code, 'insufficient_scope');
    }
    assert.equal((await (await bearer(['codeup:ssh-key:read'])).get(KEYS)).status, 200);
  });
});
