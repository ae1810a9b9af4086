/**
 * 0003: the profile issue. Email activation links (stored as SHA-256 only), send throttles,
 * uploaded avatars (who uploaded what) and the database object store (bytea) behind
 * `server/storage/`.
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
    create table email_tokens (
      token_hash text primary key,
      user_id text not null references users (id) on delete cascade,
      email text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index email_tokens_user on email_tokens (user_id);
    create index email_tokens_expires on email_tokens (expires_at);

    create table send_throttles (
      key text primary key,
      last_sent_at timestamptz not null
    );

    create table avatars (
      name text primary key,
      user_id text not null references users (id) on delete cascade,
      content_type text not null,
      size integer not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null
    );
    create index avatars_user on avatars (user_id, created_at);

    create table stored_objects (
      key text primary key,
      content_type text not null,
      data bytea not null,
      created_at timestamptz not null
    )
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(db, 'drop table stored_objects; drop table avatars; drop table send_throttles; drop table email_tokens');
}
