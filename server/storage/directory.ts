/**
 * Objects as files under a directory (`STORAGE_DIR`): `<dir>/<folder>/<file>`. The type is not
 * stored: it follows from the extension the server chose when it named the file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { contentTypeOfName } from '../profile/image';
import type { ObjectStorage } from './types';
import { assertKey } from './types';

/** Stores objects as files under `dir` (created when missing). */
export function directoryStorage(dir: string): ObjectStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    kind: 'directory',
    async put(key, object) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(partial, object.bytes);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      const contentType = contentTypeOfName(key);
      if (!contentType) return undefined;
      try {
        return { bytes: new Uint8Array(await readFile(path)), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
