/**
 * 0009: `users.tokens_version`, a counter every change to a user's access tokens bumps (insert,
 * edit, delete, a recorded use), kept by triggers so no write path can forget it. The session's
 * user row carries it, so `tokens:search` can answer from an exact in-process cache
 * (server/tokens/page-cache.ts) with no query while nothing changed — also across several
 * servers on one PostgreSQL, since the counter lives in the database.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Statement-level triggers with transition tables: a bulk insert of many tokens bumps each
// owner once, not once per row. A transition table serves one event only, hence three triggers.
// The counter wraps before integer overflow; a cache entry never lives through 2e9 changes.
const STATEMENTS = [
  `alter table users add column tokens_version integer not null default 0`,
  // When a cached page stops holding: the user's next expiry instant.
  `create index access_tokens_user_expiry on access_tokens (user_id, expires_at)`,
  `create function bump_tokens_version() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       update users set tokens_version = tokens_version % 2000000000 + 1
         where id in (select user_id from new_rows);
     elsif tg_op = 'DELETE' then
       update users set tokens_version = tokens_version % 2000000000 + 1
         where id in (select user_id from old_rows);
     else
       update users set tokens_version = tokens_version % 2000000000 + 1
         where id in (select user_id from new_rows union select user_id from old_rows);
     end if;
     return null;
   end $$`,
  `create trigger access_tokens_version_insert after insert on access_tokens
     referencing new table as new_rows for each statement execute function bump_tokens_version()`,
  `create trigger access_tokens_version_update after update on access_tokens
     referencing old table as old_rows new table as new_rows for each statement execute function bump_tokens_version()`,
  `create trigger access_tokens_version_delete after delete on access_tokens
     referencing old table as old_rows for each statement execute function bump_tokens_version()`,
];

export async function up(db: AnyDb): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const statement of [
    `drop trigger access_tokens_version_insert on access_tokens`,
    `drop trigger access_tokens_version_update on access_tokens`,
    `drop trigger access_tokens_version_delete on access_tokens`,
    `drop function bump_tokens_version()`,
    `drop index access_tokens_user_expiry`,
    `alter table users drop column tokens_version`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
