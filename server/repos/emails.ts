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

/** What {@link saveActivation} writes. `expect` and `expectVerified` are the user's address and
 * its state as the caller saw them, so a concurrent change is noticed rather than overwritten. */
export interface Activation {
  userId: string;
  address: string;
  expect: string | null;
  expectVerified: boolean;
  /** Write `address` as the account's (unverified) address: a bind, or a change of an address
   * that was never verified. False for a resend and for a change waiting for its link. */
  setAddress: boolean;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
  /** Written in the same transaction when the address is set (its notice), so a crash never
   * leaves the one without the other. */
  also?: (trx: Db) => Promise<void>;
}

/** A write of the caller's (a notice) that belongs to the same transaction as the change. */
export type AlsoWrite = (trx: Db) => Promise<void>;

/** Locks the user's row and reads their address (and what mail about it needs: the name and
 * language), so that checks and writes that follow in the same transaction see one state. */
async function lockAddress(trx: Db, userId: string) {
  return trx
    .selectFrom('users')
    .select(['email', 'email_verified', 'name', 'locale'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether another account than `userId` has verified `address`. */
async function verifiedElsewhere(trx: Db, address: string, userId: string): Promise<boolean> {
  return (await findVerifiedHolder(trx, address, userId)) !== undefined;
}

/** Makes void the user's unused links for any address other than `keep` (null: every link). A
 * voided link is told apart from a used one by its address no longer being the account's. */
async function voidOtherLinks(trx: Db, userId: string, keep: string | null, now: Date): Promise<void> {
  let query = trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (keep !== null) query = query.where(sql`lower(email)`, '!=', keep.toLowerCase());
  await query.execute();
}

/**
 * Stores a sent activation in one transaction, with the user's row locked: the address (for a
 * bind or the change of an unverified one), the void of the user's links for other addresses (a
 * newer request replaces an older one, so one address at most waits for its link), and the new
 * link's hash. An unverified address claims nothing, so other accounts asking for the same one
 * are left alone. Returns 'conflict' when the user's address changed meanwhile, 'taken' when
 * another account has verified the address meanwhile.
 */
export async function saveActivation(db: Db, a: Activation): Promise<'ok' | 'conflict' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    const user = await lockAddress(trx, a.userId);
    const email = user?.email ?? null;
    const sameAddress = email === null ? a.expect === null : a.expect?.toLowerCase() === email.toLowerCase();
    if (!user || !sameAddress || user.email_verified !== a.expectVerified) return 'conflict';
    if (await verifiedElsewhere(trx, a.address, a.userId)) return 'taken';
    if (a.setAddress) {
      await trx
        .updateTable('users')
        .set({ email: a.address, email_verified: false })
        .where('id', '=', a.userId)
        .execute();
      await a.also?.(trx);
    }
    await voidOtherLinks(trx, a.userId, a.address, a.now);
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
}

/**
 * The address a change waits to move to: only a verified address has one (an unverified address
 * is simply replaced), and it is the address of the user's live links that is not the account's
 * (every request voids the links for other addresses, so there is one at most). Its newest link
 * tells whether it can still be opened. Links are swept 30 days after they expire, and with them
 * a change nobody finished.
 */
export async function findPendingChange(
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'email_verified'>,
): Promise<{ address: string; expiresAt: Date } | null> {
  if (!user.email || !user.email_verified) return null;
  const row = await db
    .selectFrom('email_tokens')
    .select(['email', 'expires_at'])
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where(sql`lower(email)`, '!=', user.email.toLowerCase())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row ? { address: row.email, expiresAt: row.expires_at } : null;
}

/** Voids the links of a change waiting for `address` (the user cancelled it). Returns whether
 * there was such a change. */
export async function cancelPendingChange(db: Db, userId: string, address: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await lockAddress(trx, userId);
    if (!user?.email || !user.email_verified || user.email.toLowerCase() === address.toLowerCase()) return false;
    const result = await trx
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where(sql`lower(email)`, '=', address.toLowerCase())
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
}

/** Removes the user's address and voids their links, and writes `also` (its notice) in the same
 * transaction. Returns whether `address` was theirs. */
export async function removeAddress(db: Db, userId: string, address: string, also?: AlsoWrite): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ email: null, email_verified: false })
      .where('id', '=', userId)
      .where(sql`lower(email)`, '=', address.toLowerCase())
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
    await also?.(trx);
    return true;
  });
}

/** The account a link belongs to, as read (and locked) when the link was used: whoever tells its
 * owner about the change needs nothing else, so it is read once. */
export type LinkOwner = Pick<UserRow, 'id' | 'name' | 'locale'>;

/** The outcome of presenting a link, decided with the token and user rows locked. `previous` is
 * the verified address a change replaced (null when the link verified the account's address). */
export type Redemption =
  | { status: 'verified'; address: string; owner: LinkOwner; previous: string | null }
  | { status: 'unknown' | 'used' | 'used-verified' | 'expired' | 'mismatch' | 'taken' };

/**
 * Uses a link, with its row and its user's locked. An unused, unexpired link verifies the
 * account's address when it is for that address, or, when it is for the address a change of a
 * verified address waits for, makes that the account's verified address. Either way every other
 * link of the user becomes void. When another account verified the address first it is 'taken'
 * and nothing changes: this account keeps the address it had. A used link for an address the
 * account no longer has (used, replaced or cancelled) is a 'mismatch'. `onChange` writes, in the
 * same transaction, what a change (a verified address replaced) brings with it: its notice.
 */
export async function redeemToken(
  db: Db,
  tokenHash: string,
  now: Date,
  onChange?: (trx: Db, change: { owner: LinkOwner; address: string }) => Promise<void>,
): Promise<Redemption> {
  try {
    return await db.transaction().execute(async (trx): Promise<Redemption> => {
      const token: Selectable<EmailTokensTable> | undefined = await trx
        .selectFrom('email_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .forUpdate()
        .executeTakeFirst();
      if (!token) return { status: 'unknown' };
      const user = await lockAddress(trx, token.user_id);
      const isCurrent = !!user?.email && user.email.toLowerCase() === token.email.toLowerCase();
      if (token.used_at) {
        if (!isCurrent) return { status: 'mismatch' };
        return { status: user.email_verified ? 'used-verified' : 'used' };
      }
      if (now >= token.expires_at) return { status: 'expired' };
      // Not the account's address: only the change of a verified address waits for another one.
      if (!user?.email || (!isCurrent && !user.email_verified)) return { status: 'mismatch' };
      if (await verifiedElsewhere(trx, token.email, token.user_id)) return { status: 'taken' };
      const address = isCurrent ? user.email : token.email;
      await trx
        .updateTable('users')
        .set({ email: address, email_verified: true })
        .where('id', '=', token.user_id)
        .execute();
      await voidOtherLinks(trx, token.user_id, null, now);
      const owner: LinkOwner = { id: token.user_id, name: user.name, locale: user.locale };
      if (!isCurrent) await onChange?.(trx, { owner, address });
      return { status: 'verified', address, owner, previous: isCurrent ? null : user.email };
    });
  } catch (error) {
    // Another account verified the same address in a concurrent transaction: the unique index
    // (verified addresses only) refused this one, and the transaction left nothing behind.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { status: 'taken' };
    throw error;
  }
}

/** Housekeeping: links expired before `before` and throttle rows older than `throttleBefore`. */
export async function sweepEmailRows(db: Db, before: Date, throttleBefore: Date): Promise<void> {
  await db.deleteFrom('email_tokens').where('expires_at', '<', before).execute();
  await db.deleteFrom('send_throttles').where('last_sent_at', '<', throttleBefore).execute();
}
