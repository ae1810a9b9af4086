/**
 * SQL for the packages credential. A new password waits in `pending_hash` until
 * `pending_effective_at`; whoever reads the row after that moment promotes it, in SQL, so every
 * server sharing the database agrees on which password is live.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, PackageCredentialRow } from '../db/schema';

type Db = Kysely<Database>;

/** The user's credential, made on first use with `username` (the account's username). */
export async function credentialOf(db: Db, userId: string, username: string, now: Date): Promise<PackageCredentialRow> {
  const existing = await db
    .selectFrom('package_credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto('package_credentials')
    .values({
      user_id: userId,
      username,
      password_hash: null,
      pending_hash: null,
      pending_effective_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('package_credentials').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Queues `hash` as the password from `effectiveAt`. A pending password whose time has already
 * come is promoted first, so it is not lost when another change follows it.
 */
export async function queuePassword(db: Db, userId: string, hash: string, effectiveAt: Date, now: Date): Promise<void> {
  await db
    .updateTable('package_credentials')
    .set({
      password_hash: sql`case when pending_effective_at <= ${now} then pending_hash else password_hash end`,
      pending_hash: hash,
      pending_effective_at: effectiveAt,
    })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The credential with this username (case-insensitive) and the hash that is live at `now`,
 * promoting a pending password whose time has come.
 */
export async function liveCredential(
  db: Db,
  username: string,
  now: Date,
): Promise<{ username: string; hash: string | null } | undefined> {
  const row = await db
    .selectFrom('package_credentials')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const due = row.pending_effective_at && row.pending_hash && row.pending_effective_at <= now;
  if (!due) return { username: row.username, hash: row.password_hash };
  // Conditional on the pending value still being the one read: a newer change is not overwritten.
  await db
    .updateTable('package_credentials')
    .set({ password_hash: row.pending_hash, pending_hash: null, pending_effective_at: null })
    .where('user_id', '=', row.user_id)
    .where('pending_hash', '=', row.pending_hash)
    .execute();
  return { username: row.username, hash: row.pending_hash };
}

/**
 * The fixed-window counter of `key` (see `hit` in login-limits.ts) while its window is still
 * open at `now`, without counting anything; undefined when there is none.
 */
export async function failuresInWindow(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ hits: number; since: Date } | undefined> {
  const row = await db
    .selectFrom('request_counters')
    .select(['hits', 'window_started_at'])
    .where('key', '=', key)
    .where('window_started_at', '>', new Date(now.getTime() - windowMs))
    .executeTakeFirst();
  return row && { hits: row.hits, since: row.window_started_at };
}

/** Gives back one hit of `key`'s window that started at `since` (a check that succeeded); a
 * window that has since been restarted is left alone. */
export async function releaseSlot(db: Db, key: string, since: Date): Promise<void> {
  await db
    .updateTable('request_counters')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('window_started_at', '=', since)
    .where('hits', '>', 0)
    .execute();
}

/** Drops the counters under `prefix` whose window is over at `now` (as `hit` sees it). */
export async function sweepFailureWindows(db: Db, prefix: string, now: Date, windowMs: number): Promise<void> {
  await db
    .deleteFrom('request_counters')
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    .where('window_started_at', '<=', new Date(now.getTime() - windowMs))
    .execute();
}
