/** The default object store: a bytea table, so uploads need no set-up and every server process
 * sharing one PostgreSQL sees the same files. */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import * as repo from '../repos/objects';
import type { ObjectStorage } from './types';
import { assertFolder, assertKey, LIST_PAGE_SIZE, OBJECT_KEY } from './types';

/** Stores objects in the `stored_objects` table. */
export function databaseStorage(db: Kysely<Database>, clock: Clock): ObjectStorage {
  return {
    kind: 'database',
    async put(key, object) {
      assertKey(key);
      await repo.putObject(db, key, object.contentType, object.bytes, clock.now());
    },
    async get(key) {
      assertKey(key);
      const row = await repo.getObject(db, key);
      // pg answers a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
      return row ? { bytes: new Uint8Array(row.data), contentType: row.content_type } : undefined;
    },
    delete: (keys) => {
      keys.forEach(assertKey);
      return repo.deleteObjects(db, keys);
    },
    async *listOlder(folder, before) {
      assertFolder(folder);
      // Pages by key, after the last one seen: rows deleted meanwhile do not shift the next page.
      let after = '';
      for (;;) {
        const keys = await olderKeys(db, folder, before, after);
        const wellFormed = keys.filter((key) => OBJECT_KEY.test(key));
        if (wellFormed.length) yield wellFormed;
        if (keys.length < LIST_PAGE_SIZE) return;
        after = keys.at(-1)!;
      }
    },
  };
}

/** A page of the keys in `folder` stored before `before`, after the key `after`, in key order;
 * the bytes are not read. */
async function olderKeys(db: Kysely<Database>, folder: string, before: Date, after: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stored_objects')
    .select('key')
    .where('key', 'like', `${folder}/%`)
    .where('key', '>', after)
    .where('created_at', '<', before)
    .orderBy('key')
    .limit(LIST_PAGE_SIZE)
    .execute();
  return rows.map((row) => row.key);
}
