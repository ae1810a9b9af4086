/**
 * Sessions: a random 256-bit id in an HttpOnly cookie, stored only as its SHA-256.
 *
 * - User sessions end after {@link SESSION_IDLE_MS} without a request, and at the latest
 *   {@link SESSION_ABSOLUTE_MS} after sign-in. Sign-in always makes a new id (no fixation).
 * - Before sign-in, `page-settings` opens an anonymous pre-session (a row with no user) that
 *   only carries the CSRF token of the login form; sign-in replaces it. Rows, not a signed
 *   cookie, so every server process sharing the database agrees and nothing needs a secret.
 * - Anyone can open pre-sessions without keeping the cookie (a script calling `page-settings` in
 *   a loop), so they are bounded: one lives {@link PRESESSION_FIRST_MS} until its cookie comes
 *   back (then {@link PRESESSION_MS}), opening one deletes a few expired ones, and each server
 *   process keeps at most {@link PRESESSIONS_PER_ADDRESS} opened from one client address group
 *   (`addressGroup`: an IPv6 /64 or one IPv4 address) whose cookie never came back. One holding a
 *   sign-in in progress (an SSO login state, a pending login or reset) is never deleted that way.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDeps, AppEnv } from '../context';
import type { SessionRow } from '../db/schema';
import { addressGroup, clientAddress } from '../net/client-ip';
import { isHttps } from '../net/https';
import * as repo from '../repos/sessions';
import { sessionsEnded } from '../notifications/hub';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'yx_sid';
/** A signed-in session ends after 7 days without use. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** …and 30 days after sign-in at the latest. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** An anonymous pre-session (login form) lasts 1 day once its cookie has come back… */
export const PRESESSION_MS = 24 * 3600_000;
/**
 * …and this long until then. Not shorter than the reset flow that `check` may start in the very
 * request that opens the pre-session (RESET_TTL_MS in ../login/recovery.ts). A page whose
 * pre-session went unused is not hurt: its next write is refused as `csrf_invalid`, and the client
 * fetches a fresh token and sends it again (src/core/http.ts).
 */
export const PRESESSION_FIRST_MS = 30 * 60_000;
/**
 * Pre-sessions whose cookie has not come back that one server process keeps per client address
 * group; opening another deletes its oldest, unless it holds a sign-in in progress. A browser
 * needs one (its tabs share the cookie); the rest is room for an office behind one NAT address,
 * where a deleted one only costs that page the retry above. Per process: with several processes
 * behind a balancer, a group may keep this many in each.
 */
export const PRESESSIONS_PER_ADDRESS = 30;
/** Expired pre-sessions deleted, at most, each time one is opened (more than one: they cannot
 * pile up faster than they go). */
const SWEEP_ON_OPEN = 20;
/** Client address groups whose unconfirmed pre-sessions this process remembers (least recent
 * forgotten first), so the memory stays bounded whatever the number of addresses. */
const ADDRESSES_REMEMBERED = 2000;
/** `last_seen_at` is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function writeCookie(deps: AppDeps, c: Context<AppEnv>, id: string, maxAgeMs: number) {
  setCookie(c, SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, deps.config.publicUrl),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** Reads the cookie's session, if it is valid now, and its user; refreshes `last_seen_at` now
 * and then. */
export async function loadSession(
  deps: AppDeps,
  c: Context<AppEnv>,
): Promise<{ session: SessionRow; user: repo.SessionUser | undefined } | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id || id.length > 100) return null;
  const now = deps.clock.now();
  const found = await repo.findSession(deps.db, sha256(id), now);
  if (!found) return null;
  const { session } = found;
  const idle = session.user_id ? SESSION_IDLE_MS : PRESESSION_MS;
  if (now.getTime() - session.last_seen_at.getTime() > idle) return null;
  if (!session.user_id && unconfirmed(session)) {
    // The cookie came back: a browser keeps this pre-session, so it gets its full lifetime.
    const expires = new Date(session.created_at.getTime() + PRESESSION_MS);
    await repo.confirmPreSession(deps.db, session.id_hash, expires, now);
    session.expires_at = expires;
    session.last_seen_at = now;
  } else if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await repo.touchSession(deps.db, session.id_hash, now);
    session.last_seen_at = now;
  }
  return found;
}

/**
 * Starts a session (for `userId`, or anonymous when null), ending `previous` if given, and sets
 * the cookie. A new id and a new CSRF token every time.
 */
export async function startSession(
  deps: AppDeps,
  c: Context<AppEnv>,
  userId: string | null,
  previous: SessionRow | null,
): Promise<SessionRow> {
  const now = deps.clock.now();
  const id = randomToken();
  const lifetime = userId ? SESSION_ABSOLUTE_MS : PRESESSION_FIRST_MS;
  const row: SessionRow = {
    id_hash: sha256(id),
    user_id: userId,
    csrf_token: randomToken(),
    user_agent: (c.req.header('user_agent') ?? c.req.header('user-agent') ?? '').slice(0, 300) || null,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + lifetime),
  };
  if (previous) await repo.deleteSession(deps.db, previous.id_hash);
  await repo.insertSession(deps.db, row);
  if (!userId) await boundPreSessions(deps, c, row);
  // A pre-session's cookie is kept for the lifetime it gets once used, not just its first one.
  writeCookie(deps, c, id, userId ? lifetime : PRESESSION_MS);
  return row;
}

/** Whether a pre-session is still in its first lifetime (its cookie never came back). */
function unconfirmed(session: SessionRow): boolean {
  return session.expires_at.getTime() - session.created_at.getTime() < PRESESSION_MS;
}

type Unconfirmed = { idHash: string; unconfirmedUntil: Date };
/** Per database: this process's unconfirmed pre-sessions by client address group, oldest first.
 * Another process sharing the database keeps its own count, so the bound is per group and per
 * process, not global. */
const openedByAddress = new WeakMap<AppDeps['db'], Map<string, Unconfirmed[]>>();

/**
 * After `row` (a new pre-session) is stored: deletes its address group's oldest unconfirmed ones
 * beyond {@link PRESESSIONS_PER_ADDRESS} that this process opened, and a few expired ones of
 * anyone. Those that were confirmed since (their cookie came back) are not deleted, nor those
 * holding a sign-in in progress: an SSO sign-in started from a direct link keeps its login state
 * in a pre-session whose cookie comes back only with the provider's callback.
 */
async function boundPreSessions(deps: AppDeps, c: Context<AppEnv>, row: SessionRow): Promise<void> {
  const now = deps.clock.now();
  let byAddress = openedByAddress.get(deps.db);
  if (!byAddress) openedByAddress.set(deps.db, (byAddress = new Map()));
  const address = addressGroup(clientAddress(c, deps.config.trustProxy)) ?? 'unknown';
  // Expired ones are dropped from the list; the sweep below deletes their rows.
  const opened = (byAddress.get(address) ?? []).filter((entry) => entry.unconfirmedUntil > now);
  opened.push({ idHash: row.id_hash, unconfirmedUntil: row.expires_at });
  const evicted = opened.splice(0, Math.max(0, opened.length - PRESESSIONS_PER_ADDRESS));
  // Re-inserted, so the map's order is least recently seen first.
  byAddress.delete(address);
  byAddress.set(address, opened);
  if (byAddress.size > ADDRESSES_REMEMBERED) byAddress.delete(byAddress.keys().next().value!);
  await repo.deleteUnconfirmedPreSessions(deps.db, evicted);
  await repo.deleteExpiredPreSessions(deps.db, now, SWEEP_ON_OPEN);
}

/** Ends the cookie's session on the server and clears the cookie. */
export async function endSession(deps: AppDeps, c: Context<AppEnv>, session: SessionRow | null): Promise<void> {
  if (session) {
    await repo.deleteSession(deps.db, session.id_hash);
    // This process's streams of that user check their sessions now, not at their next heartbeat.
    if (session.user_id) sessionsEnded(session.user_id);
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c, deps.config.publicUrl) });
}

/** Deletes expired sessions and pre-sessions (run at start and on sign-in). */
export function sweepSessions(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  return repo.deleteExpiredSessions(
    deps.db,
    new Date(now),
    new Date(now - SESSION_IDLE_MS),
    new Date(now - PRESESSION_MS),
  );
}
