/**
 * Every API route of the server, fed random and hostile input by fast-check: wrong types, huge
 * arrays, deep nesting, control characters, CRLF header tricks in emails, odd content types and
 * path parameters. Whatever arrives, the answer is never a 5xx, never a hang, and a refused
 * request leaves the user's data exactly as it was.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createApp } from '../../server/app';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';

/** Fewer runs per route in CI keeps the suite quick; a local `YX_FUZZ_RUNS=200` digs deeper. */
const RUNS = Number(process.env.YX_FUZZ_RUNS) || 12;
/** A request that takes longer than this counts as a hang. */
const HANG_MS = 5000;

/** Routes left out, and why. */
const SKIPPED: Record<string, string> = {
  'GET /users/dev/fail': 'fails on purpose (the tracker demo of a 500)',
  'GET /users/logout': 'ends the session the fuzzer signs in with; covered by auth tests',
  'GET /': 'serves the built page (tests have no dist/: 503 by design); pages tests',
  'GET /users': 'serves the built page; pages tests',
  'GET /users/': 'serves the built page; pages tests',
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

const headers = fc.record(
  {
    'accept-language': fc.constantFrom('zh-CN', 'en-US', '*', 'xx', 'en;q=abc'),
    authorization: fc.constantFrom(
      'Bearer ',
      'Bearer yxp_nope',
      'Basic !!!',
      'Basic ' + btoa('demo:x'),
      'Bearer ' + 'a'.repeat(5000),
    ),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
    // Node refuses a header block over 16 KB (431) before any route runs.
    'user-agent': hostileString.filter((s) => s.length < 8000 && /^[ -~]*$/.test(s)),
    'x-request-id': fc.constantFrom('short', 'a'.repeat(200), 'ok-request-id-123'),
  },
  { requiredKeys: [] },
);

/** The data a refused request must not touch (login bookkeeping and throttles may change). */
const WATCHED = [
  `select concat_ws(',', id, username, name, email, email_verified, password_hash, locale, avatar, must_change_password, last_org_id) from users`,
  ...[
    'access_tokens',
    'ssh_keys',
    'package_credentials',
    'identities',
    'messages',
    'memberships',
    'organizations',
    'avatars',
    'email_tokens',
  ].map((table) => `select t::text from ${table} t`),
];

/** One hash over {@link WATCHED}, in one statement. */
async function snapshot(server: TestServer): Promise<string> {
  const rows = WATCHED.map(
    (query) => `(select md5(coalesce(string_agg(r, '|' order by r), '')) from (${query}) q(r))`,
  ).join(` || ':' || `);
  const answer = await sql<{ h: string }>`select ${sql.raw(rows)} as h`.execute(server.deps.db);
  return String(answer.rows[0]?.h);
}

let database: TestDatabase;
let server: TestServer;
let browser: Client;

async function signIn() {
  browser = new Client(server.url);
  assert.equal((await browser.login('alice', 'Alice@2026')).status, 200);
}

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  await signIn();
});
after(async () => {
  await server?.close();
  await database?.dispose();
});

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
    for (const route of routes) {
      // `/:id` is a parameter; `messages:list` is a custom method in the path itself.
      const names = [...route.path.matchAll(/(?<=\/):[A-Za-z_]+(\{[^}]*\})?/g)].map((m) => m[0]);
      const result = await fc.check(
        fc.asyncProperty(
          fc.array(param, { minLength: names.length, maxLength: names.length }),
          body,
          headers,
          fc.boolean(),
          async (params, payload, extra, withSession) => {
            let path = route.path;
            names.forEach((name, i) => (path = path.replace(name, params[i] ?? 'x')));
            const before = await snapshot(server);
            const sent: Record<string, string> = { ...extra };
            if (payload.type) sent['content-type'] = payload.type;
            if (withSession) {
              sent.cookie = browser.cookieHeader;
              sent['x-csrf-token'] = browser.csrfToken;
              delete sent.authorization;
            }
            const started = Date.now();
            let status: number;
            try {
              const res = await fetch(server.url + path, {
                method: route.method,
                headers: sent,
                body: ['GET', 'HEAD'].includes(route.method) ? null : (payload.body ?? null),
                redirect: 'manual',
                signal: AbortSignal.timeout(HANG_MS),
              });
              await res.arrayBuffer();
              status = res.status;
            } catch (error) {
              const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
              assert.ok(!timedOut, `${route.method} ${path} hung for ${Date.now() - started} ms`);
              // fetch itself refuses some hostile header values before sending: nothing reached the server.
              if (error instanceof TypeError && /header/i.test(error.message)) return;
              const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
              assert.fail(`${route.method} ${path.slice(0, 120)}: the connection failed (${String(error)} ${cause})`);
            }
            const label = `${route.method} ${path.slice(0, 120)} (${payload.type ?? 'no body'}) → ${status}`;
            assert.ok(status < 500, label);
            if (status >= 400) assert.equal(await snapshot(server), before, `${label} changed data`);
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const error = result.errorInstance;
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        failures.push(`${message} [seed ${result.seed}, path ${result.counterexamplePath}]`);
      }
      // A run that changed the password or the session (a valid random request) must not stop the rest.
      const probe = await browser.get('/individual/proxy/me');
      if (probe.status !== 200) await signIn();
    }
    assert.deepEqual(failures, []);
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
