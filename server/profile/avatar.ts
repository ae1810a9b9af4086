/**
 * Avatars: an upload is judged by its bytes (see image.ts), named by the server and stored
 * through the object store; only a URL this server issued to this user can become their avatar.
 * Stored files that no upload record names are swept once they are old enough.
 */
import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '../../src/core/validation/rules';
import type { AppDeps } from '../context';
import { recordedAvatars } from '../repos/avatars';
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
/** How many uploads a user keeps besides their avatar: enough for a few tries, or a tab that
 * uploaded while another chose, while uploads that are never chosen cannot pile up. */
export const AVATAR_KEPT_UPLOADS = 3;
/** A stored avatar file no upload record names is removed once it is older than this: far longer
 * than an upload takes between storing the bytes and recording them, so the file of an upload
 * under way (or one on a store whose clock runs a little ahead) is never taken for a left-over. */
export const AVATAR_ORPHAN_GRACE_MS = 24 * 3600_000;
/** Left-over avatar files are looked for at most this often by one process (they are rare). */
export const AVATAR_ORPHAN_SWEEP_EVERY_MS = 6 * 3600_000;

const FOLDER = 'avatars';
const keyOf = (name: string) => `${FOLDER}/${name}`;

/** Checks and stores an upload for `userId`, trimming their unchosen uploads to the newest
 * {@link AVATAR_KEPT_UPLOADS}; returns the absolute URL to show it at. */
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
  await trimUploads(deps, userId, name);
  // Not awaited: a scan of the whole store must not hold up the upload that happened to start it.
  sweepAvatarOrphansIfDue(deps);
  return `${origin}${AVATAR_PATH}/${name}`;
}

/** Deletes the user's uploads that are not their avatar beyond the newest few, `fresh` (the one
 * just made) kept. Rows go first: a file left behind when the store fails is never served
 * (readAvatar), while a row without its file would be. */
async function trimUploads(deps: AppDeps, userId: string, fresh: string): Promise<void> {
  const extra = await repo.trimUserAvatars(deps.db, userId, fresh, AVATAR_KEPT_UPLOADS);
  if (!extra.length) return;
  try {
    await storageFor(deps).delete(extra.map(keyOf));
  } catch (error) {
    // The upload itself is stored: a store that cannot delete right now must not fail it.
    deps.log.warn('unchosen avatar files not deleted', { userId, files: extra.length, error });
  }
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
  if (!name) throw avatarErrors.notIssued();
  const avatar = `${origin}${AVATAR_PATH}/${name}`;
  // Checked and set under the user's lock, so an upload or a choice in another tab cannot trim
  // or delete it in between. The previous avatar and abandoned uploads go; later uploads stay.
  const old = await repo.chooseUserAvatar(deps.db, userId, name, avatar);
  if (!old) throw avatarErrors.notIssued();
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

/** Clears the user's avatar, so their initials show instead. The upload records of the avatar and
 * of the uploads made before it go, as when another is chosen (later uploads, from another tab,
 * stay); their files are deleted now, or, when the store cannot at that moment, by the sweep of
 * files no upload record names ({@link sweepAvatarOrphans}). Clearing no avatar is a no-op. */
export async function clearAvatar(deps: AppDeps, userId: string): Promise<null> {
  // Under the user's lock, like a choice or an upload in another tab: the two happen one after
  // the other, whichever came first, and leave no upload that neither meant to keep.
  const old = await repo.clearUserAvatar(deps.db, userId);
  if (old.length) {
    try {
      await storageFor(deps).delete(old.map(keyOf));
    } catch (error) {
      deps.log.warn('old avatar files not deleted', { userId, files: old.length, error });
    }
  }
  return null;
}

/** The stored avatar file `name`, if it is a current upload: a file left behind in the store
 * after its upload was replaced is not served. */
export async function readAvatar(deps: AppDeps, name: string) {
  if (!AVATAR_NAME.test(name) || !(await repo.avatarExists(deps.db, name))) return undefined;
  return storageFor(deps).get(keyOf(name));
}

/**
 * Removes the stored avatar files that no upload record names and that the store wrote more than
 * {@link AVATAR_ORPHAN_GRACE_MS} ago, and the partial files of writes interrupted as long ago;
 * returns how many. They are never served (readAvatar) and come from a process stopped between
 * storing an upload's bytes and recording it (or in the middle of storing them), or from a store
 * that could not delete replaced files at the time (trimUploads, chooseAvatar). The store must
 * belong to this database alone: files another deployment recorded elsewhere look unrecorded here.
 */
export async function sweepAvatarOrphans(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  const storage = storageFor(deps);
  const before = new Date(deps.clock.now().getTime() - AVATAR_ORPHAN_GRACE_MS);
  let removed = 0;
  for await (const keys of storage.listOlder(FOLDER, before)) {
    // Only names the server gives: anything else in the folder is not ours to judge.
    const names = keys.map((key) => key.slice(FOLDER.length + 1)).filter((name) => AVATAR_NAME.test(name));
    const recorded = await recordedAvatars(deps.db, names);
    const orphans = names.filter((name) => !recorded.has(name));
    if (orphans.length) await storage.delete(orphans.map(keyOf));
    removed += orphans.length;
  }
  return removed + ((await storage.removePartials?.(FOLDER, before)) ?? 0);
}

/** When this process last swept each database's avatar files (epoch ms by the server's clock). */
const sweptAt = new WeakMap<object, number>();
/** The sweep of each database's avatar files under way in this process, if any. */
const sweeping = new WeakMap<object, Promise<void>>();

/**
 * Starts {@link sweepAvatarOrphans} in the background, unless this process started one less than
 * {@link AVATAR_ORPHAN_SWEEP_EVERY_MS} ago or one is still running; the first call always sweeps.
 * Called after uploads, and fit to call at start. It never throws and nothing need wait for it: a
 * failure is logged, as housekeeping must not fail anything else. {@link avatarSweepDone} tells
 * when it has finished.
 */
export function sweepAvatarOrphansIfDue(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>): void {
  const now = deps.clock.now().getTime();
  const last = sweptAt.get(deps.db);
  if (sweeping.has(deps.db) || (last !== undefined && now - last < AVATAR_ORPHAN_SWEEP_EVERY_MS)) return;
  sweptAt.set(deps.db, now);
  const run = sweepAvatarOrphans(deps)
    .then(
      (files) => {
        if (files) deps.log.info('left-over avatar files removed', { files });
      },
      (error: unknown) => deps.log.warn('left-over avatar files not swept', { error }),
    )
    .finally(() => sweeping.delete(deps.db));
  sweeping.set(deps.db, run);
}

/** Settles when the background sweep of `db`'s avatar files started last has finished (at once
 * when none is running); it never rejects. */
export function avatarSweepDone(db: object): Promise<void> {
  return sweeping.get(db) ?? Promise.resolve();
}
