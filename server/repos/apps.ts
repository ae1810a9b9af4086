/** SQL for the app catalogue (§1) and the apps organizations have installed. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AppsTable, Database } from '../db/schema';

type Db = Kysely<Database>;

/** A catalogue row. */
export type AppRow = AppsTable;

/** A catalogue app by id or VPC id. */
export async function findApp(db: Db, idOrVpcId: string): Promise<AppRow | undefined> {
  return db
    .selectFrom('apps')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrVpcId), eb('vpc_id', '=', idOrVpcId)]))
    .orderBy(sql`id = ${idOrVpcId}`, 'desc')
    .executeTakeFirst();
}

/** An app the organization has installed, by id or VPC id. */
export async function findInstalledApp(db: Db, orgId: string, idOrVpcId: string): Promise<AppRow | undefined> {
  return db
    .selectFrom('apps as a')
    .innerJoin('org_apps as oa', 'oa.app_id', 'a.id')
    .selectAll('a')
    .where('oa.org_id', '=', orgId)
    .where((eb) => eb.or([eb('a.id', '=', idOrVpcId), eb('a.vpc_id', '=', idOrVpcId)]))
    .executeTakeFirst();
}

/** Escapes `%`, `_` and `\` so a keyword matches literally inside ILIKE. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Catalogue apps, optionally only those installed in `orgId`, optionally only those whose id,
 * English or Chinese name contains `keyword` (case-insensitive). Unordered: callers sort.
 */
export async function searchApps(db: Db, filter: { orgId?: string; keyword?: string }): Promise<AppRow[]> {
  let query = db.selectFrom('apps as a').selectAll('a');
  if (filter.orgId !== undefined) {
    const orgId = filter.orgId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('org_apps as oa')
          .select(sql`1`.as('one'))
          .whereRef('oa.app_id', '=', 'a.id')
          .where('oa.org_id', '=', orgId),
      ),
    );
  }
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    query = query.where((eb) =>
      eb.or([eb('a.id', 'ilike', pattern), eb('a.name', 'ilike', pattern), eb('a.name_cn', 'ilike', pattern)]),
    );
  }
  return query.execute();
}

/** Ids of the apps an organization has installed. */
export async function installedAppIds(db: Db, orgId: string): Promise<string[]> {
  const rows = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', orgId).execute();
  return rows.map((r) => r.app_id);
}
