/**
 * Who is signing in from where: the login name as a key, the device (§3 `umid-token` + user
 * agent) and the masked email address answers may show.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The login name as flows and challenges key it: trimmed, lower-cased (accounts are case-insensitive). */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** The device of a request. */
export interface Device {
  /** SHA-256 of `umid-token` and user agent: the device's identity without storing either. */
  hash: string;
  /** Whether the browser sent a `umid-token` (without one no device counts as known). */
  identified: boolean;
  /** The user agent, cut short, for the new-device message. */
  userAgent: string | null;
}

/**
 * The device of this request. The login elements send `user_agent` and `umid-token` headers
 * (§7); the standard `User-Agent` stands in when `user_agent` is absent (top-level navigations
 * such as the SSO callback carry no custom headers).
 */
export function deviceOf(c: Context<AppEnv>): Device {
  const umid = (c.req.header('umid-token') ?? '').slice(0, 200);
  const agent = (c.req.header('user_agent') ?? c.req.header('user-agent') ?? '').slice(0, 500);
  return { hash: sha256(`${umid}\n${agent}`), identified: umid.length > 0, userAgent: agent.slice(0, 300) || null };
}

/** `c***l@example.com`: enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local[0]! : `${local[0]!}***${local.at(-1)!}`;
  return `${local.length <= 2 ? `${shown}***` : shown}${email.slice(at)}`;
}
