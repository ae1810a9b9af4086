/**
 * SQL for personal access tokens. Rows leave this module without `token_hash`, except as the
 * lookup key of {@link findLiveTokenByDigest}; the token value itself never arrives here.
 */
import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { AccessTokensTable, Database, UserRow } from '../db/schema';
import type { Membership } from './organizations';

type Db = Kysely<Database>;

/** A token as the owner may see it: everything but the digest. */
export interface TokenRecord {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
}

/** A row to insert, digest included. */
export type NewTokenRow = Insertable<AccessTokensTable>;

const PUBLIC_COLUMNS = [
  'id',
  'user_id',
  'name',
  'description',
  'scopes',
  'created_at',
  'expires_at',
  'last_used_at',
] as const;

/**
 * Inserts a token unless the user already holds `maxTokens`. The user's row is locked for the
 * count, so two concurrent creations cannot both slip under the limit (also across servers).
 * Returns whether it was inserted.
 */
export async function insertTokenWithinQuota(
  db: Db,
  row: NewTokenRow,
  maxTokens: number,
  /** Runs last in the same transaction (the security notice: it exists only if the token does). */
  afterInsert?: (tx: Db) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().executeTakeFirst();
    const { n } = await tx
      .selectFrom('access_tokens')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    if (n >= maxTokens) return false;
    await tx.insertInto('access_tokens').values(row).execute();
    await afterInsert?.(tx);
    return true;
  });
}

/** Inserts many tokens at once in large multi-row statements (benchmarks and test set-up). */
export async function insertTokensBulk(db: Db, rows: NewTokenRow[]): Promise<void> {
  // 9 parameters a row: 2000 rows stay well under PostgreSQL's 65535 bound parameters.
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto('access_tokens')
      .values(rows.slice(i, i + 2000))
      .execute();
  }
}

/** Which page of whose tokens; `now` decides what counts as expired. */
export interface TokenPageQuery {
  userId: string;
  now: Date;
  includeExpired: boolean;
  limit: number;
  offset: number;
}

/** One page of a user's tokens, newest first (ties by id), and how many there are in all. Both
 * queries walk the (user_id, created_at desc, id) index. */
export async function pageTokens(db: Db, q: TokenPageQuery): Promise<{ rows: TokenRecord[]; total: number }> {
  let base = db.selectFrom('access_tokens').where('user_id', '=', q.userId);
  if (!q.includeExpired) base = base.where('expires_at', '>', q.now);
  const [rows, count] = await Promise.all([
    base
      .select(PUBLIC_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** The first expiry instant after `now` among the user's tokens, if any. */
export async function nextExpiry(db: Db, userId: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** All of a user's tokens, newest first (bounded by the per-user quota). */
export async function listTokens(db: Db, userId: string): Promise<TokenRecord[]> {
  return db
    .selectFrom('access_tokens')
    .select(PUBLIC_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'asc')
    .execute();
}

/** One token of one user (another user's token is simply not found). */
export async function findToken(db: Db, userId: string, id: string): Promise<TokenRecord | undefined> {
  return db
    .selectFrom('access_tokens')
    .select(PUBLIC_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What an edit may change. */
export interface TokenChanges {
  name: string;
  expires_at: Date;
  scopes: string[];
  description?: string | null;
}

/** Updates a token that belongs to the user and has not expired at `now`, in one statement so
 * a token cannot expire between the check and the write. Returns whether a row changed. */
export async function updateLiveToken(
  db: Db,
  userId: string,
  id: string,
  now: Date,
  changes: TokenChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a token of the user. Returns whether one went. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** What a bearer call needs: the token's id, scopes and last use, and its owner. */
export interface LiveToken {
  tokenId: string;
  scopes: string[];
  lastUsedAt: Date | null;
  user: UserRow;
}

/** The unexpired token with this digest, with its owner, in one indexed query. */
export async function findLiveTokenByDigest(db: Db, digest: string, now: Date): Promise<LiveToken | undefined> {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select(['t.id as token_id', 't.scopes as token_scopes', 't.last_used_at as token_last_used_at'])
    .where('t.token_hash', '=', digest)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id, token_scopes, token_last_used_at, ...user } = row;
  return { tokenId: token_id, scopes: token_scopes, lastUsedAt: token_last_used_at, user };
}

/** Records a use at `now` unless one was recorded after `notAfter`. Conditional, so concurrent
 * calls (and several servers) write at most once per window. */
export async function touchToken(db: Db, id: string, now: Date, notAfter: Date): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', notAfter)]))
    .execute();
}

/** The catalogue apps installed in any organization the user belongs to, and whether they
 * belong to one at all: what decides the scopes they may grant. */
export async function grantContext(db: Db, userId: string): Promise<{ apps: Set<string>; inSomeOrg: boolean }> {
  const rows = await db
    .selectFrom('memberships as m')
    .leftJoin('org_apps as oa', 'oa.org_id', 'm.org_id')
    .select('oa.app_id')
    .distinct()
    .where('m.user_id', '=', userId)
    .execute();
  const apps = new Set(rows.flatMap((r) => (r.app_id ? [r.app_id] : [])));
  return { apps, inSomeOrg: rows.length > 0 };
}

/** The organizations `adminId` administers that `userId` belongs to (with `adminId`'s role). */
export async function administeredOrgsOf(db: Db, adminId: string, userId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom('memberships as admin')
    .innerJoin('memberships as member', 'member.org_id', 'admin.org_id')
    .innerJoin('organizations as o', 'o.id', 'admin.org_id')
    .selectAll('o')
    .where('admin.user_id', '=', adminId)
    .where('admin.role', '=', 'admin')
    .where('member.user_id', '=', userId)
    .execute();
  return rows.map((org) => ({ org, role: 'admin' as const }));
}
