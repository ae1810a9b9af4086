/**
 * 0006: the message centre. Keyset indexes for the inbox (newest first, by user and by app), a
 * partial index for unread counts, and `message_events`: the ordered log the live stream reads
 * (new messages and unread-count changes), which also lets a reconnecting client resume from its
 * `Last-Event-ID`.
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
    drop index if exists messages_user_created;
    create index messages_user_keyset on messages (user_id, created_at desc, id desc);
    create index messages_user_app_keyset on messages (user_id, app, created_at desc, id desc);
    create index messages_user_unread on messages (user_id, app) where not read;

    create table message_events (
      id bigserial primary key,
      user_id text not null references users (id) on delete cascade,
      kind text not null check (kind in ('message', 'unread')),
      message_id text,
      created_at timestamptz not null
    );
    create index message_events_user on message_events (user_id, id);
    create index message_events_created on message_events (created_at)
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(
    db,
    `drop table message_events; drop index messages_user_unread; drop index messages_user_app_keyset;
     drop index messages_user_keyset; create index messages_user_created on messages (user_id, created_at desc)`,
  );
}
