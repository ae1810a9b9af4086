import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { FakeClock, startTestServer } from './helpers/server';
import type { TestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser } from './helpers/tokens';

const clock = new FakeClock();
let database: TestDatabase;
let server: TestServer;
let erinId: string;

interface OrgRules {
  ip_allowlist?: string[];
  order_expires_at?: Date;
  purchaser_cloud_account_id?: string;
  disabled_at?: Date;
}

/** An organization with erin (and `more` users) as members and workbench installed. */
async function addOrg(rules: OrgRules = {}, more: string[] = []): Promise<string> {
  const db = server.database.db;
  const id = `org_${randomBytes(6).toString('hex')}`;
  await db
    .insertInto('organizations')
    .values({ id, name: `Rules ${id}`, logo: null, ...rules })
    .execute();
  for (const user_id of [erinId, ...more]) {
    await db.insertInto('memberships').values({ org_id: id, user_id, role: 'member' }).execute();
  }
  await db.insertInto('org_apps').values({ org_id: id, app_id: 'workbench' }).execute();
  return id;
}

async function signIn(username: string, password: string): Promise<Client> {
  const client = new Client(server.url);
  assert.equal((await client.login(username, password)).status, 200);
  return client;
}

const orgIdNamed = async (name: string) =>
  (await server.database.db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

const detail = (client: Client, orgId: string, headers: Record<string, string> = {}) =>
  client.get(`/uiless/api/organizations/${orgId}`, { headers });

before(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, { clock });
  erinId = await addUser(server, 'erin', 'Erin@2026');
});
after(async () => {
  await server.close();
  await database.dispose();
});

describe('given a server reached directly (no proxy), from 127.0.0.1', () => {
  it('turns the demo user away from the seeded organization that allows only private ranges', async () => {
    const demo = await signIn('demo', 'Demo@2026');
    const restricted = await orgIdNamed('Harbor Secure Network');
    for (const answer of [
      await detail(demo, restricted),
      await demo.put('/uiless/api/sdk/users/lastWorkspace', { organization_id: restricted }),
      await demo.get(`/uiless/api/my/apps?organization_id=${restricted}`),
    ]) {
      assert.equal(answer.status, 403);
      assert.equal(answer.body.code, 'ip_restricted');
      assert.equal(answer.body.message, '当前 IP 地址受限，无法访问', 'the demo user reads Chinese');
    }
  });

  it('lets in an address inside the allowlist and ignores X-Forwarded-For', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    const loopback = await addOrg({ ip_allowlist: ['192.168.0.0/16', '127.0.0.0/8'] });
    assert.equal((await detail(erin, loopback)).status, 200);
    const tenNet = await addOrg({ ip_allowlist: ['10.0.0.0/8'] });
    const forged = await detail(erin, tenNet, { 'x-forwarded-for': '10.1.1.1' });
    assert.equal(forged.status, 403);
    assert.equal(forged.body.code, 'ip_restricted');
    assert.equal(forged.body.message, 'Access from your IP address is restricted');
  });

  it('refuses an organization whose order has expired, from the expiry instant on', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    const orgId = await addOrg({ order_expires_at: new Date(clock.now().getTime() + 3600_000) });
    assert.equal((await detail(erin, orgId)).status, 200);
    clock.advance(3600_000);
    const expired = await detail(erin, orgId);
    assert.equal(expired.status, 403);
    assert.equal(expired.body.code, 'order_expired');
    assert.equal(expired.body.message, 'The organization’s order or service has expired');
    const access = await erin.get(`/uiless/api/organizations/${orgId}/apps/workbench/access`);
    assert.equal(access.body.code, 'order_expired', 'the errors page check says why');
  });

  it('refuses the seeded organization with an expired order', async () => {
    const demo = await signIn('demo', 'Demo@2026');
    const answer = await demo.get(`/uiless/api/organizations/${await orgIdNamed('Expired Trial Inc')}/appAdmins`);
    assert.deepEqual([answer.status, answer.body.code], [403, 'order_expired']);
  });

  it('lets a RAM user into organizations bought by their cloud account only', async () => {
    const ramId = await addUser(server, 'ram-dev', 'RamDev@2026');
    await server.database.db.updateTable('users').set({ cloud_account_id: 'acct-1' }).where('id', '=', ramId).execute();
    const ram = await signIn('ram-dev', 'RamDev@2026');
    const ours = await addOrg({ purchaser_cloud_account_id: 'acct-1' }, [ramId]);
    assert.equal((await detail(ram, ours)).status, 200);
    const theirs = await addOrg({ purchaser_cloud_account_id: 'acct-2' }, [ramId]);
    const nobodys = await addOrg({}, [ramId]);
    for (const orgId of [theirs, nobodys]) {
      const refused = await detail(ram, orgId);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'ram_user_forbidden');
      assert.equal(
        refused.body.message,
        'Only RAM users of the cloud account that purchased this organization can access it',
      );
    }
    const erin = await signIn('erin', 'Erin@2026');
    assert.equal((await detail(erin, theirs)).status, 200, 'an ordinary account is not a RAM user');
  });

  it('refuses a disabled organization to its own members', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    const orgId = await addOrg({ disabled_at: clock.now() });
    const answer = await detail(erin, orgId);
    assert.deepEqual([answer.status, answer.body.code], [403, 'organization_inaccessible']);
    assert.equal(answer.body.message, 'The organization is inaccessible');
  });

  it('applies the rules of the x-tenant-id organization to other /uiless/ calls', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    const open = await addOrg();
    const blocked = await addOrg({ ip_allowlist: ['10.0.0.0/8'] });
    const outside = await addOrg();
    await server.database.db.deleteFrom('memberships').where('org_id', '=', outside).execute();
    const search = (tenant: string) =>
      erin.post('/uiless/api/apps:search', { keyword: 'work' }, { headers: { 'x-tenant-id': tenant } });
    assert.equal((await search(open)).status, 200);
    assert.equal((await search(blocked)).body.code, 'ip_restricted');
    assert.equal((await search(outside)).body.code, 'not_member');
    const switched = await erin.put(
      '/uiless/api/sdk/users/lastWorkspace',
      { organization_id: open },
      { headers: { 'x-tenant-id': blocked } },
    );
    assert.equal(switched.status, 200, 'switching away from a blocked tenant stays possible');
  });

  it('tells a user in no organization so when their apps are asked for', async () => {
    await addUser(server, 'nobody', 'Nobody@2026');
    const nobody = await signIn('nobody', 'Nobody@2026');
    const answer = await nobody.get('/uiless/api/my/apps');
    assert.deepEqual([answer.status, answer.body.code], [403, 'no_organization']);
    assert.equal(answer.body.message, 'You are not a member of any organization');
  });
});

describe('given TRUST_PROXY=1 (a reverse proxy in front)', () => {
  before(async () => {
    await server.close();
    server = await startTestServer(database, { clock, config: { trustProxy: true } });
  });

  it('judges the address the proxy appended to X-Forwarded-For, IPv4 and IPv6', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    const orgId = await addOrg({ ip_allowlist: ['10.0.0.0/8', '2001:db8::/32'] });
    const status = async (xff: string) => (await detail(erin, orgId, { 'x-forwarded-for': xff })).status;
    assert.equal(await status('10.1.1.1'), 200);
    assert.equal(await status('203.0.113.7'), 403);
    assert.equal(await status('203.0.113.7, 10.1.1.1'), 200);
    assert.equal(await status('10.1.1.1, 203.0.113.7'), 403, 'an entry the client wrote itself is not believed');
    assert.equal(await status('2001:db8:1::5'), 200);
    assert.equal(await status('2001:db9::5'), 403);
  });

  it('does not fall back to the proxy’s own address when the header is garbled', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    const orgId = await addOrg({ ip_allowlist: ['127.0.0.1'] });
    assert.equal((await detail(erin, orgId)).status, 200, 'no header: the socket address');
    assert.equal((await detail(erin, orgId, { 'x-forwarded-for': 'nonsense' })).body.code, 'ip_restricted');
  });
});

describe('given the global flavour, reached over IPv6 (::1)', () => {
  before(async () => {
    await server.close();
    server = await startTestServer(database, { clock, config: { host: '::1', flavour: 'global' } });
  });

  it('matches the IPv6 socket address against IPv6 entries only', async () => {
    const erin = await signIn('erin', 'Erin@2026');
    assert.match(server.url, /\[::1\]/);
    assert.equal((await detail(erin, await addOrg({ ip_allowlist: ['::1/128'] }))).status, 200);
    assert.equal((await detail(erin, await addOrg({ ip_allowlist: ['2001:db8::/32'] }))).status, 403);
    assert.equal((await detail(erin, await addOrg({ ip_allowlist: ['127.0.0.1'] }))).status, 403);
  });

  it('words the RAM user refusal as the global flavour does', async () => {
    const ram = await signIn('ram-dev', 'RamDev@2026');
    const ramId = (
      await server.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'ram-dev')
        .executeTakeFirstOrThrow()
    ).id;
    const refused = await detail(ram, await addOrg({ purchaser_cloud_account_id: 'acct-2' }, [ramId]));
    assert.equal(refused.body.code, 'ram_user_forbidden');
    assert.match(refused.body.message, /^Only RAM users of the organization purchaser’s cloud account are supported/);
  });
});
