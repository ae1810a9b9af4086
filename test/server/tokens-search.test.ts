import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';
import { tokenDigest } from '../../server/tokens/format';

const server = useTestServer();

async function signedIn(username: string, password: string, locale = 'en_US') {
  const browser = new Client(server.url);
  assert.equal((await browser.login(username, password)).status, 200);
  browser.cookies.set('ak_user_locale', locale);
  return browser;
}

async function create(browser: Client, name: string, days: number) {
  const answer = await browser.post('/users/ajax/v1/my/tokens', {
    name,
    expires_at: inDays(server, days),
    token_scopes: ['user:profile:read'],
    created_at: server.clock.now().toISOString(),
  });
  assert.equal(answer.status, 201);
  return answer.body as { token: string; token_id: string };
}

describe('the token list', () => {
  it('pages newest first with the total, and can hide expired tokens', async () => {
    await addUser(server, 'gina', 'Gina@2026');
    const gina = await signedIn('gina', 'Gina@2026');
    // Five tokens a minute apart; the two oldest expire after one day.
    for (let i = 1; i <= 5; i++) {
      await create(gina, `t${i}`, i <= 2 ? 1 : 30);
      server.clock.advance(60_000);
    }
    const page = (current_page: number, page_size: number, include_expired?: boolean) =>
      gina.post('/users/ajax/v1/my/tokens:search', {
        ...(include_expired === undefined ? {} : { include_expired }),
        pagination: { current_page, page_size },
      });
    const names = (answer: { body: { access_tokens: Array<{ name: string }> } }) =>
      answer.body.access_tokens.map((t) => t.name);

    const first = await page(1, 2);
    assert.deepEqual(names(first), ['t5', 't4']);
    assert.equal(first.body.pages.total_size, 5);
    assert.deepEqual(names(await page(2, 2)), ['t3', 't2']);
    assert.deepEqual(names(await page(3, 2)), ['t1']);
    assert.deepEqual(names(await page(4, 2)), []);

    server.clock.advance(2 * 86_400_000);
    const all = await page(1, 20);
    assert.deepEqual(names(all), ['t5', 't4', 't3', 't2', 't1'], 'include_expired defaults to true');
    assert.deepEqual(
      all.body.access_tokens.map((t: { expired: boolean }) => t.expired),
      [false, false, false, true, true],
    );
    const live = await page(1, 20, false);
    assert.deepEqual(names(live), ['t5', 't4', 't3']);
    assert.equal(live.body.pages.total_size, 3);
  });

  it('orders tokens created at the same instant by id, the same way every time', async () => {
    await addUser(server, 'hank', 'Hank@2026');
    const hank = await signedIn('hank', 'Hank@2026');
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await create(hank, `same${i}`, 5)).token_id);
    const one = await hank.post('/users/ajax/v1/my/tokens:search', { pagination: { current_page: 1, page_size: 2 } });
    const two = await hank.post('/users/ajax/v1/my/tokens:search', { pagination: { current_page: 2, page_size: 2 } });
    const listed = [...one.body.access_tokens, ...two.body.access_tokens].map((t: { token_id: string }) => t.token_id);
    assert.deepEqual(listed, [...ids].sort());
  });

  it('refuses page sizes outside 1..100 and bad page numbers', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    for (const pagination of [
      { current_page: 1, page_size: 0 },
      { current_page: 1, page_size: 101 },
      { current_page: 0, page_size: 20 },
      { current_page: 1.5, page_size: 20 },
      { current_page: '1', page_size: 20 },
    ]) {
      const answer = await demo.post('/users/ajax/v1/my/tokens:search', { pagination });
      assert.equal(answer.status, 400, JSON.stringify(pagination));
      assert.match(answer.body.field, /^pagination\./);
    }
    const bad = await demo.post('/users/ajax/v1/my/tokens:search', { include_expired: 'no' });
    assert.equal(bad.body.field, 'include_expired');
  });

  it('needs a signed-in user', async () => {
    const anonymous = new Client(server.url);
    await anonymous.pageSettings();
    assert.equal((await anonymous.post('/users/ajax/v1/my/tokens:search', {})).status, 401);
    assert.equal((await anonymous.get('/users/ajax/v1/tokens:scopes')).status, 401);
  });
});

describe('the token value', () => {
  it('is returned once and stored nowhere, only as its SHA-256', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const { token, token_id } = await create(demo, 'secret keeper', 10);
    const db = server.database.db;
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    assert.ok(tables.rows.length >= 10);
    for (const { table_name } of tables.rows) {
      // A whole row cast to text covers every column, arrays and JSON included.
      const hits = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table_name)} as r where r::text like ${'%' + token.slice(4) + '%'}`.execute(
        db,
      );
      assert.equal(hits.rows[0]!.n, 0, `the value is in ${table_name}`);
    }
    const stored = await db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('id', '=', token_id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.token_hash, tokenDigest(token));

    const search = await demo.post('/users/ajax/v1/my/tokens:search', {});
    assert.equal(search.text.includes(token.slice(4)), false);
    assert.equal('token' in search.body.access_tokens[0], false);
    const me = await demo.get('/individual/proxy/me');
    const batch = await demo.post('/users/ajax/v1/tokens:batch', { user_id: me.body.id });
    assert.equal(batch.text.includes(token.slice(4)), false);
    const edited = await demo.put(`/users/ajax/v1/my/tokens/${token_id}`, {
      name: 'renamed',
      expires_at: inDays(server, 3),
      token_scopes: ['user'],
    });
    assert.equal(edited.text.includes(token.slice(4)), false);
    const again = await create(demo, 'secret keeper', 10);
    assert.notEqual(again.token, token);
  });
});

describe('the scope tree', () => {
  it('has the apps as roots and a read and a write leaf under each resource', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const answer = await demo.get('/users/ajax/v1/tokens:scopes');
    assert.equal(answer.status, 200);
    const roots = answer.body.token_scopes;
    assert.deepEqual(
      roots.map((n: { scope_key: string }) => n.scope_key),
      ['codeup', 'projex', 'testhub', 'flow', 'packages', 'org', 'user'],
    );
    const codeup = roots[0];
    assert.deepEqual(
      codeup.sub_scopes.map((n: { scope_key: string }) => n.scope_key),
      ['codeup:repository', 'codeup:merge-request', 'codeup:ssh-key'],
    );
    assert.deepEqual(codeup.sub_scopes[0].sub_scopes, [
      { scope_key: 'codeup:repository:read', scope_operate: 'read', scope_desc: 'Read repositories', sub_scopes: [] },
      {
        scope_key: 'codeup:repository:write',
        scope_operate: 'write',
        scope_desc: 'Read and write repositories',
        sub_scopes: [],
      },
    ]);
    const keys: string[] = [];
    const walk = (n: { scope_key: string; sub_scopes: unknown[] }, app: string) => {
      assert.ok(n.scope_key === app || n.scope_key.startsWith(`${app}:`), n.scope_key);
      keys.push(n.scope_key);
      n.sub_scopes.forEach((c) => walk(c as typeof n, app));
    };
    for (const root of roots) walk(root, root.scope_key);
    assert.equal(new Set(keys).size, keys.length, 'keys are unique');
  });

  it('describes the scopes in the request language', async () => {
    const demo = await signedIn('demo', 'Demo@2026', 'zh_CN');
    const answer = await demo.get('/users/ajax/v1/tokens:scopes');
    assert.equal(answer.body.token_scopes[0].scope_desc, '代码管理');
    assert.equal(answer.body.token_scopes[0].sub_scopes[0].sub_scopes[0].scope_desc, '读取代码仓库');
    // A Latin word is set off by a space, as Chinese typography does.
    assert.equal(answer.body.token_scopes[0].sub_scopes[2].sub_scopes[0].scope_desc, '读取 SSH 公钥');
  });

  it('lets a member of an organization with every app grant every leaf', async () => {
    const demo = await signedIn('demo', 'Demo@2026');
    const answer = await demo.get('/users/ajax/v1/tokens:permissions');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.token_scopes.length, 18);
    assert.ok(answer.body.token_scopes.includes('codeup:ssh-key:read'));
  });

  it('lets a user outside any organization grant only the personal scope', async () => {
    await addUser(server, 'ivan', 'Ivan@2026');
    const ivan = await signedIn('ivan', 'Ivan@2026');
    const answer = await ivan.get('/users/ajax/v1/tokens:permissions');
    assert.deepEqual(answer.body.token_scopes, ['user:profile:read']);
  });
});

describe('the token list, answered from the page cache', () => {
  const firstPage = (browser: Client, include_expired: boolean) =>
    browser.post('/users/ajax/v1/my/tokens:search', {
      include_expired,
      pagination: { current_page: 1, page_size: 10 },
    });
  const summary = (answer: { body: { access_tokens: Array<{ name: string; expired: boolean }>; pages: object } }) => ({
    rows: answer.body.access_tokens.map((t) => `${t.name}${t.expired ? ' (expired)' : ''}`),
    pages: answer.body.pages,
  });

  it('follows a change made behind the server’s back, straight in the database', async () => {
    await addUser(server, 'hugo', 'Hugo@2026');
    const hugo = await signedIn('hugo', 'Hugo@2026');
    const { token_id } = await create(hugo, 'before', 30);
    assert.deepEqual(summary(await firstPage(hugo, false)).rows, ['before']);
    // What another server process sharing the database would do: the trigger bumps the version.
    await server.deps.db.updateTable('access_tokens').set({ name: 'renamed' }).where('id', '=', token_id).execute();
    assert.deepEqual(summary(await firstPage(hugo, false)).rows, ['renamed']);
    await server.deps.db.deleteFrom('access_tokens').where('id', '=', token_id).execute();
    assert.deepEqual(summary(await firstPage(hugo, false)), { rows: [], pages: { total_size: 0 } });
  });

  it('turns a token expired the moment its expiry passes, with no write in between', async () => {
    await addUser(server, 'iris', 'Iris@2026');
    const iris = await signedIn('iris', 'Iris@2026');
    await create(iris, 'short', 1);
    server.clock.advance(60_000);
    await create(iris, 'long', 30);
    assert.deepEqual(summary(await firstPage(iris, true)).rows, ['long', 'short']);
    assert.deepEqual(summary(await firstPage(iris, false)).rows, ['long', 'short']);
    server.clock.advance(86_400_000 - 60_000 - 1);
    assert.deepEqual(summary(await firstPage(iris, false)).rows, ['long', 'short'], 'a millisecond before');
    server.clock.advance(1);
    assert.deepEqual(summary(await firstPage(iris, true)).rows, ['long', 'short (expired)']);
    assert.deepEqual(summary(await firstPage(iris, false)), { rows: ['long'], pages: { total_size: 1 } });
  });

  it('never answers one user with another’s cached page', async () => {
    await addUser(server, 'jack', 'Jack@2026');
    await addUser(server, 'kate', 'Kate@2026');
    const jack = await signedIn('jack', 'Jack@2026');
    const kate = await signedIn('kate', 'Kate@2026');
    await create(jack, 'jack’s', 30);
    assert.deepEqual(summary(await firstPage(jack, false)).rows, ['jack’s']);
    assert.deepEqual(summary(await firstPage(kate, false)).rows, []);
  });
});
