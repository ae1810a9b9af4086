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
