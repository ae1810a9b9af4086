/**
 * 0014: `session_with_user(id_hash, now)`, the session lookup every request makes (the cookie's
 * session, unexpired at `now`, with the columns of its user that `SESSION_USER_COLUMNS` in
 * server/repos/sessions.ts names), as a PL/pgSQL function. The same query sent as SQL is planned
 * again on each call: on the embedded database that planning (a two-table join) took about twice
 * as long as running it, and most of a cached `tokens:search`. A PL/pgSQL function keeps its
 * query's plan for the connection, so a call plans only `select * from session_with_user(…)`.
 *
 * It returns every column of `sessions` and the user's as `user.<column>`. A migration that adds
 * a column to either must replace the function (`create or replace`) with that column too; the
 * test in test/server/tokens-search-queries.test.ts fails until it does.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // Every column is qualified: the names of the returned columns are variables in the body.
  await sql`
    create function session_with_user(p_id_hash text, p_now timestamptz)
    returns table (
      id_hash text,
      user_id text,
      csrf_token text,
      user_agent text,
      created_at timestamptz,
      last_seen_at timestamptz,
      expires_at timestamptz,
      "user.id" text,
      "user.username" text,
      "user.locale" text,
      "user.tokens_version" integer,
      "user.cloud_account_id" text
    )
    language plpgsql stable as $$
    begin
      return query
        select s.id_hash, s.user_id, s.csrf_token, s.user_agent, s.created_at, s.last_seen_at, s.expires_at,
               u.id, u.username, u.locale, u.tokens_version, u.cloud_account_id
          from sessions s left join users u on u.id = s.user_id
         where s.id_hash = p_id_hash and s.expires_at > p_now;
    end $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop function session_with_user(text, timestamptz)`.execute(db);
}
