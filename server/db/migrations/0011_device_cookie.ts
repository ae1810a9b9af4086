/**
 * 0011: devices are now recognised by the server's device cookie (login/device.ts), no longer by
 * the `umid-token` header, which the elements make anew for every instance. The rows keyed on the
 * old hashes can never match again, and left in place every user's first sign-in after the
 * upgrade would count as "new device, other devices known" and leave a false security notice.
 * So they go: the next sign-in on each browser is a first one (no notice; the risk check asks for
 * one emailed code, as it did on every sign-in before).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Migrations see the database as it was then, not as schema.ts describes it now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`delete from known_devices`.execute(db);
}

/** The old identities cannot be brought back; going down leaves the table as it is. */
export async function down(): Promise<void> {}
