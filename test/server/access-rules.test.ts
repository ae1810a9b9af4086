/**
 * The organization rules in their non-throwing form (`rulesRefusal`): a refusal is a value, so a
 * caller that only asks "may they enter?" (tokens:batch) needs no try/catch, and a fault — the
 * query failing, or data the rules cannot read — is never mistaken for a refusal: it answers 5xx.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { checkRules, rulesRefusal } from '../../server/orgs/access';
import type { AccessContext } from '../../server/orgs/access';
import { AppError } from '../../server/errors';
import type { Membership } from '../../server/repos/organizations';
import { useTestServer } from './helpers/server';
import { Client } from './helpers/client';
import { addUser, inDays } from './helpers/tokens';

const NOW = new Date('2026-03-01T00:00:00Z');

function membership(org: Partial<Membership['org']> = {}): Membership {
  return {
    role: 'admin',
    org: {
      id: 'org_rules',
      name: 'Rules',
      logo: null,
      created_at: NOW,
      purchaser_cloud_account_id: null,
      ip_allowlist: [],
      order_expires_at: null,
      disabled_at: null,
      ...org,
    },
  };
}

const context = (over: Partial<AccessContext> = {}): AccessContext => ({
  cloudAccountId: null,
  address: '203.0.113.7',
  now: NOW,
  global: false,
  ...over,
});

/** What checkRules does with the same input: the code it throws, or null. */
function thrownCode(m: Membership, ctx: AccessContext): string | null {
  try {
    checkRules(m, ctx);
    return null;
  } catch (error) {
    assert.ok(error instanceof AppError, 'checkRules throws only refusals for well-formed data');
    return error.code;
  }
}

describe('rulesRefusal', () => {
  const cases: Array<[string, Membership, AccessContext, string | null]> = [
    ['an open organization', membership(), context(), null],
    ['a disabled one', membership({ disabled_at: NOW }), context(), 'organization_inaccessible'],
    [
      'a RAM user of another cloud account',
      membership({ purchaser_cloud_account_id: 'ca_1' }),
      context({ cloudAccountId: 'ca_2' }),
      'ram_user_forbidden',
    ],
    [
      'a RAM user of the purchasing account',
      membership({ purchaser_cloud_account_id: 'ca_1' }),
      context({ cloudAccountId: 'ca_1' }),
      null,
    ],
    ['an address outside the allowlist', membership({ ip_allowlist: ['10.0.0.0/8'] }), context(), 'ip_restricted'],
    ['an address inside it', membership({ ip_allowlist: ['203.0.113.0/24'] }), context(), null],
    ['an expired order', membership({ order_expires_at: NOW }), context(), 'order_expired'],
    ['an order still running', membership({ order_expires_at: new Date(NOW.getTime() + 1) }), context(), null],
    [
      'several broken rules (the first one wins)',
      membership({ disabled_at: NOW, ip_allowlist: ['10.0.0.0/8'], order_expires_at: NOW }),
      context(),
      'organization_inaccessible',
    ],
  ];
  for (const [what, m, ctx, code] of cases) {
    it(`answers ${code ?? 'null'} for ${what}, as checkRules throws`, () => {
      const refusal = rulesRefusal(m, ctx);
      assert.equal(refusal?.code ?? null, code);
      if (refusal) assert.equal(refusal.status, 403);
      assert.equal(thrownCode(m, ctx), code);
    });
  }

  it('throws on data it cannot read instead of calling it a refusal', () => {
    const broken = membership({ ip_allowlist: undefined as unknown as string[] });
    assert.throws(() => rulesRefusal(broken, context()), TypeError);
  });
});

describe('tokens:batch when the rules cannot be judged', () => {
  const server = useTestServer();

  /** An admin signed in, and a member with a token, sharing one open organization. */
  async function adminAndMember(tag: string) {
    const adminName = `ar_admin_${tag}`;
    const memberName = `ar_member_${tag}`;
    const adminId = await addUser(server, adminName, 'Admin@2026');
    const memberId = await addUser(server, memberName, 'Member@2026');
    const org = `org_${randomBytes(6).toString('hex')}`;
    const db = server.deps.db;
    await db
      .insertInto('organizations')
      .values({ id: org, name: `Rules ${org}`, logo: null })
      .execute();
    await db
      .insertInto('memberships')
      .values([
        { org_id: org, user_id: adminId, role: 'admin' },
        { org_id: org, user_id: memberId, role: 'member' },
      ])
      .execute();
    const member = new Client(server.url);
    assert.equal((await member.login(memberName, 'Member@2026')).status, 200);
    const created = await member.post('/users/ajax/v1/my/tokens', {
      name: 'ci',
      expires_at: inDays(server, 5),
      token_scopes: ['user:profile:read'],
    });
    assert.equal(created.status, 201, created.text);
    const admin = new Client(server.url);
    assert.equal((await admin.login(adminName, 'Admin@2026')).status, 200);
    return { admin, memberId };
  }

  it('lists the member’s tokens while nothing is wrong', async () => {
    const { admin, memberId } = await adminAndMember('ok');
    const listed = await admin.post('/users/ajax/v1/tokens:batch', { user_id: memberId });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.access_tokens.length, 1);
  });

  it('answers 5xx, not 403, when the query of the organizations fails', async () => {
    const { admin, memberId } = await adminAndMember('query');
    await sql`alter table memberships rename column role to role_away`.execute(server.deps.db);
    try {
      const listed = await admin.post('/users/ajax/v1/tokens:batch', { user_id: memberId });
      assert.ok(listed.status >= 500, `${listed.status} ${listed.text}`);
      assert.equal(listed.body.access_tokens, undefined);
    } finally {
      await sql`alter table memberships rename column role_away to role`.execute(server.deps.db);
    }
  });

  it('answers 5xx, not 403, when an organization row cannot be judged', async () => {
    const { admin, memberId } = await adminAndMember('data');
    // The row comes back without its allowlist: the IP rule faults rather than refuses.
    await sql`alter table organizations rename column ip_allowlist to ip_allowlist_away`.execute(server.deps.db);
    try {
      const listed = await admin.post('/users/ajax/v1/tokens:batch', { user_id: memberId });
      assert.ok(listed.status >= 500, `${listed.status} ${listed.text}`);
      assert.equal(listed.body.code, 'internal_error');
      assert.equal(listed.body.access_tokens, undefined);
    } finally {
      await sql`alter table organizations rename column ip_allowlist_away to ip_allowlist`.execute(server.deps.db);
    }
  });
});
