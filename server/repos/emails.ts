/**
 * SQL for email binding: activation links (only their SHA-256 is stored), the send throttle and
 * the user's address. Callers pass addresses as typed; comparisons are case-insensitive.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database, EmailTokensTable, UserRow } from '../db/schema';

type Db = Kysely<Database>;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

class Throttled extends Error {
  constructor(readonly lastSentAt: Date) {
    super('throttled');
  }
}

/** The user, other than `exceptUserId`, who has verified `address`, if any. */
export async function findVerifiedHolder(db: Db, address: string, exceptUserId: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', address.toLowerCase())
    .where('email_verified', '=', true)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
}

/**
 * Claims every key for a send at `now`, all or none: a key whose last send was after `notAfter`
 * refuses. Returns null when claimed, else the last send time of the refusing key. One upsert per
 * key, so concurrent requests (also on other servers) cannot both pass.
 */
export async function claimThrottles(db: Db, keys: readonly string[], now: Date, notAfter: Date): Promise<Date | null> {
  try {
    await db.transaction().execute(async (trx) => {
      for (const key of keys) {
        const claimed = await trx
          .insertInto('send_throttles')
          .values({ key, last_sent_at: now })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({ last_sent_at: now }).where('send_throttles.last_sent_at', '<=', notAfter),
          )
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const held = await trx
            .selectFrom('send_throttles')
            .select('last_sent_at')
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          throw new Throttled(held.last_sent_at);
        }
      }
    });
    return null;
  } catch (error) {
    if (error instanceof Throttled) return error.lastSentAt;
    throw error;
  }
}

/** Gives back claims made at `at` (the send failed, so it should not count). */
export async function releaseThrottles(db: Db, keys: readonly string[], at: Date): Promise<void> {
  await db.deleteFrom('send_throttles').where('key', 'in', keys).where('last_sent_at', '=', at).execute();
}

/** What {@link saveActivation} writes. `expect` is the address the user must still have
 * (null: none), so a concurrent change is noticed rather than overwritten. */
export interface Activation {
  userId: string;
  address: string;
  expect: string | null;
  /** Write the address (bind or change); false for a resend. */
  setAddress: boolean;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
}

/**
 * Stores a sent activation in one transaction: for a new address, another account's unverified
 * claim on it is released (a verified owner wins, an unverified claim must not block one) and the
 * address is written unverified; then the link's hash. Returns 'conflict' when the user's address
 * changed meanwhile, 'taken' when another account holds it.
 */
export async function saveActivation(db: Db, a: Activation): Promise<'ok' | 'conflict' | 'taken'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const lower = a.address.toLowerCase();
      if (a.setAddress) {
        await trx
          .updateTable('users')
          .set({ email: null, email_verified: false })
          .where(sql`lower(email)`, '=', lower)
          .where('email_verified', '=', false)
          .where('id', '!=', a.userId)
          .execute();
      }
      let update = trx.updateTable('users').where('id', '=', a.userId);
      update =
        a.expect === null
          ? update.where('email', 'is', null)
          : update.where(sql`lower(email)`, '=', a.expect.toLowerCase());
      // A resend is only for an address still waiting to be verified.
      if (!a.setAddress) update = update.where('email_verified', '=', false);
      const result = await update
        .set(a.setAddress ? { email: a.address, email_verified: false } : { email_verified: false })
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return 'conflict';
      await trx
        .insertInto('email_tokens')
        .values({
          token_hash: a.tokenHash,
          user_id: a.userId,
          email: a.address,
          created_at: a.now,
          expires_at: a.expiresAt,
        })
        .execute();
      return 'ok';
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'taken';
    throw error;
  }
}

/** Removes the user's address and voids their links. Returns whether `address` was theirs. */
export async function removeAddress(db: Db, userId: string, address: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ email: null, email_verified: false })
      .where('id', '=', userId)
      .where(sql`lower(email)`, '=', address.toLowerCase())
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
    return true;
  });
}

/** The outcome of presenting a link, decided with the token and user rows locked. */
export type Redemption =
  { status: 'verified'; address: string } | { status: 'unknown' | 'used' | 'used-verified' | 'expired' | 'mismatch' };

/**
 * Uses a link: locks its row and its user's, and when the link is unused, unexpired and for the
 * user's current address, verifies the address and voids every other link of that user.
 */
export async function redeemToken(db: Db, tokenHash: string, now: Date): Promise<Redemption> {
  return db.transaction().execute(async (trx): Promise<Redemption> => {
    const token: Selectable<EmailTokensTable> | undefined = await trx
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
    if (!token) return { status: 'unknown' };
    const user: Pick<UserRow, 'email' | 'email_verified'> | undefined = await trx
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('id', '=', token.user_id)
      .forUpdate()
      .executeTakeFirst();
    const current = user?.email && user.email.toLowerCase() === token.email.toLowerCase() ? user.email : null;
    if (token.used_at) return { status: current && user?.email_verified ? 'used-verified' : 'used' };
    if (now >= token.expires_at) return { status: 'expired' };
    if (!current) return { status: 'mismatch' };
    await trx.updateTable('users').set({ email_verified: true }).where('id', '=', token.user_id).execute();
    await trx
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('user_id', '=', token.user_id)
      .where('used_at', 'is', null)
      .execute();
    return { status: 'verified', address: current };
  });
}

/** Housekeeping: links expired before `before` and throttle rows older than `throttleBefore`. */
export async function sweepEmailRows(db: Db, before: Date, throttleBefore: Date): Promise<void> {
  await db.deleteFrom('email_tokens').where('expires_at', '<', before).execute();
  await db.deleteFrom('send_throttles').where('last_sent_at', '<', throttleBefore).execute();
}
