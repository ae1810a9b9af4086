/**
 * Avatar upload rules (§5).
 * Part of the rules of §5 (./rules); pure, the server imports it under Node.
 */
import * as v from 'valibot';
import { k, validate } from './validate';
import type { ValidationMessageKey } from './validate';

/** Largest avatar upload in bytes (1 MB). */
export const AVATAR_MAX_BYTES = 1_048_576;
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** Avatar file facts (a `File` fits): JPG, JPEG, PNG or GIF, at most 1 MB. An empty MIME type
 * (some systems give none) is judged by the extension alone. */
export const avatarFileSchema = v.pipe(
  v.object({ name: v.string(), type: v.string(), size: v.number() }, k('validation.avatar.type')),
  v.check((f) => {
    const ext = /\.([^.]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '';
    return AVATAR_EXTENSIONS.includes(ext) && (f.type === '' || AVATAR_TYPES.includes(f.type.toLowerCase()));
  }, k('validation.avatar.type')),
  v.check((f) => f.size >= 0 && f.size <= AVATAR_MAX_BYTES, k('validation.avatar.size')),
);

/** Checks an avatar before upload; returns the message key of the first problem, or null. */
export function checkAvatarFile(file: { name: string; type: string; size: number }): ValidationMessageKey | null {
  const result = validate(avatarFileSchema, { name: file.name, type: file.type, size: file.size });
  return result.ok ? null : (result.issues[0]?.messageKey ?? k('validation.avatar.type'));
}
