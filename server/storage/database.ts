/** The default object store: a bytea table, so uploads need no set-up and every server process
 * sharing one PostgreSQL sees the same files. */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import * as repo from '../repos/objects';
import type { ObjectStorage } from './types';
import { assertKey } from './types';

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
  };
}
