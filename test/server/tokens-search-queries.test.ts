/**
 * What one `tokens:search` costs the database: the page comes from the exact cache
 * (server/tokens/page-cache.ts) while nothing changed, so a repeated search makes one query, the
 * session lookup, and that one calls `session_with_user` (migration 0014), whose plan the
 * database keeps, rather than sending a join that is planned again on every request. The
 * benchmark's `server.ratio` (docs/performance.md) rests on both.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { PostgresQueryCompiler, sql } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import { findSession, SESSION_USER_COLUMNS } from '../../server/repos/sessions';
import { SESSION_COOKIE } from '../../server/auth/sessions';
import { Client } from './helpers/client';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { addUser, inDays } from './helpers/tokens';

/** The SQL of every statement the server sends, in order. */
const statements: string[] = [];
const compiler = new PostgresQueryCompiler();
const recorder: KyselyPlugin = {
  transformQuery: ({ node, queryId }) => {
    statements.push(compiler.compileQuery(node, queryId).sql);
    return node;
  },
  transformResult: async ({ result }) => result,
};

let database: TestDatabase;
let server: TestServer;
before(async () => {
  database = await createTestDatabase();
  const recorded: TestDatabase = {
    ...database,
    open: async () => {
      const opened = await database.open();
      return { ...opened, db: opened.db.withPlugin(recorder) };
    },
  };
  server = await startTestServer(recorded);
});
after(async () => {
  await server?.close();
  await database?.dispose();
});

const SEARCH = '/users/ajax/v1/my/tokens:search';
const PAGE = { pagination: { current_page: 1, page_size: 20 } };

/** The statements one request sends, and its answer. */
async function counted(run: () => Promise<{ status: number; text: string }>) {
  statements.length = 0;
  const answer = await run();
  return { answer, sent: [...statements] };
}

describe('tokens:search queries', () => {
  it('answers a repeated search with one query, the planned session lookup', async () => {
    await addUser(server, 'quinn', 'Quinn@2026');
    const quinn = new Client(server.url);
    assert.equal((await quinn.login('quinn', 'Quinn@2026')).status, 200);
    for (let i = 0; i < 3; i++) {
      const made = await quinn.post('/users/ajax/v1/my/tokens', {
        name: `q${i}`,
        expires_at: inDays(server, 30),
        token_scopes: ['user:profile:read'],
      });
      assert.equal(made.status, 201);
    }

    const first = await counted(() => quinn.post(SEARCH, PAGE));
    assert.equal(first.answer.status, 200);
    assert.equal(first.sent.length, 4, `a miss: session, page, total, next expiry\n${first.sent.join('\n')}`);

    const again = await counted(() => quinn.post(SEARCH, PAGE));
    assert.equal(again.answer.text, first.answer.text);
    assert.equal(again.sent.length, 1, `a hit: the session lookup alone\n${again.sent.join('\n')}`);
    assert.match(again.sent[0]!, /^select \* from session_with_user\(\$1, \$2\)$/);

    // A minute on, the session's last_seen_at is written once; the page still comes from the cache.
    server.clock.advance(61_000);
    const later = await counted(() => quinn.post(SEARCH, PAGE));
    assert.equal(later.answer.text, first.answer.text);
    assert.equal(later.sent.length, 2, later.sent.join('\n'));
    assert.match(later.sent[1]!, /^update "sessions" set "last_seen_at"/);
    assert.equal((await counted(() => quinn.post(SEARCH, PAGE))).sent.length, 1);
  });

  it('reads every session column and the session user columns, as the plain join does', async () => {
    const browser = new Client(server.url);
    assert.equal((await browser.login('demo', 'Demo@2026')).status, 200);
    const idHash = createHash('sha256').update(browser.cookies.get(SESSION_COOKIE)!).digest('hex');
    const db = server.database.db;
    const now = server.clock.now();
    const joined = await sql<Record<string, unknown>>`select s.*, ${sql.join(
      SESSION_USER_COLUMNS.map((c) => sql`u.${sql.id(c)} as ${sql.id(`user.${c}`)}`),
    )} from sessions s left join users u on u.id = s.user_id where s.id_hash = ${idHash}`.execute(db);
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_name = 'sessions' and table_schema = current_schema()`.execute(db);

    const found = await findSession(db, idHash, now);
    assert.ok(found?.user);
    assert.deepEqual(Object.keys(found.session).sort(), columns.rows.map((r) => r.column_name).sort());
    assert.deepEqual(Object.keys(found.user).sort(), [...SESSION_USER_COLUMNS].sort());
    const expected = joined.rows[0]!;
    for (const [key, value] of Object.entries(found.session)) assert.deepEqual(value, expected[key], key);
    for (const [key, value] of Object.entries(found.user)) assert.deepEqual(value, expected[`user.${key}`], key);

    // Past its absolute end a session is not found; a pre-session comes without a user.
    assert.equal(await findSession(db, idHash, found.session.expires_at), undefined);
    const anonymous = new Client(server.url);
    assert.equal((await anonymous.get('/users/ajax/v1/page-settings')).status, 200);
    const preHash = createHash('sha256').update(anonymous.cookies.get(SESSION_COOKIE)!).digest('hex');
    const pre = await findSession(db, preHash, now);
    assert.equal(pre?.session.user_id, null);
    assert.equal(pre?.user, undefined);
  });
});
