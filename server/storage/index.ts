/** Picks the object store from the configuration: `STORAGE_DIR` → a directory, else the database. */
import type { AppDeps } from '../context';
import { databaseStorage } from './database';
import { directoryStorage } from './directory';
import type { ObjectStorage } from './types';

export type { ObjectStorage, StoredObject } from './types';

/** The object store for these dependencies. @example storageFor(deps).get('avatars/ab12.png') */
export function storageFor(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): ObjectStorage {
  return deps.config.storageDir ? directoryStorage(deps.config.storageDir) : databaseStorage(deps.db, deps.clock);
}
