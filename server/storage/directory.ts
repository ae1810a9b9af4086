/**
 * Objects as files under a directory (`STORAGE_DIR`): `<dir>/<folder>/<file>`. The type is not
 * stored: it follows from the extension the server chose when it named the file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Dir } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { contentTypeOfName } from '../profile/image';
import type { ObjectStorage } from './types';
import { assertFolder, assertKey, LIST_PAGE_SIZE, OBJECT_KEY } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Stores objects as files under `dir` (created when missing). */
export function directoryStorage(dir: string): ObjectStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  /** The folder's directory to read, or undefined when nothing was ever stored in it. */
  const openFolder = async (folder: string): Promise<Dir | undefined> => {
    assertFolder(folder);
    try {
      return await opendir(join(root, folder));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  return {
    kind: 'directory',
    async put(key, object) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file; a failed write leaves none.
      const partial = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(partial, object.bytes);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      const contentType = contentTypeOfName(key);
      if (!contentType) return undefined;
      try {
        return { bytes: new Uint8Array(await readFile(path)), contentType };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async *listOlder(folder, before) {
      const dir = await openFolder(folder);
      if (!dir) return;
      // Read as a stream, not one array of every name. Partial writes (`….tmp`) are not keys.
      let page: string[] = [];
      for await (const entry of dir) {
        const key = `${folder}/${entry.name}`;
        if (!entry.isFile() || !OBJECT_KEY.test(key)) continue;
        const modified = await modifiedAt(pathOf(key));
        if (!modified || modified >= before) continue;
        page.push(key);
        if (page.length === LIST_PAGE_SIZE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    // A process stopped in the middle of a put leaves its partial file behind.
    async removePartials(folder, before) {
      const dir = await openFolder(folder);
      let removed = 0;
      if (!dir) return removed;
      for await (const entry of dir) {
        const match = PARTIAL.exec(entry.name);
        if (!entry.isFile() || !match || !OBJECT_KEY.test(`${folder}/${match[1]}`)) continue;
        const path = join(root, folder, entry.name);
        const modified = await modifiedAt(path);
        if (!modified || modified >= before) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** The name of a partial write: the key's file name, 12 hex digits, `.tmp` (see put). */
const PARTIAL = /^(.+)\.[0-9a-f]{12}\.tmp$/;

/** When the file at `path` was last written, or undefined when it has gone meanwhile. */
async function modifiedAt(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
