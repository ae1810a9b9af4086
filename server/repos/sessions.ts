/** SQL for sessions (and anonymous pre-sessions). Ids arrive here already hashed. */
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../db/schema';

type Db = Kysely<Database>;

/** Stores a new session row. */
export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A session by the hash of its id, when it has not yet expired at `now` (absolute limit). */
export async function findSession(db: Db, idHash: string, now: Date): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
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
