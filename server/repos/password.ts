/** SQL for a password change: the new hash, ending the user's other sessions and the security
 * notice in the message centre, all in one transaction. */
import type { Kysely } from 'kysely';
import type { Database, NewMessage } from '../db/schema';
import { recordMessage } from '../notifications/notify';

/** What one password change writes. */
export interface PasswordChange {
  userId: string;
  /** The hash the change was checked against: a concurrent change makes this one fail. */
  previousHash: string;
  newHash: string;
  /** The session that made the change; it stays. */
  keepSessionHash: string;
  notice: NewMessage;
}

/** Applies the change; returns how many other sessions ended, or null when the password had
 * changed meanwhile (nothing written). */
export async function applyPasswordChange(db: Kysely<Database>, change: PasswordChange): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: change.newHash, must_change_password: false, failed_attempts: 0, frozen_until: null })
      .where('id', '=', change.userId)
      .where('password_hash', '=', change.previousHash)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return null;
    const ended = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', change.userId)
      .where('id_hash', '!=', change.keepSessionHash)
      .executeTakeFirst();
    // Through the message centre, so open streams hear of it; last, as recordMessage asks.
    await recordMessage(trx, change.notice);
    return Number(ended.numDeletedRows);
  });
}
