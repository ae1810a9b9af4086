/** SQL for users: lookups, login bookkeeping (failed attempts, freezing) and preferences. */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Locale } from '../../src/core/settings';
import type { Database, NewUser, UserRow } from '../db/schema';

type Db = Kysely<Database>;

/** A user by id. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user by login account: the username, or a verified email address; both case-insensitive. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', key),
        eb.and([eb(sql`lower(email)`, '=', key), eb('email_verified', '=', true)]),
      ]),
    )
    .executeTakeFirst();
}

/** Inserts users (the seed and later sign-up flows). */
export async function insertUsers(db: Db, users: NewUser[]): Promise<void> {
  if (users.length) await db.insertInto('users').values(users).execute();
}

/**
 * Counts one wrong password atomically (two concurrent attempts both count). On reaching
 * `maxAttempts` the account is frozen until `frozenUntil` and the counter starts again.
 * Returns whether this attempt froze the account.
 */
export async function recordFailedLogin(
  db: Db,
  userId: string,
  maxAttempts: number,
  frozenUntil: Date,
): Promise<{ frozen: boolean }> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      failed_attempts: eb
        .case()
        .when('failed_attempts', '>=', maxAttempts - 1)
        .then(0)
        .else(eb('failed_attempts', '+', 1))
        .end(),
      frozen_until: eb
        .case()
        .when('failed_attempts', '>=', maxAttempts - 1)
        .then(frozenUntil)
        .else(eb.ref('frozen_until'))
        .end(),
    }))
    .where('id', '=', userId)
    .returning('failed_attempts')
    .executeTakeFirst();
  // The counter returns to 0 only when this very update froze the account.
  return { frozen: row?.failed_attempts === 0 };
}

/** A successful login clears the wrong-password count and any lapsed freeze. */
export async function recordSuccessfulLogin(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ failed_attempts: 0, frozen_until: null }).where('id', '=', userId).execute();
}

/** Saves the interface language. */
export async function updateLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}
