/**
 * Sessions: a random 256-bit id in an HttpOnly cookie, stored only as its SHA-256.
 *
 * - User sessions end after {@link SESSION_IDLE_MS} without a request, and at the latest
 *   {@link SESSION_ABSOLUTE_MS} after sign-in. Sign-in always makes a new id (no fixation).
 * - Before sign-in, `page-settings` opens an anonymous pre-session (a row with no user) that
 *   only carries the CSRF token of the login form; sign-in replaces it. Rows, not a signed
 *   cookie, so every server process sharing the database agrees and nothing needs a secret.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDeps, AppEnv } from '../context';
import type { SessionRow } from '../db/schema';
import * as repo from '../repos/sessions';
import { sessionsEnded } from '../notifications/hub';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'yx_sid';
/** A signed-in session ends after 7 days without use. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** …and 30 days after sign-in at the latest. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** An anonymous pre-session (login form) lasts 1 day. */
export const PRESESSION_MS = 24 * 3600_000;
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

/** Whether the request arrived over HTTPS (directly or through a proxy that says so). */
function isHttps(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

function writeCookie(c: Context<AppEnv>, id: string, maxAgeMs: number) {
  setCookie(c, SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
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
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
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
  const lifetime = userId ? SESSION_ABSOLUTE_MS : PRESESSION_MS;
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
  writeCookie(c, id, lifetime);
  return row;
}

/** Ends the cookie's session on the server and clears the cookie. */
export async function endSession(deps: AppDeps, c: Context<AppEnv>, session: SessionRow | null): Promise<void> {
  if (session) {
    await repo.deleteSession(deps.db, session.id_hash);
    // This process's streams of that user check their sessions now, not at their next heartbeat.
    if (session.user_id) sessionsEnded(session.user_id);
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) });
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
