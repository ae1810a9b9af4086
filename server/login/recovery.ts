/**
 * The code and password steps that follow a sign-in or start from "Forgot password" (issue 7).
 * Each step needs the one before it in the same browser session (a `login_flows` row of its
 * pre-session); a skipped or stale step is `page_expired`.
 *
 * - Forgot password: `check` (the only step that says whether an account exists; rate-limited)
 *   → `emailCaptcha` → `emailCaptcha:verify` → `password:reset { new_password }` within 10
 *   minutes of the verification. A new password ends every session of the user.
 * - Pending login (risk check): `emailCaptcha` resends, `emailCaptcha:verify` signs in.
 * - Forced change: `password:reset { old_password, new_password }` after the sign-in that asked
 *   for it.
 * Both code flows share the code routes, and neither element says which it means (no `purpose`
 * field in §7). The step that starts a flow tells: `check` starts the reset and ends a pending
 * login of this session and name; a sign-in that needs a code starts the login flow and ends a
 * reset of that name. So at most one of the two is live and the code routes serve it; neither
 * means the caller skipped a step.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { FREEZE_MS, MAX_FAILED_ATTEMPTS } from '../auth/login';
import { hashPassword, verifyPassword } from '../auth/password';
import type { AppDeps, AppEnv } from '../context';
import type { SessionRow, UserRow } from '../db/schema';
import { serverTranslator } from '../i18n';
import { addressGroup, clientAddress } from '../net/client-ip';
import { passwordErrors } from '../profile/errors';
import { PASSWORD_CHANGED } from '../profile/password';
import * as codesRepo from '../repos/codes';
import type { FlowRow } from '../repos/codes';
import { hit, sweepLimits } from '../repos/login-limits';
import { applyPasswordChange } from '../repos/password';
import { findUserById, findUserByLogin, recordFailedLogin } from '../repos/users';
import { noticeTime } from '../time';
import { codeAddress, endFlowFor, RESEND_MS, sendCode, useFlowCode } from './codes';
import { completeLogin, signedInLocale } from './complete';
import type { SignedIn } from './complete';
import { deviceOf, maskEmail, nameKey } from './device';
import { loginErrors } from './errors';

/** Account checks per browser session, and per client address, in {@link CHECK_WINDOW_MS}. An
 * address gets more: an office behind one NAT shares it. */
export const CHECK_LIMITS = { session: 10, address: 30 } as const;
export const CHECK_WINDOW_MS = 60_000;
/** How long a started reset lasts, and how long a verified code lets the reset step wait. */
export const RESET_TTL_MS = 30 * 60_000;
export const VERIFIED_TTL_MS = 10 * 60_000;

function sessionOf(c: Context<AppEnv>): SessionRow {
  const session = c.get('session');
  if (!session) throw loginErrors.pageExpired();
  return session;
}

/** Step 1 of forgot password: does the account exist, and where would the code go. */
export async function checkAccount(deps: AppDeps, c: Context<AppEnv>, username: string) {
  const session = sessionOf(c);
  const now = deps.clock.now();
  await sweepLimits(deps.db, new Date(now.getTime() - 24 * 3600_000), now);
  await codesRepo.sweepFlows(deps.db, now);
  const address = clientAddress(c, deps.config.trustProxy);
  const keys: Array<[string, number]> = [[`check:session:${session.id_hash}`, CHECK_LIMITS.session]];
  // The addresses of one IPv6 /64 are one client.
  if (address) keys.push([`check:address:${addressGroup(address)}`, CHECK_LIMITS.address]);
  for (const [key, limit] of keys) {
    const { hits, since } = await hit(deps.db, key, now, CHECK_WINDOW_MS);
    if (hits > limit) {
      throw loginErrors.tooMany(Math.max(1, Math.ceil((since.getTime() + CHECK_WINDOW_MS - now.getTime()) / 1000)));
    }
  }
  const user = await findUserByLogin(deps.db, username);
  if (!user) throw loginErrors.accountNotExist();
  // The user left a pending sign-in of this name for forgot password: the codes are the reset's now.
  await endFlowFor(deps, session.id_hash, 'login', nameKey(username));
  // This browser checked the same account before (a reload, a second tab): its reset goes on, so
  // the code already mailed still works. Its expiry stays; a fresh check must not extend it.
  const live = await codesRepo.findFlows(deps.db, session.id_hash, nameKey(username), now);
  if (!live.some((f) => f.purpose === 'reset' && f.user_id === user.id)) {
    await codesRepo.saveFlow(deps.db, {
      session_hash: session.id_hash,
      purpose: 'reset',
      user_id: user.id,
      name_key: nameKey(username),
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TTL_MS),
    });
  }
  const to = codeAddress(user);
  return { exists: true as const, email: to ? maskEmail(to) : null };
}

/** The flow a code call is about, with its user (see the file comment). */
async function codeFlow(deps: AppDeps, c: Context<AppEnv>, username: string): Promise<[FlowRow, UserRow]> {
  const flows = await codesRepo.findFlows(deps.db, sessionOf(c).id_hash, nameKey(username), deps.clock.now());
  // Only one is live (see the file comment); were two ever left by a race, the newer one is meant.
  const [flow] = flows
    .filter((f) => f.purpose === 'login' || f.purpose === 'reset')
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  const user = flow && (await findUserById(deps.db, flow.user_id));
  if (!flow || !user) throw loginErrors.pageExpired();
  return [flow, user];
}

/** `emailCaptcha`: mails a (new) code for the pending login or the reset. */
export async function mailCode(deps: AppDeps, c: Context<AppEnv>, username: string) {
  const [flow, user] = await codeFlow(deps, c, username);
  const template = flow.purpose === 'login' ? 'loginCode' : 'passwordReset';
  // A reset's limits depend on where it is asked from: its address group, and whether this
  // browser signed in to the account before (codes.ts). A resent sign-in code is in the language
  // of this browser, which proved the password; a reset code ignores it (`codeMailLocale`).
  await sendCode(deps, flow, user, template, signedInLocale(deps, c, user), {
    address: clientAddress(c, deps.config.trustProxy),
    device: deviceOf(deps, c),
  });
  return { email: maskEmail(codeAddress(user) ?? ''), resend_after: RESEND_MS / 1000 };
}

/** `emailCaptcha:verify`: a pending login signs in (and remembers the device); a reset is verified. */
export async function verifyCode(
  deps: AppDeps,
  c: Context<AppEnv>,
  username: string,
  code: string,
): Promise<SignedIn | { verified: true }> {
  const [flow, user] = await codeFlow(deps, c, username);
  await useFlowCode(deps, flow, code, clientAddress(c, deps.config.trustProxy));
  if (flow.purpose !== 'login') return { verified: true };
  // The browser that typed the password (the flow is tied to its session) is the one the code
  // proves; its device cookie is what it will show next time.
  return completeLogin(deps, c, user, deviceOf(deps, c), 'email-code');
}

/** Writes the new password, ends every other session of the user and leaves the notice, in the
 * language of the browser that proved to be the user (see {@link signedInLocale}). */
async function writePassword(
  deps: AppDeps,
  c: Context<AppEnv>,
  user: UserRow,
  newPassword: string,
  keepSessionHash: string,
) {
  const now = deps.clock.now();
  const locale = signedInLocale(deps, c, user);
  const t = serverTranslator(locale);
  const ended = await applyPasswordChange(deps.db, {
    userId: user.id,
    previousHash: user.password_hash,
    newHash: await hashPassword(newPassword),
    keepSessionHash,
    notice: {
      id: `m_${randomBytes(10).toString('hex')}`,
      user_id: user.id,
      app: 'yunxiao',
      title: t('server.message.passwordChanged.title'),
      body: t('server.message.passwordChanged.body', { time: noticeTime(now, locale) }),
      sensitive_type: PASSWORD_CHANGED,
      created_at: now,
    },
  });
  // Changed by someone else between our read and the write: start over.
  if (ended === null) throw loginErrors.pageExpired();
  return ended;
}

/** `password:reset { old_password, new_password }` after `password_change_required`. */
export async function changeRequiredPassword(
  deps: AppDeps,
  c: Context<AppEnv>,
  username: string,
  input: { oldPassword: string; newPassword: string },
) {
  const session = sessionOf(c);
  const now = deps.clock.now();
  const flows = await codesRepo.findFlows(deps.db, session.id_hash, nameKey(username), now);
  const flow = flows.find((f) => f.purpose === 'change');
  const user = flow && (await findUserById(deps.db, flow.user_id));
  if (!flow || !user?.must_change_password) throw loginErrors.pageExpired();
  if (user.frozen_until && user.frozen_until > now) throw loginErrors.frozen(user.frozen_until);
  // The old password is checked again, and counts towards the freeze like any wrong password.
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    const until = new Date(now.getTime() + FREEZE_MS);
    const { frozen } = await recordFailedLogin(deps.db, user.id, MAX_FAILED_ATTEMPTS, until);
    throw frozen ? loginErrors.frozen(until) : passwordErrors.incorrect();
  }
  if (input.oldPassword === input.newPassword) throw passwordErrors.sameAsOld();
  await writePassword(deps, c, user, input.newPassword, session.id_hash);
  await codesRepo.takeFlow(deps.db, { sessionHash: session.id_hash, purpose: 'change' });
  c.get('log').info('required password change done', { userId: user.id });
  return { changed: true };
}

/** `password:reset { new_password }` (or `password:retrieve`): the last step of forgot password. */
export async function resetPassword(deps: AppDeps, c: Context<AppEnv>, username: string, newPassword: string) {
  const session = sessionOf(c);
  const now = deps.clock.now();
  const flows = await codesRepo.findFlows(deps.db, session.id_hash, nameKey(username), now);
  const flow = flows.find((f) => f.purpose === 'reset');
  const fresh = flow?.verified_at && flow.verified_at.getTime() > now.getTime() - VERIFIED_TTL_MS;
  const user = fresh && (await findUserById(deps.db, flow.user_id));
  if (!flow || !user) throw loginErrors.pageExpired();
  // §5: the new password differs from the old, here as in the other two changes. The verified
  // code stays usable, so the user can pick another one (and the check reveals nothing to the
  // holder of a code who could set any password anyway).
  if (await verifyPassword(user.password_hash, newPassword)) throw passwordErrors.sameAsOld();
  // No session of the user survives a reset (the caller's is anonymous, or ends too).
  const ended = await writePassword(deps, c, user, newPassword, '');
  await codesRepo.takeFlow(deps.db, { sessionHash: session.id_hash, purpose: 'reset' });
  c.get('log').info('password reset', { userId: user.id, endedSessions: ended });
  return { reset: true };
}
