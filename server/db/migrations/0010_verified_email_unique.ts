/**
 * 0010: only a verified address is unique. An unverified address (a fresh binding, or a change
 * waiting for its link) claims nothing, so several accounts may ask for the same one; whoever
 * opens their link first gets it, and the index then refuses it to the others (see
 * server/repos/emails.ts `redeemToken`).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop index users_email_lower`.execute(db);
  await sql`create unique index users_email_verified_lower on users (lower(email)) where email is not null and email_verified`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index users_email_verified_lower`.execute(db);
  // The old index holds every address once: an unverified address that collides with another
  // account's (verified, or older) one is dropped rather than making the downgrade fail.
  await sql`
    update users set email = null, email_verified = false
    where email is not null and not email_verified and exists (
      select 1 from users other
      where other.id <> users.id and lower(other.email) = lower(users.email)
        and (other.email_verified or other.id < users.id)
    )`.execute(db);
  await sql`create unique index users_email_lower on users (lower(email)) where email is not null`.execute(db);
}
