/**
 * 0002: personal access tokens. The value itself is never stored: only its SHA-256 (hex), which
 * is unique so a bearer call finds its token by one index lookup.
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

/** Creates `access_tokens`: unique digest, and the index the newest-first list walks. */
export async function up(db: AnyDb): Promise<void> {
  await run(
    db,
    `
    create table access_tokens (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      name text not null,
      description text,
      scopes text[] not null,
      token_hash text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      last_used_at timestamptz
    );
    create unique index access_tokens_hash on access_tokens (token_hash);
    create index access_tokens_user_created on access_tokens (user_id, created_at desc, id)
  `,
  );
}

/** Drops `access_tokens`. */
export async function down(db: AnyDb): Promise<void> {
  await run(db, 'drop table access_tokens');
}
