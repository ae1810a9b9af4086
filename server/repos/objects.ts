/** SQL for the database object store (`stored_objects`, bytea) and the avatar upload records. */
import type { Insertable, Kysely } from 'kysely';
import type { AvatarsTable, Database } from '../db/schema';

type Db = Kysely<Database>;

/** Stores bytes under `key`, replacing what was there. */
export async function putObject(db: Db, key: string, contentType: string, data: Uint8Array, now: Date) {
  await db
    .insertInto('stored_objects')
    .values({ key, content_type: contentType, data, created_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ content_type: contentType, data, created_at: now }))
    .execute();
}

/** The bytes and type under `key`. */
export async function getObject(db: Db, key: string): Promise<{ content_type: string; data: Uint8Array } | undefined> {
  return db.selectFrom('stored_objects').select(['content_type', 'data']).where('key', '=', key).executeTakeFirst();
}

/** Removes objects by key. */
export async function deleteObjects(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('stored_objects').where('key', 'in', keys).execute();
}

/** Records who uploaded an avatar file. */
export async function insertAvatar(db: Db, row: Insertable<AvatarsTable>): Promise<void> {
  await db.insertInto('avatars').values(row).execute();
}

/** Whether `userId` uploaded the avatar file `name`, and when. */
export async function findUserAvatar(db: Db, userId: string, name: string) {
  return db
    .selectFrom('avatars')
    .select(['name', 'created_at'])
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the avatar file `name` is still an upload of someone's (not one replaced since). */
export async function avatarExists(db: Db, name: string): Promise<boolean> {
  return (await db.selectFrom('avatars').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
}

/** Forgets the user's uploads made before `before` other than `keep`; returns their names so the
 * bytes can go too. */
export async function deleteOlderAvatars(db: Db, userId: string, keep: string, before: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom('avatars')
    .where('user_id', '=', userId)
    .where('name', '!=', keep)
    .where('created_at', '<=', before)
    .returning('name')
    .execute();
  return rows.map((r) => r.name);
}

/** Sets the user's avatar URL. */
export async function updateUserAvatar(db: Db, userId: string, avatar: string | null): Promise<void> {
  await db.updateTable('users').set({ avatar }).where('id', '=', userId).execute();
}

/** Locks the user's row for the rest of the transaction and reads their avatar URL, so that
 * choosing, clearing and trimming the uploads of one user happen one after the other. */
async function lockUserAvatar(trx: Db, userId: string): Promise<string | null | undefined> {
  const row = await trx.selectFrom('users').select('avatar').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row?.avatar;
}

/**
 * Makes the upload `name` the user's avatar, stored as `url`, if it is still an upload of theirs
 * (not trimmed by a concurrent upload), and forgets their uploads made before it (the previous
 * avatar, abandoned tries; later uploads, from another tab, stay). Returns the forgotten names so
 * the bytes can go too, or undefined when `name` is not theirs (and nothing changed).
 */
export async function chooseUserAvatar(db: Db, userId: string, name: string, url: string) {
  return db.transaction().execute(async (trx) => {
    await lockUserAvatar(trx, userId);
    const upload = await findUserAvatar(trx, userId, name);
    if (!upload) return undefined;
    await updateUserAvatar(trx, userId, url);
    return deleteOlderAvatars(trx, userId, name, upload.created_at);
  });
}

/**
 * Clears the user's avatar and forgets its upload and those made before it (later uploads, from
 * another tab, stay). Returns the forgotten names so the bytes can go too; none when there was no
 * avatar. The avatar is read under the user's lock: read before it, a choice committed in between
 * would be cleared while its upload, no longer the avatar, stayed behind.
 */
export async function clearUserAvatar(db: Db, userId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const name = (await lockUserAvatar(trx, userId))?.split('/').pop();
    await updateUserAvatar(trx, userId, null);
    const upload = name ? await findUserAvatar(trx, userId, name) : undefined;
    // '' names no upload, so none is kept: the avatar's own goes with those made before it.
    return upload ? deleteOlderAvatars(trx, userId, '', upload.created_at) : [];
  });
}

/**
 * Forgets the user's uploads that are not their avatar beyond the newest `keep` (`fresh`, the one
 * just made, always among them); returns their names so the bytes can go too. The avatar is told
 * by its file name, the last segment of the URL stored on the user.
 */
export async function trimUserAvatars(db: Db, userId: string, fresh: string, keep: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const avatar = await lockUserAvatar(trx, userId);
    const chosen = avatar?.split('/').pop();
    const rows = await trx
      .selectFrom('avatars')
      .select('name')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('name', 'desc')
      .execute();
    const spare = rows.map((r) => r.name).filter((n) => n !== chosen && n !== fresh);
    const extra = spare.slice(Math.max(0, keep - 1));
    if (extra.length)
      await trx.deleteFrom('avatars').where('user_id', '=', userId).where('name', 'in', extra).execute();
    return extra;
  });
}
