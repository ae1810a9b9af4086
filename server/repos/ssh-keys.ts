/**
 * SQL for SSH public keys, the SSH server's host key (a row of `meta`), and the security notice a
 * new key leaves in the message centre.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable, SshKeyRow, SshKeysTable, UserRow } from '../db/schema';
import { recordMessage } from '../notifications/notify';

type Db = Kysely<Database>;

export type NewSshKeyRow = Insertable<SshKeysTable>;

/** PostgreSQL's unique_violation: the fingerprint index caught a concurrent duplicate. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** A user's keys, oldest first. */
export async function listSshKeys(db: Db, userId: string): Promise<SshKeyRow[]> {
  return db
    .selectFrom('ssh_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One of the user's keys; another user's key reads as missing. */
export async function findSshKey(db: Db, userId: string, id: string): Promise<SshKeyRow | undefined> {
  return db.selectFrom('ssh_keys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Whether any account registered a key with this fingerprint. */
export async function fingerprintTaken(db: Db, fingerprint: string): Promise<boolean> {
  const row = await db.selectFrom('ssh_keys').select('id').where('fingerprint', '=', fingerprint).executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts a key and its security notice in one transaction. Returns false (and writes nothing)
 * when the fingerprint is already registered, even by a request that raced this one.
 */
export async function insertSshKey(db: Db, row: NewSshKeyRow, notice: Insertable<MessagesTable>): Promise<boolean> {
  try {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('ssh_keys').values(row).execute();
      // Through the message centre, so open streams hear of it.
      await recordMessage(tx, notice);
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Changes title, scope and expiry of one of the user's keys; the updated row, or undefined. */
export async function updateSshKey(
  db: Db,
  userId: string,
  id: string,
  changes: Pick<NewSshKeyRow, 'title' | 'scope' | 'expires_at'>,
): Promise<SshKeyRow | undefined> {
  return db
    .updateTable('ssh_keys')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the user's keys; whether it existed. */
export async function deleteSshKey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('ssh_keys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The key with this fingerprint if it is usable at `now` (unexpired), with its owner. */
export async function findLiveKeyByFingerprint(
  db: Db,
  fingerprint: string,
  now: Date,
): Promise<{ key: SshKeyRow; user: UserRow } | undefined> {
  const key = await db
    .selectFrom('ssh_keys')
    .selectAll()
    .where('fingerprint', '=', fingerprint)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  if (!key) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', key.user_id).executeTakeFirst();
  return user ? { key, user } : undefined;
}

/** Records a successful SSH sign-in with the key. */
export async function touchSshKey(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('ssh_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

/**
 * The value of a `meta` row, writing `make()` first when there is none. Several servers starting
 * at once may each make one; the first insert wins and everyone reads that one back.
 */
export async function metaValueOrInsert(db: Db, key: string, make: () => string): Promise<string> {
  const existing = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('meta')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
