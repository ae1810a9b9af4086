/**
 * The object store behind uploads: a small interface so the bytes can live in the database (the
 * default, nothing to set up and shared by every server on one PostgreSQL), in a directory
 * (`STORAGE_DIR`) or in an S3-compatible bucket (`S3_BUCKET`: AWS S3, MinIO, Ceph…).
 */

/** One stored object. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

/** Where uploaded bytes live. Keys are `<folder>/<file>` and chosen by the server only. */
export interface ObjectStorage {
  readonly kind: 'database' | 'directory' | 's3';
  /** Stores (or replaces) an object. */
  put(key: string, object: StoredObject): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes objects; unknown keys are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** The keys in `folder` that the store last wrote before `before` (by its own clock: the row's
   * time, the file's modification time, the bucket's Last-Modified), a page at a time in no set
   * order. Names the server could not have made are left out. Deleting listed keys while
   * listing is safe. For housekeeping: it reads the whole folder. */
  listOlder(folder: string, before: Date): AsyncIterable<string[]>;
  /** Removes what interrupted writes left in `folder` before `before` (a store that writes in
   * steps); returns how many. For housekeeping, beside {@link listOlder}. */
  removePartials?(folder: string, before: Date): Promise<number>;
  /** Proves the store is usable, once at start, so a wrong setting fails the start with a clear
   * message rather than the first upload. Stores with nothing to get wrong have none. */
  check?(): Promise<void>;
}

/** A well-formed key: one folder, one file with an extension; nothing that can climb out. */
export const OBJECT_KEY = /^[a-z]+\/[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/;

/** A folder of keys: the part before the slash. */
export const OBJECT_FOLDER = /^[a-z]+$/;

/** How many keys a listing gives at a time (S3 answers at most 1000 per request). */
export const LIST_PAGE_SIZE = 500;

/** Throws on a folder the server should never have named (a programming error). */
export function assertFolder(folder: string): void {
  if (!OBJECT_FOLDER.test(folder)) throw new Error(`invalid object folder "${folder}"`);
}

/** Throws on a key the server should never have made (a programming error, not user input). */
export function assertKey(key: string): void {
  if (!OBJECT_KEY.test(key)) throw new Error(`invalid object key "${key}"`);
}
