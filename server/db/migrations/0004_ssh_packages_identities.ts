/**
 * 0004: SSH public keys, the packages credential, third-party identities and the short-lived
 * OpenID Connect login states. A fingerprint (SHA-256 of the key blob) is unique across all
 * accounts, so one key always names one user on the SSH endpoint.
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
    create table ssh_keys (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      title text not null,
      key text not null,
      key_type text not null check (key_type in ('ssh-ed25519', 'ssh-rsa')),
      fingerprint text not null,
      scope text not null check (scope in ('all', 'read')),
      expires_at timestamptz,
      created_at timestamptz not null,
      last_used_at timestamptz
    );
    create unique index ssh_keys_fingerprint on ssh_keys (fingerprint);
    create index ssh_keys_user_created on ssh_keys (user_id, created_at, id);

    create table package_credentials (
      user_id text primary key references users (id) on delete cascade,
      username text not null,
      password_hash text,
      pending_hash text,
      pending_effective_at timestamptz,
      created_at timestamptz not null,
      check ((pending_hash is null) = (pending_effective_at is null))
    );
    create unique index package_credentials_username on package_credentials (lower(username));

    create table identities (
      provider text not null check (provider in ('dingtalk', 'lark')),
      open_id text not null,
      user_id text not null references users (id) on delete cascade,
      name text not null,
      bound_at timestamptz not null,
      primary key (provider, open_id)
    );
    create unique index identities_user_provider on identities (user_id, provider);

    create table oidc_states (
      state_hash text primary key,
      session_hash text not null references sessions (id_hash) on delete cascade,
      user_id text not null references users (id) on delete cascade,
      provider text not null,
      code_verifier text not null,
      nonce text not null,
      expires_at timestamptz not null
    );
    create index oidc_states_expires on oidc_states (expires_at)
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(db, 'drop table oidc_states; drop table identities; drop table package_credentials; drop table ssh_keys');
}
