/**
 * Emailed 6-digit codes of the step-by-step flows (risky login, forgotten password): they last
 * 10 minutes, are used once, are voided by the 5th wrong try, may be resent once a minute, and
 * are stored only as a salted SHA-256 (the code itself exists only in the mail). They go only to
 * a verified address: an unverified one may be mistyped, or not the owner's at all.
 *
 * The resend minute is per flow: the first code of a flow is not a resend, even if the other flow
 * of the same browser mailed the same address a moment ago. Starting one of the two flows ends
 * the other for that name (login/recovery.ts), so one browser never holds two live codes for an
 * account, and switching costs a right password or a rate-limited account check.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import { renderMail } from '../mail/templates';
import { emailErrors } from '../profile/errors';
import { requireMailService } from '../profile/mail-service';
import * as repo from '../repos/codes';
import type { FlowRow } from '../repos/codes';
import { loginErrors } from './errors';

/** How long a code works. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong tries that void a code (the last one included). */
export const MAX_CODE_TRIES = 5;
/** A code may be sent again after this (§9 "email resend 1 minute"). */
export const RESEND_MS = 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `salt:sha256(salt:code)`. A per-code salt, so equal codes never look equal in the table. */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

function matches(stored: string, code: string): boolean {
  const salt = stored.slice(0, stored.indexOf(':'));
  const a = Buffer.from(stored);
  const b = Buffer.from(hashCode(code, salt));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address codes for `user` go to: the verified one, or null (answered as `no_email`). */
export function codeAddress(user: UserRow): string | null {
  return user.email && user.email_verified ? user.email : null;
}

/**
 * Mails a new code for `flow` (replacing any earlier one) to the user's verified address. Throws
 * `email_service_not_configured`, `no_email` (no verified address), 429 `too_many_requests`
 * within a minute of the flow's last code, or `email_send_failed`.
 */
export async function sendCode(
  deps: AppDeps,
  flow: FlowRow,
  user: UserRow,
  template: 'loginCode' | 'passwordReset',
): Promise<void> {
  requireMailService(deps);
  const to = codeAddress(user);
  if (!to) throw loginErrors.noEmail();
  const now = deps.clock.now();
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const key = { sessionHash: flow.session_hash, purpose: flow.purpose };
  const claimed = await repo.claimSend(deps.db, key, {
    hash: hashCode(code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    now,
    notAfter: new Date(now.getTime() - RESEND_MS),
  });
  if (!claimed) {
    const since = flow.sent_at?.getTime() ?? now.getTime();
    throw loginErrors.tooMany(Math.max(1, Math.ceil((since + RESEND_MS - now.getTime()) / 1000)));
  }
  const mail = renderMail(
    template,
    { code, minutes: CODE_TTL_MS / 60_000 },
    { to, name: user.name, locale: user.locale, flavour: deps.config.flavour },
  );
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    // No mail went out: no code stands, and the user may ask again at once.
    await repo.releaseSend(deps.db, key, flow.sent_at);
    deps.log.warn('code mail failed', { error, purpose: flow.purpose });
    throw emailErrors.sendFailed();
  }
}

/**
 * Ends this session's `purpose` flow if it is for the login name `key`: the user started the
 * other code flow of that name (forgot password after a pending sign-in, or the reverse), and the
 * code routes, which both share, must not be able to reach the abandoned one.
 */
export async function endFlowFor(deps: AppDeps, sessionHash: string, purpose: 'login' | 'reset', key: string) {
  const flows = await repo.findFlows(deps.db, sessionHash, key, deps.clock.now());
  if (flows.some((f) => f.purpose === purpose)) await repo.takeFlow(deps.db, { sessionHash, purpose });
}

/**
 * Checks a code against `flow` and uses it. Throws `code_voided` (5 wrong tries), `code_expired`
 * (none sent, used, or older than 10 minutes) or `code_incorrect`.
 */
export async function useFlowCode(deps: AppDeps, flow: FlowRow, code: string): Promise<void> {
  const now = deps.clock.now();
  const key = { sessionHash: flow.session_hash, purpose: flow.purpose };
  if (flow.code_state === 'voided') throw loginErrors.codeVoided();
  if (flow.code_state !== 'active' || !flow.code_hash || !flow.code_expires_at) throw loginErrors.codeExpired();
  if (flow.code_expires_at <= now) throw loginErrors.codeExpired();
  if (!matches(flow.code_hash, code)) {
    const state = await repo.countWrongCode(deps.db, key, MAX_CODE_TRIES);
    if (state === 'voided') throw loginErrors.codeVoided();
    throw state === 'active' ? loginErrors.codeIncorrect() : loginErrors.codeExpired();
  }
  // Two requests with the right code: only one uses it.
  if (!(await repo.useCode(deps.db, key, flow.code_hash, now))) throw loginErrors.codeExpired();
}
