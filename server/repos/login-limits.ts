/**
 * SQL for the sign-in limits that live outside the users table: wrong-password counts of names
 * that are not a local account (or of one account on one known device), and fixed-window request
 * counters (the account check, failed sign-ins and slider calls per client address group and
 * network, SSO `authorize` calls).
 */
import { sql } from 'kysely';
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

/** Drops counters and name failures nobody has touched since `before`. */
export async function sweepLimits(db: Db, before: Date, now: Date): Promise<void> {
  await db.deleteFrom('request_counters').where('window_started_at', '<', before).execute();
  await db
    .deleteFrom('login_failures')
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('frozen_until', 'is', null), eb('frozen_until', '<', now)]))
    .execute();
}

/** One counter's hits in its current window, and when that window started. */
export interface Hits {
  hits: number;
  since: Date;
}

/** A hit as counted: its key and the window it went into (to give it back to that window only). */
export interface CountedHit {
  key: string;
  since: Date;
}

/**
 * Counts one hit of a client's address group (`groupKey`) and, only when the group is still
 * within `groupLimit` after it, one of the wider network the group belongs to (`networkKey`;
 * none: not counted), each in a fixed window of `windowMs` as {@link hit} does. One statement:
 * every count is an atomic increment whose result this caller alone sees, so requests sent all
 * at once are told apart, and the network's row is always taken after the group's (no deadlock
 * between callers). `network` is undefined when it was not counted.
 */
export async function hitGroup(
  db: Db,
  q: { groupKey: string; networkKey: string | undefined; groupLimit: number; now: Date; windowMs: number },
): Promise<{ group: Hits; network?: Hits }> {
  if (!q.networkKey) return { group: await hit(db, q.groupKey, q.now, q.windowMs) };
  const stale = new Date(q.now.getTime() - q.windowMs);
  const upsert = sql`on conflict (key) do update set
      hits = case when rc.window_started_at <= ${stale}::timestamptz then 1 else rc.hits + 1 end,
      window_started_at = case when rc.window_started_at <= ${stale}::timestamptz
        then ${q.now}::timestamptz else rc.window_started_at end
    returning hits, window_started_at`;
  const { rows } = await sql<{
    group_hits: number;
    group_since: Date;
    network_hits: number | null;
    network_since: Date | null;
  }>`
    with g as (
      insert into request_counters as rc (key, window_started_at, hits)
      values (${q.groupKey}::text, ${q.now}::timestamptz, 1) ${upsert}
    ), n as (
      insert into request_counters as rc (key, window_started_at, hits)
      select ${q.networkKey}::text, ${q.now}::timestamptz, 1 from g where g.hits <= ${q.groupLimit}::int
      ${upsert}
    )
    select g.hits as group_hits, g.window_started_at as group_since,
      n.hits as network_hits, n.window_started_at as network_since
    from g left join n on true`.execute(db);
  const row = rows[0]!;
  const group = { hits: row.group_hits, since: new Date(row.group_since) };
  if (row.network_hits === null || row.network_since === null) return { group };
  return { group, network: { hits: row.network_hits, since: new Date(row.network_since) } };
}

/** Gives back hits counted earlier, each only if its counter is still in the window it went
 * into (a new window owes nothing), in one statement. */
export async function releaseHits(db: Db, counted: readonly CountedHit[]): Promise<void> {
  if (counted.length === 0) return;
  await db
    .updateTable('request_counters')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('hits', '>', 0)
    .where((eb) => eb.or(counted.map((c) => eb.and([eb('key', '=', c.key), eb('window_started_at', '=', c.since)]))))
    .execute();
}
