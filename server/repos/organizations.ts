/**
 * SQL for organizations as a member sees them: membership with the organization's access rules,
 * the paged list of one user's organizations, the current (last) workspace and the admins.
 */
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrganizationsTable } from '../db/schema';

type Db = Kysely<Database>;

/** An organization row with every rule column. */
export type OrganizationRow = Selectable<OrganizationsTable>;

/** One user's membership of one organization. */
export interface Membership {
  org: OrganizationRow;
  role: 'admin' | 'member';
}

/** The organization and the user's role in it, or undefined when the user is not a member (or
 * the organization does not exist: the caller cannot tell the two apart, on purpose). */
export async function findMembership(db: Db, orgId: string, userId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('organizations as o')
    .innerJoin('memberships as m', 'm.org_id', 'o.id')
    .selectAll('o')
    .select('m.role')
    .where('o.id', '=', orgId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { role, ...org } = row;
  return { org, role };
}

/**
 * The user's current organization: the last workspace while they still belong to it, else the
 * organization they joined first (same order as {@link listOrganizationsPage}).
 */
export async function currentOrganizationId(db: Db, userId: string): Promise<string | undefined> {
  const last = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.org_id', '=', 'u.last_org_id').onRef('m.user_id', '=', 'u.id'),
    )
    .select('m.org_id')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (last) return last.org_id;
  const first = await db
    .selectFrom('memberships')
    .select('org_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('org_id')
    .limit(1)
    .executeTakeFirst();
  return first?.org_id;
}

/** Remembers the organization the user switched to. */
export async function setLastOrganization(db: Db, userId: string, orgId: string): Promise<void> {
  await db.updateTable('users').set({ last_org_id: orgId }).where('id', '=', userId).execute();
}

/** Where a page ends: the joining time in whole microseconds since 1970 (exact, unlike a JS
 * Date, which would drop PostgreSQL's microseconds and repeat or skip rows) and the org id. */
export interface OrgCursor {
  micros: string;
  orgId: string;
}

/** One organization in a page. */
export interface OrgListItem {
  id: string;
  name: string;
  logo: string | null;
  cursor: OrgCursor;
}

/**
 * A page of the user's organizations in joining order, keyset-paged on (joined at, org id) so
 * that rows added or removed meanwhile never make a page repeat or skip another's rows. Returns
 * up to `limit` items and whether more follow.
 */
export async function listOrganizationsPage(
  db: Db,
  userId: string,
  after: OrgCursor | undefined,
  limit: number,
): Promise<{ items: OrgListItem[]; more: boolean }> {
  const micros = sql<string>`(extract(epoch from m.created_at) * 1000000)::bigint::text`;
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.org_id')
    .select(['o.id', 'o.name', 'o.logo', micros.as('micros')])
    .where('m.user_id', '=', userId);
  if (after) {
    const at = sql`timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond'`;
    query = query.where(sql<boolean>`(m.created_at, m.org_id) > (${at}, ${after.orgId})`);
  }
  const rows = await query
    .orderBy('m.created_at')
    .orderBy('m.org_id')
    .limit(limit + 1)
    .execute();
  const items = rows.slice(0, limit).map((r) => ({
    id: r.id,
    name: r.name,
    logo: r.logo,
    cursor: { micros: r.micros, orgId: r.id },
  }));
  return { items, more: rows.length > limit };
}

/** The administrators of an organization, by name. */
export async function organizationAdmins(db: Db, orgId: string): Promise<Array<{ _userId: string; name: string }>> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as _userId', 'u.name'])
    .where('m.org_id', '=', orgId)
    .where('m.role', '=', 'admin')
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}
