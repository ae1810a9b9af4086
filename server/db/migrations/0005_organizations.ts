/**
 * 0005: what organization switching and the organization rules need — the user's last workspace
 * and cloud account (RAM users, §6), and per organization its purchasing cloud account, IP
 * allowlist, order expiry and a disabled mark.
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
    alter table users add column cloud_account_id text;
    alter table users add column last_org_id text references organizations (id) on delete set null;
    alter table organizations add column purchaser_cloud_account_id text;
    alter table organizations add column ip_allowlist text[] not null default '{}';
    alter table organizations add column order_expires_at timestamptz;
    alter table organizations add column disabled_at timestamptz;
    create index memberships_user_keyset on memberships (user_id, created_at, org_id)
  `,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await run(
    db,
    `drop index memberships_user_keyset;
     alter table organizations drop column disabled_at;
     alter table organizations drop column order_expires_at;
     alter table organizations drop column ip_allowlist;
     alter table organizations drop column purchaser_cloud_account_id;
     alter table users drop column last_org_id;
     alter table users drop column cloud_account_id`,
  );
}
