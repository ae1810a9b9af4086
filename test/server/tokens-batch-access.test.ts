/**
 * `tokens:batch` for another user (audit h3 finding 2): being admin of an organization the user
 * belongs to is not enough; its rules (open, RAM user, IP allowlist, order) must let the caller
 * in from this request, as `enterOrganization` would.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';

const server = useTestServer();

/** An organization with `admin` as its admin and `member` as a member, under `rules`. */
async function addOrg(
  admin: string,
  member: string,
  rules: { ip_allowlist?: string[]; order_expires_at?: Date; disabled_at?: Date } = {},
): Promise<string> {
  const db = server.database.db;
  const id = `org_${randomBytes(6).toString('hex')}`;
  await db
    .insertInto('organizations')
    .values({ id, name: `Batch ${id}`, logo: null, ...rules })
    .execute();
  await db
    .insertInto('memberships')
    .values([
      { org_id: id, user_id: admin, role: 'admin' },
      { org_id: id, user_id: member, role: 'member' },
    ])
    .execute();
  return id;
}

async function signIn(username: string, password: string): Promise<Client> {
  const client = new Client(server.url);
  assert.equal((await client.login(username, password)).status, 200);
  return client;
}

describe('listing the tokens of a member through tokens:batch', () => {
  it('refuses an admin whose only shared organization turns them away from this address', async () => {
    const adminId = await addUser(server, 'tb_blocked_admin', 'Admin@2026');
    const memberId = await addUser(server, 'tb_member_one', 'Member@2026');
    const org = await addOrg(adminId, memberId, { ip_allowlist: ['10.0.0.0/8'] });
    const member = await signIn('tb_member_one', 'Member@2026');
    const created = await member.post('/users/ajax/v1/my/tokens', {
      name: 'ci',
      expires_at: inDays(server, 5),
      token_scopes: ['user:profile:read'],
    });
    assert.equal(created.status, 201, created.text);

    const admin = await signIn('tb_blocked_admin', 'Admin@2026');
    const entered = await admin.get(`/uiless/api/organizations/${org}`);
    assert.equal(entered.body.code, 'ip_restricted', 'the organization itself refuses the admin here');
    const listed = await admin.post('/users/ajax/v1/tokens:batch', { user_id: memberId });
    assert.equal(listed.status, 403, listed.text);
    assert.equal(listed.body.code, 'forbidden');
    assert.equal(listed.body.access_tokens, undefined);
    const unknown = await admin.post('/users/ajax/v1/tokens:batch', { user_id: 'u_00000000000000000000' });
    assert.deepEqual([unknown.status, unknown.body.code], [403, 'forbidden'], 'the same answer as for no user');
  });

  it('refuses an admin of an organization whose order expired or that is disabled', async () => {
    const adminId = await addUser(server, 'tb_expired_admin', 'Admin@2026');
    const memberId = await addUser(server, 'tb_member_two', 'Member@2026');
    await addOrg(adminId, memberId, { order_expires_at: new Date(server.clock.now().getTime() - 1000) });
    await addOrg(adminId, memberId, { disabled_at: server.clock.now() });
    const admin = await signIn('tb_expired_admin', 'Admin@2026');
    const listed = await admin.post('/users/ajax/v1/tokens:batch', { user_id: memberId });
    assert.equal(listed.status, 403, listed.text);
  });

  it('lets an admin of an organization they may enter list the member’s tokens', async () => {
    const adminId = await addUser(server, 'tb_open_admin', 'Admin@2026');
    const memberId = await addUser(server, 'tb_member_three', 'Member@2026');
    // One blocked organization and one open one: the open one is enough.
    await addOrg(adminId, memberId, { ip_allowlist: ['10.0.0.0/8'] });
    await addOrg(adminId, memberId, { ip_allowlist: ['127.0.0.0/8', '::1/128'] });
    const member = await signIn('tb_member_three', 'Member@2026');
    const created = await member.post('/users/ajax/v1/my/tokens', {
      name: 'deploy',
      expires_at: inDays(server, 5),
      token_scopes: ['user:profile:read'],
    });
    assert.equal(created.status, 201, created.text);
    const admin = await signIn('tb_open_admin', 'Admin@2026');
    const listed = await admin.post('/users/ajax/v1/tokens:batch', { user_id: memberId });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(
      listed.body.access_tokens.map((t: { name: string }) => t.name),
      ['deploy'],
    );
  });
});
