/**
 * SQL for the usage tracker's collector: keeping batches under the per-key rate limits, and the
 * demo listing. The limits are counted from the table itself, so every server sharing the
 * database enforces the same numbers and a restart forgets nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Per-key limits of the collector. */
export interface TrackingRateLimits {
  /** Length of the sliding window, ms. */
  windowMs: number;
  /** Most batches (requests) kept per key and window. */
  batches: number;
  /** Most entries kept per key and window. */
  entries: number;
}

/** How long the collector keeps entries. */
export interface TrackingRetention {
  /** Entries older than this go, ms. */
  maxAgeMs: number;
  /** Beyond this many entries, the oldest go. */
  maxRows: number;
}

/** What the collector keeps of one entry. */
export interface TrackingLogEntry {
  kind: string;
  entry: Record<string, unknown>;
}

/** One listed entry. */
export interface TrackingLog extends TrackingLogEntry {
  created_at: Date;
}

/** The result of {@link insertBatch}: kept, or refused with the seconds to wait. */
export type InsertBatchResult = { ok: true } | { ok: false; retryAfterSeconds: number };

// Namespaces the transaction-scoped advisory lock (pg_advisory_xact_lock takes two int4 keys).
const RATE_LOCK = 0x7472_6b00; // "trk\0"

/**
 * Keeps `entries` as one batch of `rateKey`, unless the batch would take the key over `limits`
 * within the window ending at `now`. Count and insert run under a per-key advisory lock, so two
 * requests racing (on two servers) cannot both slip under the limit.
 */
export async function insertBatch(
  db: Kysely<Database>,
  rateKey: string,
  entries: readonly TrackingLogEntry[],
  now: Date,
  limits: TrackingRateLimits,
): Promise<InsertBatchResult> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${RATE_LOCK}, hashtext(${rateKey}))`.execute(tx);
    const since = new Date(now.getTime() - limits.windowMs);
    // At most `limits.batches` rows: the limit itself keeps the window small.
    const batches = await tx
      .selectFrom('tracking_logs')
      .select(['batch_id', (eb) => eb.fn.min('created_at').as('at'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('rate_key', '=', rateKey)
      .where('created_at', '>', since)
      .groupBy('batch_id')
      .orderBy('at')
      .execute();
    const wait = waitFor(
      batches.map((b) => ({ at: new Date(b.at), entries: Number(b.n) })),
      entries.length,
      now,
      limits,
    );
    if (wait > 0) return { ok: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    const batchId = randomUUID();
    await tx
      .insertInto('tracking_logs')
      .values(
        entries.map((e) => ({
          rate_key: rateKey,
          batch_id: batchId,
          kind: e.kind,
          entry: JSON.stringify(e.entry),
          created_at: now,
        })),
      )
      .execute();
    return { ok: true };
  });
}

/** Milliseconds until a batch of `incoming` entries fits: 0 when it fits now, else the time until
 * enough of the oldest batches (oldest first) have left the window. */
function waitFor(
  batches: readonly { at: Date; entries: number }[],
  incoming: number,
  now: Date,
  limits: TrackingRateLimits,
): number {
  let count = batches.length;
  let total = batches.reduce((sum, b) => sum + b.entries, 0);
  let freedAt = now.getTime();
  for (const batch of batches) {
    if (count + 1 <= limits.batches && total + incoming <= limits.entries) break;
    count -= 1;
    total -= batch.entries;
    freedAt = batch.at.getTime() + limits.windowMs;
  }
  return Math.max(0, freedAt - now.getTime());
}

/**
 * Deletes the entries older than `retention.maxAgeMs` before `now`, then all but the newest
 * `retention.maxRows`; returns how many went. Rows are numbered in insertion order, so "newest"
 * is the highest id (found through the primary key, not by counting the table).
 */
export async function sweepTrackingLogs(
  db: Kysely<Database>,
  now: Date,
  retention: TrackingRetention,
): Promise<number> {
  const before = new Date(now.getTime() - retention.maxAgeMs);
  const old = await db.deleteFrom('tracking_logs').where('created_at', '<', before).executeTakeFirst();
  let deleted = Number(old.numDeletedRows);
  const last = await db
    .selectFrom('tracking_logs')
    .select('id')
    .orderBy('id', 'desc')
    .offset(retention.maxRows)
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const over = await db.deleteFrom('tracking_logs').where('id', '<=', last.id).executeTakeFirst();
    deleted += Number(over.numDeletedRows);
  }
  return deleted;
}

/** The latest `limit` entries, oldest first (newest last). */
export async function listTrackingLogs(db: Kysely<Database>, limit = 500): Promise<TrackingLog[]> {
  const rows = await db
    .selectFrom('tracking_logs')
    .select(['id', 'kind', 'entry', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(({ id: _id, ...log }) => log);
}
