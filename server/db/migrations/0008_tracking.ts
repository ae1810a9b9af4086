/**
 * 0008: the usage tracker's collector (`POST /tracking/logs`). One row per entry; `batch_id`
 * groups the entries of one request, so the per-minute limits of batches and of entries are both
 * counted from this table (no limiter state in memory, so several servers share the limits).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Runs `;`-separated DDL one statement at a time (prepared statements take only one). */
async function run(db: AnyDb, script: string): Promise<void> {
  for (const statement of script.split(';').map((s) => s.trim())) {
    if (statement) await sql.raw(statement).execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await run(
    db,
    `
    create table tracking_logs (
      id bigserial primary key,
      rate_key text not null,
      batch_id text not null,
      kind text not null,
      entry jsonb not null,
      created_at timestamptz not null
    );
    create index tracking_logs_rate on tracking_logs (rate_key, created_at)
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(db, `drop table tracking_logs`);
}
