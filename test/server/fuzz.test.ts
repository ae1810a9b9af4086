/**
 * Every route of the server, fed random and hostile input by fast-check: wrong types, huge
 * arrays, deep nesting, control characters, CRLF header tricks in emails, odd content types,
 * hostile path parameters and query strings, and paths that try to climb out of the served build.
 * Each route is called anonymously (or with a bad credential), with alice's browser session and
 * with two valid tokens of hers (every scope, no scope), so scope checks and token bookkeeping
 * are fuzzed past authentication. Whatever arrives, the answer is never a 5xx, never a hang, and
 * a refused request changes nothing in any table beyond the exceptions {@link REFUSAL_POLICY}
 * lists with their reasons.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createApp } from '../../server/app';
import { newTokenValue, tokenDigest } from '../../server/tokens/format';
import { TOUCH_EVERY_MS } from '../../server/tokens/bearer';
import { ALL_LEAVES } from '../../server/tokens/scope-tree';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { rawRequest, RawTimeout } from './helpers/raw-http';
import type { RawAnswer } from './helpers/raw-http';
import { policyGaps, WriteWatch } from './helpers/table-fingerprint';
import type { FingerprintPolicy } from './helpers/table-fingerprint';

/** Runs per route and caller in CI keep the suite quick; a local `YX_FUZZ_RUNS=200` digs deeper. */
const RUNS = Number(process.env.YX_FUZZ_RUNS) || 8;
/** Hostile static paths tried (each a raw request on its own connection). */
const TRAVERSAL_RUNS = RUNS * 25;
/** A request that takes longer than this counts as a hang. */
const HANG_MS = 5000;

/** Routes left out, and why. */
const SKIPPED: Record<string, string> = {
  'GET /users/dev/fail': 'fails on purpose (the tracker demo of a 500)',
  'GET /users/logout': 'ends the session the fuzzer signs in with; covered by auth tests',
  'GET /users/ajax/v1/notifications/inbox/messages/stream': 'an endless event stream; notifications-stream tests',
};

/** Keys the routes read, so random bodies often reach validation of a real field. */
const KEYS = [
  'name',
  'title',
  'key',
  'scope',
  'scopes',
  'expires_at',
  'expire_days',
  'email',
  'token',
  'password',
  'new_password',
  'old_password',
  'ids',
  'all',
  'read',
  'tab',
  'app',
  'page_size',
  'next_token',
  'page',
  'per_page',
  'organization_id',
  'pagination',
  'user_id',
  'code',
  'username',
  'language',
  'avatar',
  'include_expired',
  'search',
  'logs',
  'trail',
  'challenge_id',
  'nextUrl',
  'provider',
  'id',
  'type',
];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\r\nBcc: victim@example.com',
  'demo@example.com\r\nSubject: hi',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '\u202e\u200b\ufeff',
  '😀'.repeat(300),
  'x'.repeat(70_000),
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '2026-02-30T25:61:00Z',
  'ssh-ed25519 AAAA',
  '-----BEGIN OPENSSH PRIVATE KEY-----',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308, 0.5),
);

/** Values of every JSON type, nested a little. */
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('any'), { maxKeys: 4 }),
})).any;

/** JSON nested `depth` levels deep, written out directly (no recursion anywhere on our side). */
function nested(depth: number): string {
  return '{"name":['.repeat(depth) + '1' + ']}'.repeat(depth);
}

/** A request body: JSON objects with the routes' keys, wrong shapes, and raw bytes. */
const body = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }).map((o) => json(o)) },
  { weight: 2, arbitrary: value.map((v) => json(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2_000, 50_000).map((n) => json({ ids: Array.from({ length: n }, (_, i) => i) })),
  },
  { weight: 1, arbitrary: fc.constantFrom(50, 5_000).map((d) => raw('application/json')(nested(d))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '{"name":', '[1,2', 'null', '"x"', '{"a":1}{"b":2}').map(raw('application/json')),
  },
  { weight: 1, arbitrary: hostileString.map(raw('text/plain')) },
  {
    weight: 1,
    arbitrary: fc
      .constant('--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nGIF8\r\n--x--')
      .map(raw('multipart/form-data; boundary=x')),
  },
  { weight: 1, arbitrary: fc.constant('name=a&email=b%0d%0aBcc:c').map(raw('application/x-www-form-urlencoded')) },
  { weight: 1, arbitrary: fc.constant(undefined).map(() => ({ body: undefined, type: undefined })) },
);

function json(v: unknown) {
  return { body: JSON.stringify(v), type: 'application/json' as string | undefined };
}
function raw(type: string) {
  return (text: string) => ({ body: text as string | undefined, type: type as string | undefined });
}

/** Path parameters: ids that exist nowhere, hostile text, numbers, very long ones. */
const param = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'x', '..', '%2e%2e', '%00', 'a%0d%0ab', '00000000-0000-0000-0000-000000000000'),
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,300}$/),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** Query strings: the names routes read (and some they do not), hostile values, broken encoding,
 * repeated and array-style keys, and a list of ids far longer than any page. */
const QUERY_KEYS = [
  'userIds',
  'page',
  'per_page',
  'nextUrl',
  'next_url',
  'nexturl',
  'code',
  'state',
  'error',
  'organization_id',
  'with_email_info',
  'username',
  'password',
  'token',
  'id',
  'ids',
  '__proto__',
];

const RAW_QUERY_VALUES = [
  '',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%0d%0aSet-Cookie:%20x=1',
  '..%2f..%2fetc%2fpasswd',
  'http://evil.example/',
  '//evil.example',
  '/%5Cevil.example',
  'javascript:alert(1)',
  '1,2,3',
  ','.repeat(500),
  Array.from({ length: 2000 }, (_, i) => `u_${i}`).join(','),
  'x'.repeat(8000),
  '-1',
  '0',
  '1e309',
  'NaN',
  '[]',
  '{}',
  'true',
];

const queryValue = fc.oneof(
  fc.constantFrom(...RAW_QUERY_VALUES),
  hostileString.filter((s) => s.length < 2000).map(encodeURIComponent),
  fc.integer().map(String),
);

const query = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { minLength: 1, maxLength: 4 })
      .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?', '?&&', '?=', '?userIds', '?userIds[]=1&userIds[]=2', '?constructor[prototype]=1'),
  },
);

const headers = fc.record(
  {
    'accept-language': fc.constantFrom('zh-CN', 'en-US', '*', 'xx', 'en;q=abc'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
    // Node refuses a header block over 16 KB (431) before any route runs.
    'user-agent': hostileString.filter((s) => s.length < 8000 && /^[ -~]*$/.test(s)),
    'x-request-id': fc.constantFrom('short', 'a'.repeat(200), 'ok-request-id-123'),
  },
  { requiredKeys: [] },
);

/** What an anonymous caller sends as `Authorization`: nothing, or something that is no credential. */
const badAuthorization = fc.constantFrom(
  undefined,
  'Bearer ',
  'Bearer yxp_nope',
  'Basic !!!',
  'Basic ' + btoa('demo:x'),
  'Bearer ' + 'a'.repeat(5000),
);

/**
 * Who calls: nobody (or a bad credential), alice's browser session, a valid token of hers with
 * every scope (so scope-guarded handlers run past authentication) and one with no scope at all.
 * The numbers are runs per route; tokens and the session get the most, since only they reach the
 * handlers.
 */
const IDENTITIES = {
  anonymous: Math.ceil(RUNS / 2),
  session: RUNS,
  'token-all': RUNS,
  'token-none': Math.ceil(RUNS / 2),
} as const;
type Identity = keyof typeof IDENTITIES;

/**
 * What a refused request may change, table by table. Everything else — every other table, every
 * other column — must be exactly as before. A table missing here fails the test.
 */
const REFUSAL_POLICY: FingerprintPolicy = {
  users: {
    omit: ['failed_attempts', 'frozen_until', 'tokens_version'],
    why:
      'a refused sign-in counts the wrong password and may freeze the account (the refusal is the point); ' +
      'tokens_version is bumped by a trigger whenever access_tokens.last_used_at is written',
  },
  access_tokens: {
    omit: ['last_used_at'],
    why: 'a valid token is marked used when it authenticates, before the route refuses (at most once a minute)',
  },
  sessions: {
    omit: ['last_seen_at', 'expires_at'],
    rows: 't.user_id is not null',
    why:
      'any request may open an anonymous pre-session, and a session slides its expiry when used; ' +
      'signed-in sessions may not appear, vanish or change owner',
  },
  request_counters: { rows: 'false', why: 'rate limits count every attempt, refused ones above all' },
  login_failures: { rows: 'false', why: 'wrong passwords of names without an account are counted like real ones' },
  apps: 'whole',
  avatars: 'whole',
  email_tokens: 'whole',
  identities: 'whole',
  known_devices: 'whole',
  kysely_migration: 'whole',
  kysely_migration_lock: 'whole',
  login_flows: 'whole',
  login_oidc_states: 'whole',
  memberships: 'whole',
  message_events: 'whole',
  messages: 'whole',
  meta: 'whole',
  oidc_states: 'whole',
  org_apps: 'whole',
  organizations: 'whole',
  outbox: 'whole',
  package_credentials: 'whole',
  send_throttles: 'whole',
  slider_challenges: 'whole',
  ssh_keys: 'whole',
  stored_objects: 'whole',
  tracking_logs: 'whole',
};

/** A secret outside the served build, which no path may reach. */
const SECRET = 'SECRET-OUTSIDE-DIST-7f3a';
/** What the served build holds, to show the static route does serve files. */
const ASSET = 'PUBLIC-ASSET-2b9c';

/** A small build beside a secret file and a sibling directory whose name starts like the build's. */
function makeSite(): { site: string; dist: string } {
  const site = mkdtempSync(join(tmpdir(), 'yx-fuzz-site-'));
  const dist = join(site, 'dist');
  mkdirSync(join(dist, 'demo'), { recursive: true });
  mkdirSync(join(dist, 'chunks'));
  mkdirSync(join(site, 'dist-sibling'));
  writeFileSync(join(dist, 'demo/index.html'), '<!doctype html><title>t</title><!--YX_SETTINGS-->');
  writeFileSync(join(dist, 'app.js'), `export const marker = '${ASSET}';`);
  writeFileSync(join(site, 'secret.txt'), SECRET);
  writeFileSync(join(site, 'dist-sibling/leak.txt'), SECRET);
  return { site, dist };
}

let site = '';
const server = useTestServer(
  () => {
    const made = makeSite();
    site = made.site;
    return { config: { distDir: made.dist } };
  },
  async (running) => {
    assert.deepEqual(await policyGaps(running.deps.db, REFUSAL_POLICY), [], 'every table needs a rule');
    watch = await WriteWatch.start(running.deps.db, REFUSAL_POLICY);
  },
);
after(() => rmSync(site, { recursive: true, force: true }));

let browser: Client;
/** Valid tokens of alice's: every scope, and none. Put back if a fuzzed request removed them. */
const tokens = { all: '', none: '' };
let aliceId = '';

async function signIn() {
  browser = new Client(server.url);
  assert.equal((await browser.login('alice', 'Alice@2026')).status, 200);
}

/** Makes sure alice's session and both tokens work, as they did before the last route. */
async function restoreIdentities(): Promise<void> {
  const db = server.deps.db;
  if (!aliceId) {
    aliceId = (await db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id;
  }
  if (!browser || (await browser.get('/individual/proxy/me')).status !== 200) await signIn();
  for (const [kind, scopes] of [
    ['all', [...ALL_LEAVES]],
    ['none', []],
  ] as const) {
    const id = `pat_fuzz_${kind}`;
    const live = await db
      .selectFrom('access_tokens')
      .select(['token_hash', 'scopes'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (live && tokens[kind] && live.token_hash === tokenDigest(tokens[kind]) && live.scopes.length === scopes.length)
      continue;
    await db.deleteFrom('access_tokens').where('id', '=', id).execute();
    tokens[kind] = newTokenValue();
    const now = server.clock.now();
    await db
      .insertInto('access_tokens')
      .values({
        id,
        user_id: aliceId,
        name: `fuzz ${kind}`,
        description: null,
        scopes: [...scopes],
        token_hash: tokenDigest(tokens[kind]),
        created_at: now,
        expires_at: new Date(now.getTime() + 30 * 86_400_000),
      })
      .execute();
  }
}

/** The headers that make a request come from `identity`. */
function credentials(identity: Identity, authorization: string | undefined): Record<string, string> {
  switch (identity) {
    case 'session':
      return { cookie: browser.cookieHeader, 'x-csrf-token': browser.csrfToken };
    case 'token-all':
      return { authorization: `Bearer ${tokens.all}` };
    case 'token-none':
      return { authorization: `Bearer ${tokens.none}` };
    default:
      return authorization === undefined ? {} : { authorization };
  }
}

/** Every table under {@link REFUSAL_POLICY}; each answer moves it on, so each refusal is compared
 * with the state just before it. */
let watch: WriteWatch;

/** After an answer: a refusal (4xx) must have changed nothing outside {@link REFUSAL_POLICY}'s exceptions. */
async function checkRefusal(status: number, label: string): Promise<void> {
  const changed = await watch.changes();
  if (status >= 400) assert.deepEqual(changed, [], `${label} was refused but changed ${changed.join(', ')}`);
}

/** Sends one fuzzed request with fetch; a hang or a dropped connection fails, a 5xx fails. */
async function send(
  method: string,
  path: string,
  payload: { body?: string; type?: string },
  sent: Record<string, string>,
) {
  if (payload.type) sent['content-type'] = payload.type;
  const started = Date.now();
  try {
    const res = await fetch(server.url + path, {
      method,
      headers: sent,
      body: ['GET', 'HEAD'].includes(method) ? null : (payload.body ?? null),
      redirect: 'manual',
      signal: AbortSignal.timeout(HANG_MS),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    assert.ok(!timedOut, `${method} ${path.slice(0, 120)} hung for ${Date.now() - started} ms`);
    // fetch itself refuses some hostile header values before sending: nothing reached the server.
    if (error instanceof TypeError && /header/i.test(error.message)) return undefined;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    assert.fail(`${method} ${path.slice(0, 120)}: the connection failed (${String(error)} ${cause})`);
  }
}

describe('every route under random and hostile input', () => {
  it('never answers 5xx, never hangs, and a refused request changes nothing', async () => {
    const routes = [
      ...new Map(
        createApp(server.deps)
          .routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
          .map((r) => [`${r.method} ${r.path}`, r] as const),
      ).values(),
    ].filter((r) => !SKIPPED[`${r.method} ${r.path}`]);
    assert.ok(routes.length > 60, `only ${routes.length} routes found`);

    const failures: string[] = [];
    /** Routes each caller got a 2xx/3xx from: proof that the calls reached the handlers. */
    const reached: Record<Identity, Set<string>> = {
      anonymous: new Set(),
      session: new Set(),
      'token-all': new Set(),
      'token-none': new Set(),
    };
    for (const route of routes) {
      // `/:id` is a parameter; `messages:list` is a custom method in the path itself.
      const names = [...route.path.matchAll(/(?<=\/):[A-Za-z_]+(\{[^}]*\})?/g)].map((m) => m[0]);
      for (const [identity, numRuns] of Object.entries(IDENTITIES) as Array<[Identity, number]>) {
        // A run that changed the session or a token (a valid random request) must not stop the rest.
        await restoreIdentities();
        // A token is marked used at most once a minute: let a minute pass so this run writes it.
        if (identity.startsWith('token')) server.clock.advance(TOUCH_EVERY_MS);
        await watch.reset();
        const result = await fc.check(
          fc.asyncProperty(
            fc.array(param, { minLength: names.length, maxLength: names.length }),
            query,
            body,
            headers,
            badAuthorization,
            async (params, search, payload, extra, authorization) => {
              let path = route.path;
              names.forEach((name, i) => (path = path.replace(name, params[i] ?? 'x')));
              path += search;
              const status = await send(route.method, path, payload, {
                ...extra,
                ...credentials(identity, authorization),
              });
              if (status === undefined) return;
              const label = `${identity} ${route.method} ${path.slice(0, 120)} (${payload.type ?? 'no body'}) → ${status}`;
              assert.ok(status < 500, label);
              if (status < 400) reached[identity].add(`${route.method} ${route.path}`);
              await checkRefusal(status, label);
            },
          ),
          { numRuns, endOnFailure: true },
        );
        if (result.failed) {
          const error = result.errorInstance;
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
          failures.push(`${message} [seed ${result.seed}, path ${result.counterexamplePath}]`);
        }
      }
    }
    assert.deepEqual(failures, []);
    // Not vacuous: the session and the full token got past authentication and scope checks on many
    // routes (token routes and the like stay session-only), the scope-less token on fewer.
    const count = (identity: Identity) => reached[identity].size;
    assert.ok(count('session') > 30, `the session reached only ${count('session')} routes`);
    assert.ok(count('token-all') > 40, `the full token reached only ${count('token-all')} routes`);
    assert.ok(count('token-none') < count('token-all'), 'the scope-less token reached as much as the full one');
  });
});

/** Ways to write `..`, as browsers, proxies and old servers have decoded them. */
const DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '%uff0e%uff0e', '...', '....'];
/** Ways to write a path separator. */
const SEPARATORS = ['/', '%2f', '%2F', '\\', '%5c', '%5C', '%252f', '%c0%af', '//'];
/** Where the climb is meant to end: the secret, the sibling directory, with tricks on the name. */
const ENDINGS = [
  'secret.txt',
  'dist-sibling/leak.txt',
  'dist-sibling%2fleak.txt',
  'secret.txt%00.js',
  'secret.txt%00',
  'secret.txt;.js',
  'secret.txt%3f.js',
  'secret.txt%23.js',
  'SECRET.TXT',
  'secret.txt.',
  'secret.txt%20',
  'etc/passwd',
];
/** Every place a path can be handed to a handler that serves or proxies something. */
const PREFIXES = [
  '/users/',
  '/users/chunks/',
  '/users/demo/',
  '/',
  '/uiless/',
  '/uiless/proxy/',
  '/objects/avatars/',
  '/users/ajax/',
];

const traversal = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PREFIXES),
        fc.array(fc.tuple(fc.constantFrom(...DOTS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...ENDINGS),
      )
      .map(([prefix, steps, ending]) => prefix + steps.map(([d, s]) => d + s).join('') + ending),
  },
  // Overlong: deep nesting first, then the climb out of it.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 10, max: 3000 })
      .map((n) => '/users/' + 'a/'.repeat(n) + '..%2f'.repeat(n + 2) + 'secret.txt'),
  },
  // Absolute paths, encoded or not, and the absolute-form request target.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        (secret: string) => '/users/' + encodeURIComponent(secret),
        (secret: string) => '/users/' + secret,
        (secret: string) => '/users//' + secret.replace(/^\//, ''),
        (secret: string) => '/users/' + encodeURIComponent(encodeURIComponent(secret)),
        (secret: string) => '/users/' + secret.replaceAll('/', '\\'),
        () => `${server.url}/users/..%2fsecret.txt`,
        () => '/users/%2e%2e%5csecret.txt',
        () => '/users/\u0000/../secret.txt',
      )
      .map((make) => make(join(site, 'secret.txt'))),
  },
);

describe('paths that try to leave the build', () => {
  it('serves files of the build, and only them', async () => {
    const asset = await rawRequest(server.url, 'GET', '/users/app.js');
    assert.equal(asset.status, 200);
    assert.ok(asset.text.includes(ASSET), 'the build is served');
    const page = await rawRequest(server.url, 'GET', '/users/');
    assert.equal(page.status, 200, page.text.slice(0, 200));
  });

  it('never reaches a file outside it, never answers 5xx, never hangs, and changes nothing when refused', async () => {
    await restoreIdentities();
    await watch.reset();
    await fc.assert(
      fc.asyncProperty(
        traversal,
        fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE'),
        fc.constantFrom<Identity>('anonymous', 'session', 'token-all'),
        async (target, method, identity) => {
          const sent = credentials(identity, undefined);
          if (!['GET', 'HEAD'].includes(method)) sent['content-length'] = '0';
          let answer: RawAnswer;
          try {
            answer = await rawRequest(server.url, method, target, sent, HANG_MS);
          } catch (error) {
            assert.ok(!(error instanceof RawTimeout), String(error));
            throw error;
          }
          const label = `${identity} ${method} ${target.slice(0, 160)} → ${answer.status}`;
          assert.ok(answer.status >= 200 && answer.status < 500, label);
          assert.ok(!answer.text.includes(SECRET), `${label} served the secret`);
          assert.ok(!/root:.*:0:0:/.test(answer.text), `${label} served /etc/passwd`);
          await checkRefusal(answer.status, label);
        },
      ),
      { numRuns: TRAVERSAL_RUNS },
    );
  });
});

describe('bad input the fuzzer once turned into a failure', () => {
  it('answers a NUL character in a path with 400, not a server error', async () => {
    const answer = await browser.request('DELETE', '/users/ajax/v1/notifications/inbox/messages/%00');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'invalid_request');
  });

  it('refuses a large body it does not read and closes that connection, so the next request is not lost', async () => {
    const big = JSON.stringify({ ids: Array.from({ length: 50_000 }, (_, i) => i) });
    const refused = await fetch(`${server.url}/users/ajax/v1/notifications/inbox/messages:batchDelete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    await refused.arrayBuffer();
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('connection'), 'close');
    assert.equal((await browser.get('/individual/proxy/me')).status, 200);
  });
});
