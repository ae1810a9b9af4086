/**
 * Avatar uploads as the element sends them, shared by the tests of every object store.
 */
import { AVATAR_UPLOAD_PATH } from '../../../server/profile/avatar';
import type { Client } from './client';

/** Uploads `bytes` as the multipart field `file` with the given (untrusted) name and type. */
export function uploadAvatar(browser: Client, bytes: Uint8Array | string, name = 'avatar.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type }), name);
  return browser.request('POST', AVATAR_UPLOAD_PATH, { body: form });
}

/** `bytes` padded to `size` with trailing zeros (image readers stop at the end marker). */
export function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}
