/** SQL for organizations and memberships as far as member lookups and page settings need them. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** One member as the suite shows it (§3 Member). */
export interface MemberName {
  _userId: string;
  name: string;
}

/** Of `ids`, the users who share at least one organization with `viewerId` (or are the viewer). */
export async function namesVisibleTo(db: Db, viewerId: string, ids: string[]): Promise<MemberName[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as u')
    .select(['u.id as _userId', 'u.name'])
    .where('u.id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb('u.id', '=', viewerId),
        eb.exists(
          eb
            .selectFrom('memberships as mine')
            .innerJoin('memberships as theirs', 'theirs.org_id', 'mine.org_id')
            .select(sql`1`.as('one'))
            .where('mine.user_id', '=', viewerId)
            .whereRef('theirs.user_id', '=', 'u.id'),
        ),
      ]),
    )
    .orderBy('u.id')
    .execute();
}

/** Of `ids`, the members of one organization. */
export async function orgMemberNames(db: Db, orgId: string, ids: string[]): Promise<MemberName[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as _userId', 'u.name'])
    .where('m.org_id', '=', orgId)
    .where('u.id', 'in', ids)
    .orderBy('u.id')
    .execute();
}

/** Whether a user belongs to an organization. */
export async function isMember(db: Db, orgId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('org_id')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The organization a user joined first: the default "current" one for page settings. */
export async function firstOrganizationId(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('org_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('org_id')
    .limit(1)
    .executeTakeFirst();
  return row?.org_id;
}
