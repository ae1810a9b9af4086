/**
 * 0007: sign-in (issue 7) — known devices, wrong-password counts of names without an account,
 * slider challenges, pending logins and password flows with their emailed codes, request
 * counters and OpenID Connect sign-in states. Everything a browser has in flight hangs off its
 * session row, so it goes when the session goes (sign-in rotates it, sign-out deletes it).
 * Also lets identities hold the two sign-in-only providers (Enterprise WeChat, Alibaba Cloud).
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
    create table known_devices (
      user_id text not null references users (id) on delete cascade,
      device_hash text not null,
      user_agent text,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (user_id, device_hash)
    );

    create table login_failures (
      name_hash text primary key,
      failures integer not null default 0,
      frozen_until timestamptz,
      updated_at timestamptz not null
    );
    create index login_failures_updated on login_failures (updated_at);

    create table slider_challenges (
      id text primary key,
      session_hash text not null references sessions (id_hash) on delete cascade,
      name_key text not null,
      track_width integer not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      judged_at timestamptz,
      token_hash text unique,
      token_expires_at timestamptz,
      token_used_at timestamptz
    );
    create index slider_challenges_session on slider_challenges (session_hash);
    create index slider_challenges_expires on slider_challenges (expires_at);

    create table login_flows (
      session_hash text not null references sessions (id_hash) on delete cascade,
      purpose text not null check (purpose in ('login', 'change', 'reset')),
      user_id text not null references users (id) on delete cascade,
      name_key text not null,
      device_hash text,
      code_hash text,
      code_state text not null default 'none' check (code_state in ('none', 'active', 'used', 'voided')),
      code_expires_at timestamptz,
      code_attempts integer not null default 0,
      sent_at timestamptz,
      verified_at timestamptz,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (session_hash, purpose)
    );
    create index login_flows_expires on login_flows (expires_at);

    create table request_counters (
      key text primary key,
      window_started_at timestamptz not null,
      hits integer not null
    );
    create index request_counters_window on request_counters (window_started_at);

    create table login_oidc_states (
      state_hash text primary key,
      session_hash text not null references sessions (id_hash) on delete cascade,
      provider text not null,
      code_verifier text not null,
      nonce text not null,
      next_url text,
      expires_at timestamptz not null
    );
    create index login_oidc_states_expires on login_oidc_states (expires_at);

    alter table identities drop constraint if exists identities_provider_check;
    alter table identities add constraint identities_provider_check
      check (provider in ('dingtalk', 'lark', 'wechat-work', 'aliyun'))
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(
    db,
    `alter table identities drop constraint if exists identities_provider_check;
     alter table identities add constraint identities_provider_check check (provider in ('dingtalk', 'lark'));
     drop table login_oidc_states; drop table request_counters; drop table login_flows;
     drop table slider_challenges; drop table login_failures; drop table known_devices`,
  );
}
