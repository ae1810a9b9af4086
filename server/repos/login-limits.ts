/**
 * SQL for the sign-in limits that live outside the users table: wrong-password counts of names
 * that are not a local account (or of one account on one known device), and fixed-window request
 * counters (the account check, failed sign-ins per client address).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The wrong-password count and freeze of one name hash (none: zero, not frozen). */
export async function nameFailures(db: Db, nameHash: string): Promise<{ failures: number; frozenUntil: Date | null }> {
  const row = await db
    .selectFrom('login_failures')
    .select(['failures', 'frozen_until'])
    .where('name_hash', '=', nameHash)
    .executeTakeFirst();
  return { failures: row?.failures ?? 0, frozenUntil: row?.frozen_until ?? null };
}

/**
 * Counts one wrong password of a name, atomically, like `recordFailedLogin` does for accounts:
 * the `max`-th freezes the name until `frozenUntil` and starts the count again.
 */
export async function recordNameFailure(
  db: Db,
  nameHash: string,
  max: number,
  frozenUntil: Date,
  now: Date,
): Promise<{ frozen: boolean }> {
  const row = await db
    .insertInto('login_failures')
    .values({ name_hash: nameHash, failures: 1, frozen_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.column('name_hash').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failures.failures', '>=', max - 1)
          .then(0)
          .else(eb('login_failures.failures', '+', 1))
          .end(),
        frozen_until: eb
          .case()
          .when('login_failures.failures', '>=', max - 1)
          .then(frozenUntil)
          .else(eb.ref('login_failures.frozen_until'))
          .end(),
        updated_at: now,
      })),
    )
    .returning('failures')
    .executeTakeFirst();
  return { frozen: row?.failures === 0 };
}

/** Forgets a name's wrong passwords (after a success). */
export async function clearNameFailures(db: Db, nameHash: string): Promise<void> {
  await db.deleteFrom('login_failures').where('name_hash', '=', nameHash).execute();
}

/**
 * Counts one hit of `key` in a fixed window of `windowMs`; returns the hits so far in this
 * window and when it started (a new window starts at the first hit after the last one ended).
 */
export async function hit(db: Db, key: string, now: Date, windowMs: number): Promise<{ hits: number; since: Date }> {
  const stale = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('request_counters')
    .values({ key, window_started_at: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('request_counters.window_started_at', '<=', stale)
          .then(1)
          .else(eb('request_counters.hits', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('request_counters.window_started_at', '<=', stale)
          .then(now)
          .else(eb.ref('request_counters.window_started_at'))
          .end(),
      })),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, since: row.window_started_at };
}

/**
 * The hits of `key` in its current window of `windowMs`, without counting one: what {@link hit}
 * would have said before this request (none, or a window that has passed: zero).
 */
export async function peekHits(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ hits: number; since: Date }> {
  const row = await db
    .selectFrom('request_counters')
    .select(['hits', 'window_started_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.window_started_at.getTime() <= now.getTime() - windowMs) return { hits: 0, since: now };
  return { hits: row.hits, since: row.window_started_at };
}

/** Drops counters and name failures nobody has touched since `before`. */
export async function sweepLimits(db: Db, before: Date, now: Date): Promise<void> {
  await db.deleteFrom('request_counters').where('window_started_at', '<', before).execute();
  await db
    .deleteFrom('login_failures')
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('frozen_until', 'is', null), eb('frozen_until', '<', now)]))
    .execute();
}
