/**
 * The access matrix: alice owns a token, an SSH key, a message, an email address and an
 * organization; mallory (another signed-in user, in none of her organizations) and a token of
 * alice's that holds an unrelated scope try every resource route and verb against them. Each
 * attempt is refused with 401/403/404 — or, for batch and list calls, answers only about the
 * caller — and alice's data is byte for byte what it was.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createApp } from '../../server/app';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';
import { newEd25519PublicKey } from './helpers/ssh-key';

let database: TestDatabase;
let server: TestServer;
let alice: Client;
let mallory: Client;
/** alice's own ids, and a token of hers that may only read work items (using it updates only its
 * `last_used_at` and with it her `tokens_version` counter, which the comparison leaves out). */
const owned = { userId: '', tokenId: '', keyId: '', messageId: '', orgId: '', appId: '', narrowToken: '' };

/** Everything of alice's that nobody else may change. */
async function aliceData(): Promise<string> {
  const id = owned.userId;
  const answer = await sql<{ h: string }>`
    select concat_ws(':',
      (select md5((to_jsonb(u) - 'tokens_version')::text) from users u where u.id = ${id}),
      (select md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at')::text, '|' order by t.id), '')) from access_tokens t where t.user_id = ${id}),
      (select md5(coalesce(string_agg(k::text, '|' order by k.id), '')) from ssh_keys k where k.user_id = ${id}),
      (select md5(coalesce(string_agg(m::text, '|' order by m.id), '')) from messages m where m.user_id = ${id}),
      (select md5(coalesce(string_agg(p::text, '|'), '')) from package_credentials p where p.user_id = ${id}),
      (select md5(coalesce(string_agg(i::text, '|'), '')) from identities i where i.user_id = ${id}),
      (select md5(coalesce(string_agg(s::text, '|' order by s.org_id), '')) from memberships s where s.org_id = ${owned.orgId}),
      (select md5(o::text) from organizations o where o.id = ${owned.orgId})
    ) as h`.execute(server.deps.db);
  return String(answer.rows[0]?.h);
}

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  const db = server.deps.db;
  await addUser(server, 'mallory', 'Mallory@2026');
  mallory = new Client(server.url);
  assert.equal((await mallory.login('mallory', 'Mallory@2026')).status, 200);
  alice = new Client(server.url);
  assert.equal((await alice.login('alice', 'Alice@2026')).status, 200);

  owned.userId = (
    await db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()
  ).id;
  const org = await db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.org_id')
    .select('organizations.id')
    .where('memberships.user_id', '=', owned.userId)
    .where('memberships.role', '=', 'admin')
    .executeTakeFirstOrThrow();
  owned.orgId = org.id;
  const app = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', owned.orgId).executeTakeFirst();
  owned.appId = app?.app_id ?? 'codeup';

  const token = await alice.post('/users/ajax/v1/tokens', {
    name: 'deploy',
    token_scopes: ['codeup:repository:read'],
    expires_at: inDays(server, 30),
  });
  assert.equal(token.status, 201, token.text);
  owned.tokenId = token.body.token_id;
  const narrow = await alice.post('/users/ajax/v1/tokens', {
    name: 'work items only',
    token_scopes: ['projex:work-item:read'],
    expires_at: inDays(server, 30),
  });
  assert.equal(narrow.status, 201, narrow.text);
  owned.narrowToken = narrow.body.token;
  assert.match(owned.narrowToken, /^yxp_/);

  const key = await alice.post('/codeup/api/v3/user/keys', {
    title: 'laptop',
    key: newEd25519PublicKey('alice@laptop'),
    scope: 'all',
  });
  assert.equal(key.status, 201, key.text);
  owned.keyId = String(key.body.id);

  const list = await alice.post('/users/ajax/v1/notifications/inbox/messages:list', { tab: 'all', page_size: 10 });
  owned.messageId = list.body.messages[0].id;
  assert.ok(owned.messageId, 'creating a token leaves alice a message');
});
after(async () => {
  await server?.close();
  await database?.dispose();
});

/** Requests on alice's things, with the statuses a stranger may get. */
function attempts(): Array<[string, string, unknown?]> {
  const { tokenId, keyId, messageId, orgId, appId, userId } = owned;
  const inbox = '/users/ajax/v1/notifications/inbox/messages';
  // A body that would pass validation, so only ownership can refuse it.
  const stolenToken = { name: 'stolen', token_scopes: ['codeup:repository:read'], expires_at: inDays(server, 10) };
  return [
    ['PUT', `/users/ajax/v1/tokens/${tokenId}`, stolenToken],
    ['PUT', `/users/ajax/v1/my/tokens/${tokenId}`, stolenToken],
    ['DELETE', `/users/ajax/v1/tokens/${tokenId}`],
    ['DELETE', `/users/ajax/v1/my/tokens/${tokenId}`],
    ['GET', `/codeup/api/v3/user/keys/${keyId}`],
    ['POST', `/codeup/api/v3/user/keys/${keyId}`, { title: 'stolen', scope: 'read' }],
    ['DELETE', `/codeup/api/v3/user/keys/${keyId}`],
    ['GET', `/uiless/proxy/codeup/api/v3/user/keys/${keyId}`],
    ['POST', `/uiless/proxy/codeup/api/v3/user/keys/${keyId}`, { title: 'stolen', scope: 'read' }],
    ['DELETE', `/uiless/proxy/codeup/api/v3/user/keys/${keyId}`],
    ['POST', `${inbox}/${messageId}/read`],
    ['DELETE', `${inbox}/${messageId}`],
    ['GET', `/uiless/api/organizations/${orgId}`],
    ['GET', `/uiless/api/organizations/${orgId}/appAdmins`],
    ['GET', `/uiless/api/organizations/${orgId}/apps/${appId}`],
    ['GET', `/uiless/api/organizations/${orgId}/apps/${appId}/permissions`],
    ['GET', `/api/organizations/${orgId}/members/list?userIds=${userId}`],
    ['PUT', '/uiless/api/sdk/users/lastWorkspace', { organization_id: orgId }],
    ['POST', '/individual/proxy/my/organizations', { user_id: userId, pagination: { page_size: 50 } }],
  ];
}

/** Calls that act on "mine": handed alice's ids, they must touch nothing of hers. */
function batches(): Array<[string, string, unknown?]> {
  const inbox = '/users/ajax/v1/notifications/inbox/messages';
  return [
    ['POST', `${inbox}/read`, { ids: [owned.messageId] }],
    ['POST', `${inbox}:batchDelete`, { ids: [owned.messageId] }],
    ['POST', `${inbox}/read`, { all: true }],
    ['POST', `${inbox}:batchDelete`, { read: true }],
    ['POST', '/users/ajax/v1/tokens:batch', { token_ids: [owned.tokenId], action: 'delete' }],
    ['POST', '/users/ajax/v1/my/tokens:search', { user_id: owned.userId, page: 1, per_page: 50 }],
    ['POST', `${inbox}:list`, { tab: 'all', page_size: 100 }],
    ['GET', '/codeup/api/v3/user/keys'],
    ['POST', '/individual/proxy/my/email:unbind', { email: 'alice@example.com' }],
  ];
}

describe('another signed-in user', () => {
  it('is refused every route on alice’s token, key, message and organization, and changes nothing', async () => {
    for (const [method, path, body] of attempts()) {
      const before = await aliceData();
      const answer = await mallory.request(method, path, body === undefined ? {} : { json: body });
      assert.ok([403, 404].includes(answer.status), `${method} ${path} → ${answer.status} ${answer.text}`);
      assert.equal(await aliceData(), before, `${method} ${path} changed alice's data`);
    }
  });

  it('acting on "my" things with alice’s ids touches nothing of hers and tells nothing about them', async () => {
    const secrets = [owned.tokenId, owned.keyId, owned.messageId, 'alice@example.com', 'deploy', 'laptop'];
    for (const [method, path, body] of batches()) {
      const before = await aliceData();
      const answer = await mallory.request(method, path, body === undefined ? {} : { json: body });
      assert.ok(answer.status < 500, `${method} ${path} → ${answer.status}`);
      for (const secret of secrets) assert.ok(!answer.text.includes(secret), `${method} ${path} told ${secret}`);
      assert.equal(await aliceData(), before, `${method} ${path} changed alice's data`);
    }
  });
});

describe('a token of alice’s without the scope', () => {
  /** Routes any valid token may call: who am I, the app catalogue and help links (no account data). */
  const ANY_TOKEN = new Set([
    'GET /individual/proxy/me',
    'GET /uiless/apps/:appId',
    'GET /uiless/api/helpLink/:id',
    'GET /users/ajax/v1/my/identities/providers',
  ]);
  /** Routes that do not authenticate with a token at all: they answer the same with or without one. */
  const PUBLIC = new Set([
    'GET /healthz',
    'GET /users/ajax/v1/page-settings',
    'GET /users/logout',
    'GET /users/ajax/v1/login/providers',
    'GET /uiless/proxy/package/api/external/users/verify',
    'GET /objects/avatars/:name',
    'POST /tracking/logs',
    // Sign-in with a provider, and the provider's way back: state-checked, no account data.
    'GET /users/ajax/v1/login/:provider/authorize',
    'GET /users/ajax/v1/login/:provider/callback',
    'GET /users/ajax/v1/my/identities/:provider/callback',
  ]);

  it('is refused on every route its scope does not cover, and changes nothing', async () => {
    const routes = [
      ...new Set(
        createApp(server.deps)
          .routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    const ids: Record<string, string> = {
      id: owned.tokenId,
      appId: owned.appId,
      orgId: owned.orgId,
      provider: 'dingtalk',
      username: 'alice',
      name: 'nothing.png',
    };
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const route of routes) {
      const [method = 'GET', template = '/'] = route.split(' ');
      if (
        template.startsWith('/users/dev/') ||
        template === '/' ||
        template.startsWith('/users/ajax/v1/notifications/inbox/messages/stream')
      )
        continue;
      if (
        !template.startsWith('/users/ajax') &&
        !template.startsWith('/uiless') &&
        !template.startsWith('/individual') &&
        !template.startsWith('/codeup/api') &&
        !template.startsWith('/api') &&
        !template.startsWith('/objects')
      )
        continue;
      const path = template.replace(/(?<=\/):([A-Za-z_]+)/g, (_, name: string) => ids[name] ?? 'x');
      const before = await aliceData();
      const answer = await new Client(server.url).request(method, path, {
        headers: { authorization: `Bearer ${owned.narrowToken}` },
        ...(method === 'GET' ? {} : { json: {} }),
      });
      assert.equal(await aliceData(), before, `${route} with a work-item token changed alice's data`);
      if (answer.status === 401 || answer.status === 403) refused.push(route);
      else if (!PUBLIC.has(route)) allowed.push(`${route} → ${answer.status}`);
    }
    const unexpected = allowed.filter((line) => !ANY_TOKEN.has(line.split(' →')[0] ?? ''));
    assert.deepEqual(unexpected, [], 'routes a work-item token reached');
    assert.ok(refused.length > 30, `only ${refused.length} routes refused the token`);
  });
});
