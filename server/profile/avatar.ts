/**
 * Avatars: an upload is judged by its bytes (see image.ts), named by the server and stored
 * through the object store; only a URL this server issued to this user can become their avatar.
 */
import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '../../src/core/validation/rules';
import type { AppDeps } from '../context';
import * as repo from '../repos/objects';
import { storageFor } from '../storage/index';
import { avatarErrors } from './errors';
import { sniffImage } from './image';

/** Largest width and height of an avatar image, in pixels. */
export const AVATAR_MAX_PIXELS = 4096;
/** Where avatars are served: `GET {AVATAR_PATH}/{name}`. */
export const AVATAR_PATH = '/objects/avatars';
/** The upload route (also named in the app's body-limit error). */
export const AVATAR_UPLOAD_PATH = '/objects/ajax/avatars';
/** A name the server gives: 32 hex characters and the type's extension. */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(?:png|jpg|gif)$/;

const keyOf = (name: string) => `avatars/${name}`;

/** Checks and stores an upload for `userId`; returns the absolute URL to show it at. */
export async function storeAvatar(deps: AppDeps, userId: string, bytes: Uint8Array, origin: string): Promise<string> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw avatarErrors.tooLarge();
  const image = sniffImage(bytes);
  if (!image) throw avatarErrors.invalidType();
  if (image.width > AVATAR_MAX_PIXELS || image.height > AVATAR_MAX_PIXELS) {
    throw avatarErrors.dimensions(AVATAR_MAX_PIXELS);
  }
  const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
  const now = deps.clock.now();
  // Bytes first: a record never points at a file that is not there.
  await storageFor(deps).put(keyOf(name), { bytes, contentType: image.contentType });
  await repo.insertAvatar(deps.db, {
    name,
    user_id: userId,
    content_type: image.contentType,
    size: bytes.byteLength,
    width: image.width,
    height: image.height,
    created_at: now,
  });
  return `${origin}${AVATAR_PATH}/${name}`;
}

/** The avatar file name in `url`, when it is one of ours: an absolute URL on `origin` or a path. */
function nameInUrl(url: string, origin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, `${origin}/`);
  } catch {
    return undefined;
  }
  const base = new URL(`${origin}/`);
  if (parsed.origin !== base.origin || parsed.search || parsed.hash) return undefined;
  const prefix = `${base.pathname.replace(/\/$/, '')}${AVATAR_PATH}/`;
  if (!parsed.pathname.startsWith(prefix)) return undefined;
  const name = parsed.pathname.slice(prefix.length);
  return AVATAR_NAME.test(name) ? name : undefined;
}

/** Makes an uploaded file the user's avatar; earlier uploads of theirs are deleted. Returns the
 * URL as stored (rebuilt by the server, never the client's text). */
export async function chooseAvatar(deps: AppDeps, userId: string, url: string, origin: string): Promise<string> {
  const name = nameInUrl(url, origin);
  const upload = name ? await repo.findUserAvatar(deps.db, userId, name) : undefined;
  if (!name || !upload) throw avatarErrors.notIssued();
  const avatar = `${origin}${AVATAR_PATH}/${name}`;
  await repo.updateUserAvatar(deps.db, userId, avatar);
  // The previous avatar and abandoned uploads go; later uploads (another tab) stay.
  const old = await repo.deleteOlderAvatars(deps.db, userId, name, upload.created_at);
  // The new avatar is saved: a store that fails to remove the old files now (a bucket down)
  // must not turn that success into an error. Their upload rows are gone, so they are never
  // served again (readAvatar).
  try {
    await storageFor(deps).delete(old.map(keyOf));
  } catch (error) {
    deps.log.warn('old avatar files not deleted', { userId, files: old.length, error });
  }
  return avatar;
}

/** The stored avatar file `name`, if it is a current upload: a file left behind in the store
 * after its upload was replaced is not served. */
export async function readAvatar(deps: AppDeps, name: string) {
  if (!AVATAR_NAME.test(name) || !(await repo.avatarExists(deps.db, name))) return undefined;
  return storageFor(deps).get(keyOf(name));
}
