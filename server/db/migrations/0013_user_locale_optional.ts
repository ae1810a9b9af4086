/**
 * 0013: `users.locale` may be null, meaning "never chosen". Until now a new account got `zh_CN`
 * stored, and a stored language outranks the browser's (§4 order: cookie, saved language, then
 * the browser's and the deployment's default), so a user who signed in on an English page was
 * switched to Chinese. Now an account stores a language only when its user picks one
 * (`PUT …/my/preferences`, or an administrator sets it). Existing rows keep theirs: nothing tells
 * a chosen `zh_CN` from the old default.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // The check constraint passes a null as it is.
  await sql`alter table users alter column locale drop not null, alter column locale drop default`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`update users set locale = 'zh_CN' where locale is null`.execute(db);
  await sql`alter table users alter column locale set default 'zh_CN', alter column locale set not null`.execute(db);
}
