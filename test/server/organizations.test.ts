import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';
import { serverCatalogues } from '../../server/i18n';

const LIST = '/individual/proxy/my/organizations';
const SWITCH = '/uiless/api/sdk/users/lastWorkspace';

const server = useTestServer({ config: { demoOrgs: 120 } }, setUp);
let demo: Client;

const idOf = async (table: 'users' | 'organizations', column: 'username' | 'name', value: string) => {
  const db = server.database.db as any;
  return (await db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id as string;
};

/** Demo with 120 more organizations (see below), signed in. */
async function setUp() {
  // On PostgreSQL the file's database starts empty, so this start seeds 120 extra organizations
  // for the demo user, as YX_DEMO_ORGS=120 does. The PGlite template was seeded without them, so
  // there the test adds them the way the seed does (joined a minute apart, after the base ones).
  const db = server.database.db;
  const demoId = await idOf('users', 'username', 'demo');
  const extra = await db.selectFrom('organizations').select('id').where('name', 'like', 'Demo Org %').execute();
  if (extra.length === 0) {
    const start = server.clock.now().getTime() - 60 * 86_400_000;
    const orgs = Array.from({ length: 120 }, (_, i) => ({
      id: `org_extra${String(i).padStart(3, '0')}`,
      name: `Demo Org ${String(i + 6).padStart(3, '0')}`,
      logo: null,
      created_at: new Date(start + i * 60_000),
    }));
    await db.insertInto('organizations').values(orgs).execute();
    await db
      .insertInto('memberships')
      .values(orgs.map((o) => ({ org_id: o.id, user_id: demoId, role: 'member' as const, created_at: o.created_at })))
      .execute();
  }
  demo = new Client(server.url);
  assert.equal((await demo.login('demo', 'Demo@2026')).status, 200);
}

/** Every page of the caller's organizations, in order. */
async function allPages(client: Client, pageSize = 50) {
  const pages: any[] = [];
  let token: string | undefined;
  do {
    const answer = await client.post(LIST, { pagination: { next_token: token, page_size: pageSize } });
    assert.equal(answer.status, 200, answer.text);
    pages.push(answer.body);
    token = answer.body.pages.next_token;
  } while (token && pages.length < 20);
  return pages;
}

describe('given the demo user in the 5 seeded organizations and 120 more', () => {
  it('pages them by 50 as 50, 50 and 25, with no repeats and exactly one current', async () => {
    const pages = await allPages(demo);
    assert.deepEqual(
      pages.map((p) => p.organizations.length),
      [50, 50, 25],
    );
    assert.equal(pages.at(-1).pages.next_token, undefined, 'no next_token on the last page');
    const orgs = pages.flatMap((p) => p.organizations);
    assert.equal(new Set(orgs.map((o: any) => o._id)).size, 125, 'no organization twice');
    assert.deepEqual(Object.keys(orgs[0]).sort(), ['_id', 'current', 'logo', 'name']);
    const current = orgs.filter((o: any) => o.current);
    assert.equal(current.length, 1);
    assert.equal(current[0].name, 'Acme Engineering', 'the first organization joined when none was chosen');
    assert.deepEqual(
      orgs.slice(0, 5).map((o: any) => o.name),
      [
        'Acme Engineering',
        'Blue Harbor Design Studio',
        'Open Source Lab',
        'Harbor Secure Network',
        'Expired Trial Inc',
      ],
    );
    const memberships = await server.database.db
      .selectFrom('memberships')
      .select('org_id')
      .where('user_id', '=', await idOf('users', 'username', 'demo'))
      .execute();
    assert.deepEqual(orgs.map((o: any) => o._id).sort(), memberships.map((m) => m.org_id).sort());
  });

  it('pages the same with 50 as the default page size', async () => {
    const first = await demo.post(LIST, {});
    assert.equal(first.body.organizations.length, 50);
    assert.ok(first.body.pages.next_token);
  });

  it('neither repeats nor skips an organization when one is joined between pages', async () => {
    const first = await demo.post(LIST, { pagination: { page_size: 3 } });
    const db = server.database.db;
    await db.insertInto('organizations').values({ id: 'org_joinedlate', name: 'Joined Late', logo: null }).execute();
    await db
      .insertInto('memberships')
      .values({ org_id: 'org_joinedlate', user_id: await idOf('users', 'username', 'demo'), role: 'member' })
      .execute();
    const second = await demo.post(LIST, { pagination: { page_size: 3, next_token: first.body.pages.next_token } });
    assert.deepEqual(
      second.body.organizations.map((o: any) => o.name),
      ['Harbor Secure Network', 'Expired Trial Inc', 'Demo Org 006'],
    );
    await db.deleteFrom('organizations').where('id', '=', 'org_joinedlate').execute();
  });

  it('accepts my own user_id and refuses anyone else’s with 403', async () => {
    const mine = await demo.post(LIST, { user_id: await idOf('users', 'username', 'demo') });
    assert.equal(mine.status, 200);
    const theirs = await demo.post(LIST, { user_id: await idOf('users', 'username', 'alice') });
    assert.equal(theirs.status, 403);
    assert.equal(theirs.body.code, 'forbidden');
    assert.equal(theirs.body.message, '只能查看自己所在的企业', 'in the demo user’s language, Chinese');
  });

  it('refuses a page size over 50, and a next_token it did not issue', async () => {
    const big = await demo.post(LIST, { pagination: { page_size: 51 } });
    assert.equal(big.status, 400);
    assert.equal(big.body.field, 'pagination.page_size');
    assert.equal((await demo.post(LIST, { pagination: { page_size: 0 } })).status, 400);
    const forged = await demo.post(LIST, { pagination: { next_token: 'bm9wZQ' } });
    assert.equal(forged.status, 400);
    assert.equal(forged.body.field, 'pagination.next_token');
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const visitor = new Client(server.url);
    await visitor.pageSettings();
    assert.equal((await visitor.post(LIST, {})).status, 401);
  });
});

describe('given a user in no organization', () => {
  it('lists nothing and has no next page', async () => {
    await addUser(server, 'loner', 'Loner@2026');
    const loner = new Client(server.url);
    await loner.login('loner', 'Loner@2026');
    const answer = await loner.post(LIST, {});
    assert.deepEqual(answer.body, { organizations: [], pages: {} });
  });
});

describe('switching the current organization', () => {
  it('marks the chosen organization current, on whichever page it is, and in page settings', async () => {
    const target = await idOf('organizations', 'name', 'Demo Org 110');
    const answer = await demo.put(SWITCH, { organization_id: target });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { result: true });
    const pages = await allPages(demo);
    const current = pages.map((p) => p.organizations.filter((o: any) => o.current).map((o: any) => o._id));
    assert.deepEqual(current, [[], [], [target]]);
    assert.equal((await demo.get('/users/ajax/v1/page-settings')).body.organizationId, target);
  });

  it('refuses an organization I am not in with 403 not_member and keeps the current one', async () => {
    const before = (await demo.get('/users/ajax/v1/page-settings')).body.organizationId;
    const db = server.database.db;
    await db.insertInto('organizations').values({ id: 'org_notmine', name: 'Not Mine', logo: null }).execute();
    for (const id of ['org_notmine', 'org_doesnotexist']) {
      const answer = await demo.put(SWITCH, { organization_id: id });
      assert.equal(answer.status, 403);
      assert.equal(answer.body.code, 'not_member');
      assert.equal(answer.body.message, '您不是该企业的成员');
    }
    assert.equal((await demo.get('/users/ajax/v1/page-settings')).body.organizationId, before);
  });

  it('refuses a missing organization_id and a request without the CSRF token', async () => {
    const missing = await demo.put(SWITCH, {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.field, 'organization_id');
    const target = await idOf('organizations', 'name', 'Open Source Lab');
    const forged = await demo.put(SWITCH, { organization_id: target }, { csrf: false });
    assert.equal(forged.body.code, 'csrf_invalid');
  });

  it('falls back to the first organization after I leave the chosen one', async () => {
    const lab = await idOf('organizations', 'name', 'Open Source Lab');
    assert.equal((await demo.put(SWITCH, { organization_id: lab })).status, 200);
    const alice = new Client(server.url);
    await alice.login('alice', 'Alice@2026');
    const studio = await idOf('organizations', 'name', 'Blue Harbor Design Studio');
    assert.equal((await alice.put(SWITCH, { organization_id: studio })).status, 200);
    await server.database.db
      .deleteFrom('memberships')
      .where('org_id', '=', studio)
      .where('user_id', '=', await idOf('users', 'username', 'alice'))
      .execute();
    const first = await alice.post(LIST, {});
    assert.deepEqual(
      first.body.organizations.filter((o: any) => o.current).map((o: any) => o.name),
      ['Acme Engineering'],
    );
  });
});

describe('one organization', () => {
  it('shows a member its id, name and logo', async () => {
    const acme = await idOf('organizations', 'name', 'Acme Engineering');
    const answer = await demo.get(`/uiless/api/organizations/${acme}`);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { result: { _id: acme, name: 'Acme Engineering', logo: null } });
  });

  it('answers 404 to someone outside it, as for an organization that does not exist', async () => {
    const carol = new Client(server.url);
    await addUser(server, 'outsider', 'Outsider@2026', [['Acme Engineering', 'member']]);
    await carol.login('outsider', 'Outsider@2026');
    const studio = await idOf('organizations', 'name', 'Blue Harbor Design Studio');
    const hidden = await carol.get(`/uiless/api/organizations/${studio}`);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.code, 'organization_not_found');
    assert.equal(hidden.body.message, 'No such organization');
    const unknown = await carol.get('/uiless/api/organizations/org_nothing');
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'organization_not_found']);
  });

  it('calls it 企业 in Chinese, as the interface does', async () => {
    const unknown = await demo.get('/uiless/api/organizations/org_nothing');
    assert.deepEqual([unknown.status, unknown.body.message], [404, '企业不存在']);
    // Every server message, not only those above: one word for one thing across the product.
    const mixed = Object.entries(serverCatalogues.zh_CN).filter(([, text]) => text.includes('组织'));
    assert.deepEqual(mixed, []);
  });

  it('lists its administrators to members, and refuses outsiders', async () => {
    const acme = await idOf('organizations', 'name', 'Acme Engineering');
    const admins = await demo.get(`/uiless/api/organizations/${acme}/appAdmins`);
    assert.deepEqual(admins.body, {
      result: [{ _userId: await idOf('users', 'username', 'demo'), name: 'Demo User' }],
    });
    const studio = await idOf('organizations', 'name', 'Blue Harbor Design Studio');
    const outsider = new Client(server.url);
    await outsider.login('outsider', 'Outsider@2026');
    const refused = await outsider.get(`/uiless/api/organizations/${studio}/appAdmins`);
    assert.deepEqual([refused.status, refused.body.code], [403, 'not_member']);
  });
});

describe('calling with a personal access token', () => {
  async function token(scopes: string[]): Promise<string> {
    const answer = await demo.post('/users/ajax/v1/my/tokens', {
      name: `orgs ${scopes.join(' ')}`,
      expires_at: inDays(server, 7),
      token_scopes: scopes,
      created_at: server.clock.now().toISOString(),
    });
    assert.equal(answer.status, 201, answer.text);
    return answer.body.token;
  }

  it('lists organizations with the organization read scope, and not without it', async () => {
    const bot = new Client(server.url);
    const allowed = await bot.post(
      LIST,
      {},
      { headers: { authorization: `Bearer ${await token(['org:profile:read'])}` } },
    );
    assert.equal(allowed.status, 200);
    assert.equal(allowed.body.organizations.length, 50);
    const other = await bot.post(
      LIST,
      {},
      { headers: { authorization: `Bearer ${await token(['user:profile:read'])}` } },
    );
    assert.deepEqual([other.status, other.body.code], [403, 'insufficient_scope']);
  });

  it('cannot switch the current organization', async () => {
    const bot = new Client(server.url);
    const lab = await idOf('organizations', 'name', 'Open Source Lab');
    const answer = await bot.put(
      SWITCH,
      { organization_id: lab },
      { headers: { authorization: `Bearer ${await token(['org:profile:read'])}` } },
    );
    assert.deepEqual([answer.status, answer.body.code], [403, 'session_required']);
  });
});
