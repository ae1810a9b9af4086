/**
 * Emailed 6-digit codes of the step-by-step flows (risky login, forgotten password): they last
 * 10 minutes, are used once, are voided by the 5th wrong try, may be resent once a minute, and
 * are stored only as a salted SHA-256 (the code itself exists only in the mail). They go only to
 * a verified address: an unverified one may be mistyped, or not the owner's at all.
 *
 * Both limits hold per account too, across browser sessions and the two flows (a fresh anonymous
 * session is free to get, so a limit per session alone bounds nothing): at most one code mail a
 * minute to an account, whichever session or flow asks — a second tab or browser is told how long
 * to wait (429 `retry_after`, as the email bind does) — and the 5th wrong code within a code's life
 * voids every outstanding code of the account. A try is counted before its code is compared, so
 * guesses sent all at once cannot outrun the count.
 *
 * Starting one of the two flows ends the other for that name (login/recovery.ts), so one browser
 * never holds two live codes for an account.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import { renderMail } from '../mail/templates';
import { emailErrors } from '../profile/errors';
import { requireMailService } from '../profile/mail-service';
import * as repo from '../repos/codes';
import type { FlowRow } from '../repos/codes';
import { claimThrottles, releaseThrottles } from '../repos/emails';
import { hit } from '../repos/login-limits';
import { loginErrors } from './errors';

/** How long a code works. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong tries that void a code (the last one included). */
export const MAX_CODE_TRIES = 5;
/** A code may be sent again after this (§9 "email resend 1 minute"), per flow and per account. */
export const RESEND_MS = 60_000;
/** Wrong tries, in any sessions, that void every outstanding code of an account (the last one
 * included). Counted in a window of a code's life, so old typos do not linger. */
export const MAX_ACCOUNT_CODE_TRIES = 5;

/** The account's code-mail throttle (`send_throttles`). Per account, not per address: a verified
 * address belongs to one account only (migration 0010), and codes go to verified addresses only. */
const sendKey = (userId: string) => `code:user:${userId}`;
/** The account's wrong-code counter (`request_counters`). */
const triesKey = (userId: string) => `code:tries:${userId}`;

const secondsUntil = (sentAt: Date, now: Date) =>
  Math.max(1, Math.ceil((sentAt.getTime() + RESEND_MS - now.getTime()) / 1000));

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
 * within a minute of the last code mailed to the account (any session, either flow), or
 * `email_send_failed`.
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
  const notAfter = new Date(now.getTime() - RESEND_MS);
  const throttle = [sendKey(user.id)];
  const held = await claimThrottles(deps.db, throttle, now, notAfter);
  if (held) throw loginErrors.tooMany(secondsUntil(held, now));
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const key = { sessionHash: flow.session_hash, purpose: flow.purpose };
  const claimed = await repo.claimSend(deps.db, key, {
    hash: hashCode(code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    now,
    notAfter,
  });
  if (!claimed) {
    await releaseThrottles(deps.db, throttle, now);
    throw loginErrors.tooMany(secondsUntil(flow.sent_at ?? now, now));
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
    await releaseThrottles(deps.db, throttle, now);
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
 * Checks a code against `flow` and uses it. Throws `code_voided` (5 wrong tries on this code, or
 * on the account's codes together), `code_expired` (none sent, used, or older than 10 minutes)
 * or `code_incorrect`.
 */
export async function useFlowCode(deps: AppDeps, flow: FlowRow, code: string): Promise<void> {
  const now = deps.clock.now();
  const key = { sessionHash: flow.session_hash, purpose: flow.purpose };
  if (flow.code_state === 'voided') throw loginErrors.codeVoided();
  if (flow.code_state !== 'active' || !flow.code_hash || !flow.code_expires_at) throw loginErrors.codeExpired();
  if (flow.code_expires_at <= now) throw loginErrors.codeExpired();
  // Counted before the comparison: a try past the cap is never judged, however many arrive at once.
  const tries = triesKey(flow.user_id);
  const { hits } = await hit(deps.db, tries, now, CODE_TTL_MS);
  if (hits > MAX_ACCOUNT_CODE_TRIES) {
    // The cap's last try is still being judged, or its request died before voiding: void now, so
    // the account is never left with live codes that no try may reach.
    await repo.voidUserCodes(deps.db, flow.user_id, tries);
    throw loginErrors.codeVoided();
  }
  if (!matches(flow.code_hash, code)) {
    const state = await repo.countWrongCode(deps.db, key, MAX_CODE_TRIES);
    if (hits === MAX_ACCOUNT_CODE_TRIES) {
      await repo.voidUserCodes(deps.db, flow.user_id, tries);
      throw loginErrors.codeVoided();
    }
    if (state === 'voided') throw loginErrors.codeVoided();
    throw state === 'active' ? loginErrors.codeIncorrect() : loginErrors.codeExpired();
  }
  // Only wrong codes count towards the account's cap.
  await repo.releaseTry(deps.db, tries);
  // Two requests with the right code: only one uses it.
  if (!(await repo.useCode(deps.db, key, flow.code_hash, now))) throw loginErrors.codeExpired();
}
