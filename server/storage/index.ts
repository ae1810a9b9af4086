/**
 * Picks the object store from the configuration: `S3_BUCKET` → a bucket, `STORAGE_DIR` → a
 * directory, else the database (config.ts refuses both S3_BUCKET and STORAGE_DIR).
 */
import { resolve } from 'node:path';
import type { Config } from '../config';
import type { AppDeps } from '../context';
import { databaseStorage } from './database';
import { directoryStorage } from './directory';
import { s3Storage } from './s3';
import type { S3Config } from './s3';
import type { ObjectStorage } from './types';

export type { ObjectStorage, StoredObject } from './types';

/** One client per bucket configuration, so its signing-key cache outlives a request. */
const buckets = new WeakMap<S3Config, ObjectStorage>();

/** The object store for these dependencies. @example storageFor(deps).get('avatars/ab12.png') */
export function storageFor(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): ObjectStorage {
  const { s3, storageDir } = deps.config;
  if (s3) {
    let bucket = buckets.get(s3);
    if (!bucket) buckets.set(s3, (bucket = s3Storage(s3)));
    return bucket;
  }
  return storageDir ? directoryStorage(storageDir) : databaseStorage(deps.db, deps.clock);
}

/** Where uploads are kept, for the start-up banner; never a credential.
 * @example storageDescription(config) // 'S3 bucket "avatars" at http://127.0.0.1:9000 (us-east-1)' */
export function storageDescription(config: Pick<Config, 's3' | 'storageDir'>): string {
  if (config.s3) return `S3 bucket "${config.s3.bucket}" at ${config.s3.endpoint} (${config.s3.region})`;
  if (config.storageDir) return `directory ${resolve(config.storageDir)}`;
  return 'database';
}
