/**
 * 0001: users, sessions, organizations with their apps, messages, the mail outbox and meta.
 * Plain PostgreSQL, identical on PGlite and on a PostgreSQL server.
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
    create table users (
      id text primary key,
      username text not null,
      name text not null,
      email text,
      email_verified boolean not null default false,
      password_hash text not null,
      locale text not null default 'zh_CN' check (locale in ('zh_CN', 'en_US')),
      avatar text,
      must_change_password boolean not null default false,
      risk_check boolean not null default false,
      failed_attempts integer not null default 0,
      frozen_until timestamptz,
      created_at timestamptz not null default now()
    );
    create unique index users_username_lower on users (lower(username));
    create unique index users_email_lower on users (lower(email)) where email is not null;

    create table sessions (
      id_hash text primary key,
      user_id text references users (id) on delete cascade,
      csrf_token text not null,
      user_agent text,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index sessions_user on sessions (user_id);
    create index sessions_expires on sessions (expires_at);

    create table organizations (
      id text primary key,
      name text not null,
      logo text,
      created_at timestamptz not null default now()
    );

    create table memberships (
      org_id text not null references organizations (id) on delete cascade,
      user_id text not null references users (id) on delete cascade,
      role text not null default 'member' check (role in ('admin', 'member')),
      created_at timestamptz not null default now(),
      primary key (org_id, user_id)
    );
    create index memberships_user on memberships (user_id, created_at);

    create table apps (
      id text primary key,
      name text not null,
      name_cn text not null,
      vpc_id text,
      logo_url_cdn text not null,
      raw_url text not null
    );

    create table org_apps (
      org_id text not null references organizations (id) on delete cascade,
      app_id text not null references apps (id) on delete cascade,
      installed_at timestamptz not null default now(),
      primary key (org_id, app_id)
    );

    create table messages (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      app text not null,
      title text not null,
      body text not null,
      read boolean not null default false,
      sensitive_type text,
      created_at timestamptz not null
    );
    create index messages_user_created on messages (user_id, created_at desc);

    create table outbox (
      id serial primary key,
      "to" text not null,
      subject text not null,
      text text not null,
      html text not null,
      created_at timestamptz not null
    );

    create table meta (
      key text primary key,
      value text not null
    )
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(
    db,
    `drop table meta; drop table outbox; drop table messages; drop table org_apps; drop table apps;
     drop table memberships; drop table organizations; drop table sessions; drop table users`,
  );
}
