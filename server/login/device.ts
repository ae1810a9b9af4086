/**
 * Who is signing in from where: the login name as a key, the device and the masked email address
 * answers may show.
 *
 * A device is a browser profile, recognised by a random id in a long-lived HttpOnly cookie the
 * server issues on the first sign-in attempt that lacks one. Only its SHA-256 is stored
 * (`known_devices`, `login_flows.device_hash`). The §7 `umid-token` header is still accepted but
 * identifies nothing: the elements make a new one for every instance and keep it in memory only,
 * so keying on it made every sign-in a "new device".
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppDeps, AppEnv } from '../context';
import { isHttps } from '../net/https';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Name of the device cookie. */
export const DEVICE_COOKIE = 'yx_did';
/** The cookie lasts a year from the last sign-in attempt (Chromium caps cookies at 400 days). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** 32 random bytes, base64url: what {@link deviceOf} issues and the only form it accepts back. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The login name as flows and challenges key it: trimmed, lower-cased (accounts are case-insensitive). */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** The device of a request. */
export interface Device {
  /** SHA-256 of the device cookie's id: the device's identity without storing the id. */
  hash: string;
  /** Whether the browser sent its device cookie. A device issued by this very request is known
   * to no account yet. */
  identified: boolean;
  /** The user agent, cut short, for the new-device message. */
  userAgent: string | null;
}

/**
 * The device of this request: the id of its device cookie, or a new one when the browser sent
 * none (or a malformed one). Either way the cookie is (re)written, so it lasts a year from the
 * last sign-in attempt. SameSite=Lax, so top-level navigations (the SSO callback) carry it too.
 * The login elements send a `user_agent` header (§7); the standard `User-Agent` stands in when
 * it is absent.
 */
export function deviceOf(deps: Pick<AppDeps, 'config'>, c: Context<AppEnv>): Device {
  const sent = getCookie(c, DEVICE_COOKIE);
  const identified = sent !== undefined && DEVICE_ID.test(sent);
  const id = identified ? sent : randomBytes(32).toString('base64url');
  setCookie(c, DEVICE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, deps.config.publicUrl),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  const agent = (c.req.header('user_agent') ?? c.req.header('user-agent') ?? '').slice(0, 500);
  return { hash: sha256(`device:${id}`), identified, userAgent: agent.slice(0, 300) || null };
}

/** `c***l@example.com`: enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local[0]! : `${local[0]!}***${local.at(-1)!}`;
  return `${local.length <= 2 ? `${shown}***` : shown}${email.slice(at)}`;
}
