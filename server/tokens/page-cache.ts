/**
 * An exact in-process cache of `tokens:search` answers.
 *
 * The list of a user's tokens changes only when a token row changes — which bumps
 * `users.tokens_version` through the triggers of migration 0009 — or when time passes an
 * expiry instant (the `expired` flag, and whether the default search still includes a token).
 * So an answer stays exact while the version the request's session read is the one it was made
 * at and the clock is before the next expiry among the user's tokens. A hit costs no query at
 * all: the version comes with the session's user row, which every request loads anyway.
 *
 * The version is read before the page is, so a page stored under a version is at least as new
 * as that version; a change after it bumps the version and the next request misses. Several
 * servers on one PostgreSQL each keep their own cache and all see the shared counter.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Entries kept per database, least recently used first out. */
const MAX_ENTRIES = 2_000;

interface Entry {
  version: number;
  /** Epoch ms from which the answer may differ (the next expiry); Infinity when none comes. */
  validUntil: number;
  value: unknown;
}

/** One cache per database handle: test servers in one process never share answers. */
const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

/** What a page depends on besides the user and the version. */
export interface PageKey {
  userId: string;
  includeExpired: boolean;
  page: number;
  pageSize: number;
}

const keyOf = (k: PageKey) => `${k.userId}\n${k.includeExpired ? 1 : 0}\n${k.page}\n${k.pageSize}`;

/**
 * The cached answer for `key` at `version` and `now`, else the one `load` makes (and caches).
 * `load` also says until when its answer holds.
 */
export async function cachedPage<T>(
  db: Kysely<Database>,
  key: PageKey,
  version: number,
  now: Date,
  load: () => Promise<{ value: T; validUntil: number }>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const k = keyOf(key);
  const hit = cache.get(k);
  if (hit && hit.version === version && now.getTime() < hit.validUntil) {
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    cache.delete(k);
    cache.set(k, hit);
    return hit.value as T;
  }
  const { value, validUntil } = await load();
  cache.delete(k);
  cache.set(k, { version, validUntil, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
