/**
 * The access matrix: alice owns a token, an SSH key, a message, an uploaded avatar, a pending
 * email change, a bound sign-in identity and an organization. Every route of the app is either
 * tried against them or listed with the reason it has nothing of hers to reach (a new route that
 * is neither fails the first test). The attackers: mallory (signed in, in none of alice's
 * organizations), mallory's token holding every scope, olga (a member of alice's organization,
 * for what is alice's own rather than the organization's) and a token of alice's holding an
 * unrelated scope. Each attempt is refused with 401/403/404 — or, for calls on "mine" and public
 * flows, answers without telling anything of hers — and alice's data is exactly what it was.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createApp } from '../../server/app';
import { newTokenValue, tokenDigest } from '../../server/tokens/format';
import { ALL_LEAVES } from '../../server/tokens/scope-tree';
import { APPS } from '../../src/core/catalogue';
import { useTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';
import { newEd25519PublicKey } from './helpers/ssh-key';
import { uploadAvatar } from './helpers/avatars';
import { png } from './helpers/profile-images';
import { fingerprint } from './helpers/table-fingerprint';
import type { FingerprintPolicy } from './helpers/table-fingerprint';

/** alice's own ids and secrets, filled in by the set-up. */
const owned = {
  userId: '',
  tokenId: '',
  keyId: '',
  messageId: '',
  orgId: '',
  appId: '',
  /** A token of hers that may only read work items. */
  narrowToken: '',
  /** The name of the avatar she uploaded. */
  avatar: '',
  /** The token of the link mailed to her new, unverified address. */
  emailToken: '',
};
const PENDING_EMAIL = 'alice.new@example.com';

let mallory: Client;
let olga: Client;
/** A token of mallory's with every scope there is. */
let malloryToken = '';

/**
 * Everything of alice's that nobody else may change: her rows in every per-user table and her
 * organization. Left out, with why: `users.tokens_version` and `access_tokens.last_used_at` (her
 * narrow token is used by the last test, which only marks it used), and her sessions' sliding
 * `last_seen_at`/`expires_at`.
 */
function alicePolicy(): FingerprintPolicy {
  const mine = (why: string, omit: string[] = []) => ({ rows: `t.user_id = '${owned.userId}'`, omit, why });
  const org = `t.org_id = '${owned.orgId}'`;
  return {
    users: { rows: `t.id = '${owned.userId}'`, omit: ['tokens_version'], why: 'bumped when a token is marked used' },
    access_tokens: mine('her tokens; last_used_at moves when her narrow token is used', ['last_used_at']),
    sessions: mine('her sessions; they slide when she uses them', ['last_seen_at', 'expires_at']),
    ssh_keys: mine('her keys'),
    messages: mine('her messages'),
    message_events: mine('her message stream'),
    package_credentials: mine('her package password'),
    identities: mine('her bound sign-in accounts'),
    avatars: mine('her uploads'),
    email_tokens: mine('her pending email change'),
    known_devices: mine('her devices'),
    oidc_states: mine('her bindings in flight'),
    stored_objects: { rows: `t.key like '%${owned.avatar}%'`, why: 'the bytes of her avatar' },
    memberships: { rows: org, why: 'her organization’s members' },
    org_apps: { rows: org, why: 'her organization’s apps' },
    organizations: { rows: `t.id = '${owned.orgId}'`, why: 'her organization' },
  };
}

/** One hash of {@link alicePolicy}, with the tables that changed readable in a failure. */
async function aliceData(): Promise<string> {
  return JSON.stringify(await fingerprint(server.deps.db, alicePolicy()));
}

const server = useTestServer({}, async (running: TestServer) => {
  const db = running.deps.db;
  await addUser(running, 'mallory', 'Mallory@2026');
  mallory = new Client(running.url);
  assert.equal((await mallory.login('mallory', 'Mallory@2026')).status, 200);
  const alice = new Client(running.url);
  assert.equal((await alice.login('alice', 'Alice@2026')).status, 200);

  owned.userId = (
    await db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()
  ).id;
  const org = await db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.org_id')
    .select(['organizations.id', 'organizations.name'])
    .where('memberships.user_id', '=', owned.userId)
    .where('memberships.role', '=', 'admin')
    .executeTakeFirstOrThrow();
  owned.orgId = org.id;
  const app = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', owned.orgId).executeTakeFirst();
  owned.appId = app?.app_id ?? 'codeup';
  await addUser(running, 'olga', 'Olga@2026', [[org.name, 'member']]);
  olga = new Client(running.url);
  assert.equal((await olga.login('olga', 'Olga@2026')).status, 200);

  const malloryId = (
    await db.selectFrom('users').select('id').where('username', '=', 'mallory').executeTakeFirstOrThrow()
  ).id;
  malloryToken = newTokenValue();
  const now = running.clock.now();
  await db
    .insertInto('access_tokens')
    .values({
      id: 'pat_mallory_all',
      user_id: malloryId,
      name: 'everything',
      description: null,
      scopes: [...ALL_LEAVES],
      token_hash: tokenDigest(malloryToken),
      created_at: now,
      expires_at: new Date(now.getTime() + 30 * 86_400_000),
    })
    .execute();

  const token = await alice.post('/users/ajax/v1/tokens', {
    name: 'deploy',
    token_scopes: ['codeup:repository:read'],
    expires_at: inDays(running, 30),
  });
  assert.equal(token.status, 201, token.text);
  owned.tokenId = token.body.token_id;
  const narrow = await alice.post('/users/ajax/v1/tokens', {
    name: 'work items only',
    token_scopes: ['projex:work-item:read'],
    expires_at: inDays(running, 30),
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

  const upload = await uploadAvatar(alice, png(64, 64));
  assert.equal(upload.status, 201, upload.text);
  owned.avatar = String(upload.body.name ?? upload.body.url ?? '')
    .split('/')
    .pop()!;
  assert.ok(owned.avatar, upload.text);

  const rebind = await alice.post('/users/ajax/v1/my/emails:rebind', { email: PENDING_EMAIL });
  assert.ok(rebind.status < 300, rebind.text);
  const mail = await db.selectFrom('outbox').select('text').where('to', '=', PENDING_EMAIL).executeTakeFirstOrThrow();
  owned.emailToken = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
  assert.ok(owned.emailToken, mail.text);

  await db
    .insertInto('identities')
    .values({ provider: 'dingtalk', open_id: 'alice-open-id', user_id: owned.userId, name: 'Alice', bound_at: now })
    .execute();
});

/**
 * What an attempt may answer: `refused` (401/403/404); `mine` (a call on the caller's own things,
 * or a public flow: any non-5xx answer, as long as it tells nothing of alice's).
 */
type Expect = 'refused' | 'mine';
/** `user`: alice's own thing — olga, her colleague, must be refused too. `org`: her organization's,
 * which olga may legitimately see, so only outsiders try it. */
type Scope = 'user' | 'org';
interface Attempt {
  method: string;
  path: string;
  body?: unknown;
}
interface Tried {
  expect: Expect;
  scope: Scope;
  tries: () => Attempt[];
  /** For `refused`: other statuses that are a refusal here (with the reason in the entry's comment). */
  also?: number[];
}

const inbox = '/users/ajax/v1/notifications/inbox/messages';
const keys = ['/codeup/api/v3/user/keys', '/uiless/proxy/codeup/api/v3/user/keys'];
/** A body that would pass validation, so only ownership can refuse it. */
const stolenToken = () => ({
  name: 'stolen',
  token_scopes: ['codeup:repository:read'],
  expires_at: inDays(server, 10),
  user_id: owned.userId,
});
const one = (method: string, path: string, body?: unknown) => () => [{ method, path, body }];
const user = (expect: Expect, tries: () => Attempt[]): Tried => ({ expect, scope: 'user', tries });
const org = (tries: () => Attempt[]): Tried => ({ expect: 'refused', scope: 'org', tries });

/**
 * Every route: how it is tried against alice, or (a string) why it has nothing of hers to reach.
 * Keyed by `METHOD path` exactly as the app registers it. Built after the set-up, when her ids
 * are known.
 */
function matrix(): Record<string, Tried | string> {
  return {
    'GET /healthz': 'health check; no account data',
    'GET /users/dev/outbox':
      'demo seed and this machine only, by design (system.ts); answers no request from elsewhere',
    'GET /users/dev/fail': 'a deliberate 500 for the tracker demo; no data',
    'GET /users/dev/tracking': 'demo seed and this machine only (the usage events, no account data)',
    'GET /users/ajax/v1/page-settings': 'the settings of the caller’s own page and session',
    'GET /users/logout': 'ends the caller’s own session',
    'GET /users/ajax/v1/login/providers': 'the public list of sign-in providers',
    'POST /users/ajax/login': 'signing in with a password: wrong passwords and freezing are login-risk tests',
    'GET /users/ajax/v1/tokens:scopes': 'the static scope tree',
    'GET /uiless/apps/:appId': 'the public app catalogue',
    'POST /uiless/api/apps:search': 'the public app catalogue',
    'GET /uiless/api/helpLink/:id': 'static help links',
    'POST /tracking/logs': 'stores the caller’s own usage events; tracking tests',
    'GET /users/ajax/v1/notifications/inbox/messages/stream': 'an endless stream of the caller’s own messages',
    'POST /individual/proxy/my/email:verify':
      'the mailed token is the credential and works in any browser by design ' +
      '(profile-email.test.ts "verifies in another browser"); whoever holds it may verify that address',
    'GET /': 'the built page',
    'GET /users': 'the built page',
    'GET /users/': 'the built page',
    ...Object.fromEntries(
      APPS.flatMap((a) => [`GET /${a.id}`, `GET /${a.id}/`]).map((r) => [r, 'a product’s static home page']),
    ),

    // Public flows on alice's login name: any answer, but her account stays as it was.
    'POST /users/ajax/users/:username/sliderCaptcha': user(
      'mine',
      one('POST', '/users/ajax/users/alice/sliderCaptcha'),
    ),
    'POST /users/ajax/users/:username/sliderCaptcha:verify': user(
      'mine',
      one('POST', '/users/ajax/users/alice/sliderCaptcha:verify', { challenge_id: 'x', trail: [] }),
    ),
    'GET /users/ajax/users/:username/check': user('mine', one('GET', '/users/ajax/users/alice/check')),
    'POST /users/ajax/users/:username/emailCaptcha': user('mine', one('POST', '/users/ajax/users/alice/emailCaptcha')),
    'POST /users/ajax/users/:username/emailCaptcha:verify': user(
      'mine',
      one('POST', '/users/ajax/users/alice/emailCaptcha:verify', { code: '123456' }),
    ),
    'PUT /users/ajax/users/:username/password:reset': user(
      'mine',
      one('PUT', '/users/ajax/users/alice/password:reset', { new_password: 'Stolen@2026x' }),
    ),
    'POST /users/ajax/users/:username/password:retrieve': user(
      'mine',
      one('POST', '/users/ajax/users/alice/password:retrieve', { new_password: 'Stolen@2026x' }),
    ),
    'GET /users/ajax/v1/login/:provider/authorize': user(
      'mine',
      one('GET', '/users/ajax/v1/login/dingtalk/authorize?nextUrl=/users/'),
    ),
    'GET /users/ajax/v1/login/:provider/callback': user(
      'mine',
      one('GET', '/users/ajax/v1/login/dingtalk/callback?code=alice-open-id&state=x'),
    ),
    'GET /users/ajax/v1/my/identities/:provider/callback': user(
      'mine',
      one('GET', '/users/ajax/v1/my/identities/dingtalk/callback?code=alice-open-id&state=x'),
    ),
    'GET /uiless/proxy/package/api/external/users/verify': user(
      'mine',
      one('GET', `/uiless/proxy/package/api/external/users/verify?username=alice&user_id=${owned.userId}`),
    ),

    // Calls on "mine", handed alice's ids: they act on the caller only.
    'GET /individual/proxy/me': user('mine', () => [
      { method: 'GET', path: `/individual/proxy/me?with_email_info=true&user_id=${owned.userId}` },
    ]),
    'GET /users/ajax/v1/my/preferences': user('mine', one('GET', '/users/ajax/v1/my/preferences')),
    'PUT /users/ajax/v1/my/preferences': user('mine', () => [
      { method: 'PUT', path: '/users/ajax/v1/my/preferences', body: { user_id: owned.userId, language: 'zh_CN' } },
    ]),
    'PUT /api/ajax/teambition/api/users/language': user('mine', () => [
      {
        method: 'PUT',
        path: '/api/ajax/teambition/api/users/language',
        body: { user_id: owned.userId, language: 'zh_CN' },
      },
    ]),
    // 400 `avatar_not_issued`: the name was not handed to the caller, said as a field error.
    'PUT /individual/proxy/my/avatar': {
      ...user('refused', () => [
        { method: 'PUT', path: '/individual/proxy/my/avatar', body: { avatar: owned.avatar } },
      ]),
      also: [400],
    },
    'PUT /users/ajax/v1/my/password': user('mine', () => [
      {
        method: 'PUT',
        path: '/users/ajax/v1/my/password',
        body: { user_id: owned.userId, old_password: 'Alice@2026', new_password: 'Stolen@2026x' },
      },
    ]),
    'POST /users/ajax/v1/my/emails:bind': user(
      'mine',
      one('POST', '/users/ajax/v1/my/emails:bind', { email: PENDING_EMAIL }),
    ),
    'POST /users/ajax/v1/my/emails:rebind': user(
      'mine',
      one('POST', '/users/ajax/v1/my/emails:rebind', { email: 'alice@example.com' }),
    ),
    'POST /individual/proxy/my/email:unbind': user(
      'mine',
      one('POST', '/individual/proxy/my/email:unbind', { email: 'alice@example.com' }),
    ),
    'POST /objects/ajax/avatars': user('mine', () => [
      { method: 'POST', path: '/objects/ajax/avatars', body: { name: owned.avatar } },
    ]),
    'GET /objects/avatars/:name': user('mine', () => [{ method: 'GET', path: `/objects/avatars/${owned.avatar}` }]),
    'GET /api/members/list': user('mine', () => [{ method: 'GET', path: `/api/members/list?userIds=${owned.userId}` }]),
    'GET /users/ajax/v1/tokens:permissions': user('mine', one('GET', '/users/ajax/v1/tokens:permissions')),
    'POST /users/ajax/v1/my/tokens:search': user('mine', () => [
      {
        method: 'POST',
        path: '/users/ajax/v1/my/tokens:search',
        body: { user_id: owned.userId, page: 1, per_page: 50 },
      },
    ]),
    'POST /users/ajax/v1/tokens:batch': user('mine', () => [
      { method: 'POST', path: '/users/ajax/v1/tokens:batch', body: { token_ids: [owned.tokenId], action: 'delete' } },
    ]),
    'POST /users/ajax/v1/my/tokens': user('mine', () => [
      { method: 'POST', path: '/users/ajax/v1/my/tokens', body: stolenToken() },
    ]),
    'POST /users/ajax/v1/tokens': user('mine', () => [
      { method: 'POST', path: '/users/ajax/v1/tokens', body: stolenToken() },
    ]),
    'PUT /users/ajax/v1/my/tokens/:id': user('refused', () => [
      { method: 'PUT', path: `/users/ajax/v1/my/tokens/${owned.tokenId}`, body: stolenToken() },
    ]),
    'DELETE /users/ajax/v1/my/tokens/:id': user('refused', () => [
      { method: 'DELETE', path: `/users/ajax/v1/my/tokens/${owned.tokenId}` },
    ]),
    'PUT /users/ajax/v1/tokens/:id': user('refused', () => [
      { method: 'PUT', path: `/users/ajax/v1/tokens/${owned.tokenId}`, body: stolenToken() },
    ]),
    'DELETE /users/ajax/v1/tokens/:id': user('refused', () => [
      { method: 'DELETE', path: `/users/ajax/v1/tokens/${owned.tokenId}` },
    ]),
    ...Object.fromEntries(
      keys.flatMap((base) => [
        [`GET ${base}`, user('mine', one('GET', `${base}?user_id=${owned.userId}&page=1&per_page=100`))],
        [
          `POST ${base}`,
          user('mine', () => [
            {
              method: 'POST',
              path: base,
              body: { title: 'x', key: newEd25519PublicKey('m@x'), scope: 'all', user_id: owned.userId },
            },
          ]),
        ],
        [`GET ${base}/:id`, user('refused', () => [{ method: 'GET', path: `${base}/${owned.keyId}` }])],
        [
          `POST ${base}/:id`,
          user('refused', () => [
            { method: 'POST', path: `${base}/${owned.keyId}`, body: { title: 'stolen', scope: 'read' } },
          ]),
        ],
        [`DELETE ${base}/:id`, user('refused', () => [{ method: 'DELETE', path: `${base}/${owned.keyId}` }])],
      ]),
    ),
    'GET /uiless/proxy/package/api/external/users/userInfo': user(
      'mine',
      one('GET', '/uiless/proxy/package/api/external/users/userInfo?username=alice'),
    ),
    'POST /uiless/proxy/package/api/external/users/user/password': user('mine', () => [
      {
        method: 'POST',
        path: '/uiless/proxy/package/api/external/users/user/password',
        body: { user_id: owned.userId, username: 'alice', password: 'Stolen@2026x' },
      },
    ]),
    'GET /individual/proxy/my/identities': user('mine', one('GET', '/individual/proxy/my/identities')),
    'GET /users/ajax/v1/my/identities/providers': user('mine', one('GET', '/users/ajax/v1/my/identities/providers')),
    'GET /users/ajax/v1/my/attributes:bind': user('mine', one('GET', '/users/ajax/v1/my/attributes:bind')),
    'GET /users/ajax/v1/credentials/default': user('mine', one('GET', '/users/ajax/v1/credentials/default')),
    'GET /users/ajax/v1/my/identities/:provider/authorize': user(
      'mine',
      one('GET', '/users/ajax/v1/my/identities/dingtalk/authorize'),
    ),
    'DELETE /users/ajax/v1/my/identities/:provider': user(
      'mine',
      one('DELETE', '/users/ajax/v1/my/identities/dingtalk'),
    ),
    [`POST ${inbox}:list`]: user('mine', one('POST', `${inbox}:list`, { tab: 'all', page_size: 100 })),
    [`POST ${inbox}/unread:countGroupByApp`]: user('mine', one('POST', `${inbox}/unread:countGroupByApp`, {})),
    [`POST ${inbox}/read`]: user('mine', () => [
      { method: 'POST', path: `${inbox}/read`, body: { ids: [owned.messageId] } },
      { method: 'POST', path: `${inbox}/read`, body: { all: true } },
    ]),
    [`POST ${inbox}:batchDelete`]: user('mine', () => [
      { method: 'POST', path: `${inbox}:batchDelete`, body: { ids: [owned.messageId] } },
      { method: 'POST', path: `${inbox}:batchDelete`, body: { read: true } },
    ]),
    [`POST ${inbox}/:id/read`]: user('refused', () => [{ method: 'POST', path: `${inbox}/${owned.messageId}/read` }]),
    [`DELETE ${inbox}/:id`]: user('refused', () => [{ method: 'DELETE', path: `${inbox}/${owned.messageId}` }]),
    'POST /individual/proxy/my/organizations': user('mine', () => [
      {
        method: 'POST',
        path: '/individual/proxy/my/organizations',
        body: { user_id: owned.userId, pagination: { page_size: 50 } },
      },
    ]),

    // Alice's organization: olga, a member, may see it; outsiders may not.
    'PUT /uiless/api/sdk/users/lastWorkspace': org(() => [
      { method: 'PUT', path: '/uiless/api/sdk/users/lastWorkspace', body: { organization_id: owned.orgId } },
    ]),
    'GET /api/organizations/:orgId/members/list': org(() => [
      { method: 'GET', path: `/api/organizations/${owned.orgId}/members/list?userIds=${owned.userId}` },
    ]),
    'GET /uiless/api/organizations/:orgId': org(one('GET', `/uiless/api/organizations/${owned.orgId}`)),
    'GET /uiless/api/organizations/:orgId/appAdmins': org(
      one('GET', `/uiless/api/organizations/${owned.orgId}/appAdmins`),
    ),
    'GET /uiless/api/my/apps': org(one('GET', `/uiless/api/my/apps?organization_id=${owned.orgId}`)),
    'GET /uiless/api/organizations/:orgId/apps/:appId': org(
      one('GET', `/uiless/api/organizations/${owned.orgId}/apps/${owned.appId}`),
    ),
    'GET /uiless/api/organizations/:orgId/apps/:appId/permissions': org(
      one('GET', `/uiless/api/organizations/${owned.orgId}/apps/${owned.appId}/permissions`),
    ),
    'GET /uiless/api/organizations/:orgId/apps/:appId/access': org(
      one('GET', `/uiless/api/organizations/${owned.orgId}/apps/${owned.appId}/access`),
    ),
  };
}

/** Who attacks, how they authenticate, and whether they share alice's organization. */
function attackers(): Array<{ name: string; client: Client; headers: Record<string, string>; colleague: boolean }> {
  return [
    { name: 'mallory', client: mallory, headers: {}, colleague: false },
    // Plain fetches: no cookie, so only the token speaks.
    {
      name: 'mallory’s all-scope token',
      client: new Client(server.url),
      headers: { authorization: `Bearer ${malloryToken}` },
      colleague: false,
    },
    { name: 'olga (her colleague)', client: olga, headers: {}, colleague: true },
  ];
}

/** Routes as the app registers them (middleware entries and the static file catch-all aside). */
function appRoutes(): string[] {
  return [
    ...new Set(
      createApp(server.deps)
        .routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
}

describe('the matrix', () => {
  it('tries every route of the app against alice, or says why it has nothing of hers', () => {
    const known = matrix();
    const routes = appRoutes();
    assert.deepEqual(
      routes.filter((r) => !(r in known)),
      [],
      'routes neither tried nor explained: add them to MATRIX',
    );
    assert.deepEqual(
      Object.keys(known).filter((r) => !routes.includes(r)),
      [],
      'MATRIX names routes the app does not have',
    );
  });
});

describe('other users and their tokens', () => {
  it('are refused on alice’s things, learn nothing of hers from calls on their own, and change nothing', async () => {
    const secrets = [
      owned.tokenId,
      owned.keyId,
      owned.messageId,
      owned.emailToken,
      'alice@example.com',
      PENDING_EMAIL,
      'deploy',
      'laptop',
      'alice-open-id',
    ];
    const problems: string[] = [];
    const said: Record<string, string> = {};
    let tried = 0;
    for (const entry of Object.values(matrix())) {
      if (typeof entry === 'string') continue;
      for (const attacker of attackers()) {
        if (entry.scope === 'org' && attacker.colleague) continue;
        // Outsiders must not learn her name either; a colleague sees it in member lists by design.
        const hidden = attacker.colleague ? secrets : [...secrets, 'Alice Zhang'];
        for (const { method, path, body } of entry.tries()) {
          tried++;
          const before = await aliceData();
          const answer = await attacker.client.request(method, path, {
            headers: attacker.headers,
            ...(body === undefined ? {} : { json: body }),
          });
          const label = `${attacker.name}: ${method} ${path} → ${answer.status}`;
          const after = await aliceData();
          if (after !== before) problems.push(`${label} changed alice's ${changedOf(before, after)}`);
          if (answer.status >= 500) problems.push(`${label} ${answer.text.slice(0, 200)}`);
          else if (entry.expect === 'refused' && ![401, 403, 404, ...(entry.also ?? [])].includes(answer.status))
            problems.push(`${label} was not refused: ${answer.text.slice(0, 200)}`);
          // What the attacker sent (an address bound to their own account, say) is theirs to see again.
          said[attacker.name] = `${said[attacker.name] ?? ''} ${path} ${JSON.stringify(body ?? '')}`;
          for (const secret of hidden) {
            if (answer.text.includes(secret) && !said[attacker.name]!.includes(secret))
              problems.push(`${label} told ${secret}`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(tried > 150, `only ${tried} attempts`);
  });
});

/** The tables of alice's that differ between two {@link aliceData} results. */
function changedOf(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, string>;
  const b = JSON.parse(after) as Record<string, string>;
  return Object.keys(a)
    .filter((t) => a[t] !== b[t])
    .join(', ');
}

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
