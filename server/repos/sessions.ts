/** SQL for sessions (and anonymous pre-sessions). Ids arrive here already hashed. */
import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../db/schema';

type Db = Kysely<Database>;

/** Stores a new session row. */
export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** Every column of a user row, read together with the session (see {@link findSession}). */
const USER_COLUMNS = [
  'id',
  'username',
  'name',
  'email',
  'email_verified',
  'password_hash',
  'locale',
  'avatar',
  'must_change_password',
  'risk_check',
  'failed_attempts',
  'frozen_until',
  'created_at',
  'cloud_account_id',
  'last_org_id',
  'tokens_version',
] as const satisfies ReadonlyArray<keyof UserRow>;
// A column added to the users table must be added above, or this line stops compiling.
const allUserColumns: Exclude<keyof UserRow, (typeof USER_COLUMNS)[number]> extends never ? true : never = true;
void allUserColumns;

/**
 * A session by the hash of its id, when it has not yet expired at `now` (absolute limit), with
 * its user when it is signed in. One query, since every request makes it.
 */
export async function findSession(
  db: Db,
  idHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select(USER_COLUMNS.map((c) => `users.${c} as user.${c}` as const))
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const fields = row as unknown as Record<string, unknown>;
  const session = {} as Record<string, unknown>;
  const user = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('user.')) user[key.slice(5)] = value;
    else session[key] = value;
  }
  return { session: session as SessionRow, user: user.id ? (user as UserRow) : undefined };
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
