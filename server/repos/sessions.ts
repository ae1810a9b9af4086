/** SQL for sessions (and anonymous pre-sessions). Ids arrive here already hashed. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../db/schema';

type Db = Kysely<Database>;

/** Stores a new session row. */
export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/**
 * The user columns every request reads with its session: what the hot routes and the
 * authorization checks use. Each extra column costs every request its decoding (~0.03 ms on the
 * embedded database), so a route that needs more of the row (profile views, password change)
 * reads it itself (`currentUser` in ../auth/middleware).
 */
export const SESSION_USER_COLUMNS = ['id', 'username', 'locale', 'tokens_version', 'cloud_account_id'] as const;
/** The part of a user row a request's principal carries (see {@link SESSION_USER_COLUMNS}). */
export type SessionUser = Pick<UserRow, (typeof SESSION_USER_COLUMNS)[number]>;

/**
 * A session by the hash of its id, when it has not yet expired at `now` (absolute limit), with
 * its user when it is signed in. One query, since every request makes it: the
 * `session_with_user` function of migration 0014, whose plan the database keeps (the same join
 * sent as SQL is planned again on every call, which on the embedded database costs more than
 * running it). It returns the session's columns and {@link SESSION_USER_COLUMNS} as `user.<column>`.
 */
export async function findSession(
  db: Db,
  idHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: SessionUser | undefined } | undefined> {
  const { rows } = await sql<Record<string, unknown>>`select * from session_with_user(${idHash}, ${now})`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const session = {} as Record<string, unknown>;
  const user = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('user.')) user[key.slice(5)] = value;
    else session[key] = value;
  }
  return { session: session as SessionRow, user: user.id ? (user as SessionUser) : undefined };
}

/** Marks a session as used at `now` (the idle limit counts from here). */
export async function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

/** Ends one session. */
export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Removes sessions past their absolute or idle limit. Returns how many went. */
export async function deleteExpiredSessions(db: Db, now: Date, idleBefore: Date, anonIdleBefore: Date) {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('user_id', 'is not', null), eb('last_seen_at', '<', idleBefore)]),
        eb.and([eb('user_id', 'is', null), eb('last_seen_at', '<', anonIdleBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Extends a pre-session whose cookie came back to its full lifetime (and marks it used now). */
export async function confirmPreSession(db: Db, idHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt, last_seen_at: now })
    .where('id_hash', '=', idHash)
    .where('user_id', 'is', null)
    .execute();
}

/**
 * Deletes pre-sessions still in their first, unconfirmed lifetime — those that expire no later
 * than `unconfirmedUntil[i]` — so that a confirmed one (extended since) is never taken by mistake.
 * One that holds a sign-in in progress (an SSO login state, `login_oidc_states`, or a pending
 * login or password flow, `login_flows`) is kept: its browser is expected back.
 */
export async function deleteUnconfirmedPreSessions(
  db: Db,
  rows: ReadonlyArray<{ idHash: string; unconfirmedUntil: Date }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .deleteFrom('sessions')
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.or(rows.map((r) => eb.and([eb('id_hash', '=', r.idHash), eb('expires_at', '<=', r.unconfirmedUntil)]))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('login_oidc_states')
            .select('state_hash')
            .whereRef('login_oidc_states.session_hash', '=', 'sessions.id_hash'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('login_flows').select('purpose').whereRef('login_flows.session_hash', '=', 'sessions.id_hash'),
        ),
      ),
    )
    .execute();
}

/**
 * Deletes at most `limit` pre-sessions that expired by `now`: cheap enough to run whenever one is
 * opened. Rows another statement is deleting right now are skipped, not waited for.
 */
export async function deleteExpiredPreSessions(db: Db, now: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id_hash', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', 'is', null)
        .where('expires_at', '<=', now)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
