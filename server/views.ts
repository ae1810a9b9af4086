/** How rows are shown to clients: one place, so every route answers with the same shapes. */
import type { Locale } from '../src/core/settings';
import type { UserRow } from './db/schema';

/** The current user (§3 User profile). `email` only when asked for (`with_email_info`). */
export interface UserJson {
  id: string;
  _id: string;
  username: string;
  name: string;
  avatar: string | null;
  language: string;
  mustChangePassword: boolean;
  email?: { address: string; verified: boolean } | null;
}

/**
 * A user as the client sees it; never the hash or the lockout counters. `language` is the saved
 * one, or for a user who never chose one the language of this request (`locale`), which is what
 * they read.
 */
export function userJson(user: UserRow, locale: Locale, withEmail = false): UserJson {
  const json: UserJson = {
    id: user.id,
    _id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    language: user.locale ?? locale,
    mustChangePassword: user.must_change_password,
  };
  if (withEmail) json.email = user.email ? { address: user.email, verified: user.email_verified } : null;
  return json;
}
