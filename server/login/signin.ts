/**
 * `POST /users/ajax/login` (§4, §8, issue 7): a password or directory sign-in, in order —
 * 1. a frozen account (or name) is refused with `account_frozen` until its hour is up;
 * 2. after 3 wrong passwords in a row the attempt must carry a fresh `slider_token`;
 * 3. the password is checked (unknown names cost the same argon2 time and are counted the same,
 *    in `login_failures`, so neither the slider nor the freeze tells which names exist); the
 *    5th wrong one freezes for 1 hour;
 * 4. an account that must change its password gets `password_change_required` and no session;
 * 5. an account under the risk check on a device it has not used (device cookie, login/device.ts)
 *    gets a code mailed to its verified address and `email_verification_required`; the code
 *    completes the sign-in (routes/recovery.ts);
 * 6. otherwise a new session.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Locale } from '../../src/core/settings';
import { FREEZE_MS, MAX_FAILED_ATTEMPTS } from '../auth/login';
import { verifyDummy, verifyPassword } from '../auth/password';
import type { AppDeps, AppEnv } from '../context';
import type { SessionRow, UserRow } from '../db/schema';
import type { DirectoryKind } from '../ldap/config';
import { authenticate, DirectoryUnavailable } from '../ldap/directory';
import * as codesRepo from '../repos/codes';
import { isKnownDevice } from '../repos/devices';
import { clearNameFailures, nameFailures, recordNameFailure } from '../repos/login-limits';
import { findUserByLogin, recordFailedLogin } from '../repos/users';
import { codeAddress, endFlowFor, RESEND_MS, sendCode } from './codes';
import { completeLogin, signedInLocale } from './complete';
import type { SignedIn } from './complete';
import { deviceOf, maskEmail, nameKey } from './device';
import { loginErrors } from './errors';
import { spendSliderToken } from './slider';

/** Wrong passwords in a row after which the next attempt needs the slider. */
export const SLIDER_AFTER_FAILURES = 3;
/** How long a pending login or forced change waits for its next step. */
export const FLOW_TTL_MS = 30 * 60_000;

/** The body of a sign-in. */
export interface SignInInput {
  username: string;
  password: string;
  mode: 'password' | DirectoryKind;
  sliderToken: string | undefined;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Refuses a frozen account or name, and demands the slider after 3 failures. */
async function gate(
  deps: AppDeps,
  state: { failures: number; frozenUntil: Date | null },
  q: { session: SessionRow; key: string; sliderToken: string | undefined },
): Promise<void> {
  if (state.frozenUntil && state.frozenUntil > deps.clock.now()) throw loginErrors.frozen(state.frozenUntil);
  if (state.failures >= SLIDER_AFTER_FAILURES) {
    await spendSliderToken(deps, { token: q.sliderToken, sessionHash: q.session.id_hash, nameKey: q.key });
  }
}

/** Counts a wrong password (of an account, or of a name) and throws the matching refusal. */
async function refuse(deps: AppDeps, target: { userId: string } | { nameHash: string }): Promise<never> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + FREEZE_MS);
  const result =
    'userId' in target
      ? await recordFailedLogin(deps.db, target.userId, MAX_FAILED_ATTEMPTS, until)
      : await recordNameFailure(deps.db, target.nameHash, MAX_FAILED_ATTEMPTS, until, now);
  throw result.frozen ? loginErrors.frozen(until) : loginErrors.incorrect();
}

async function checkLocalPassword(deps: AppDeps, session: SessionRow, input: SignInInput): Promise<UserRow> {
  const key = nameKey(input.username);
  const user = await findUserByLogin(deps.db, input.username);
  const nameHash = sha256(`password:${key}`);
  const state = user
    ? { failures: user.failed_attempts, frozenUntil: user.frozen_until }
    : await nameFailures(deps.db, nameHash);
  await gate(deps, state, { session, key, sliderToken: input.sliderToken });
  if (!user) {
    await verifyDummy(input.password);
    return refuse(deps, { nameHash });
  }
  if (!(await verifyPassword(user.password_hash, input.password))) return refuse(deps, { userId: user.id });
  return user;
}

async function checkDirectory(
  deps: AppDeps,
  c: Context<AppEnv>,
  session: SessionRow,
  input: SignInInput & { mode: DirectoryKind },
): Promise<UserRow> {
  const ldap = deps.config.ldap;
  if (!ldap || !ldap.kinds.includes(input.mode)) throw loginErrors.typeNotSupported();
  const key = nameKey(input.username);
  const nameHash = sha256(`${input.mode}:${key}`);
  await gate(deps, await nameFailures(deps.db, nameHash), { session, key, sliderToken: input.sliderToken });
  let answer;
  try {
    answer = await authenticate(ldap, input.mode, input.username, input.password);
  } catch (error) {
    if (!(error instanceof DirectoryUnavailable)) throw error;
    c.get('log').warn('directory unavailable', { detail: error.message });
    throw loginErrors.directoryUnavailable();
  }
  if (answer.status === 'invalid') return refuse(deps, { nameHash });
  await clearNameFailures(deps.db, nameHash);
  if (!answer.username && !answer.email) throw loginErrors.accountInfoMissing();
  // The directory vouches for the person; a local account of the same name or address is theirs.
  const user =
    (answer.username ? await findUserByLogin(deps.db, answer.username) : undefined) ??
    (answer.email ? await findUserByLogin(deps.db, answer.email) : undefined);
  if (!user) throw loginErrors.boundAccountNotFound();
  if (user.frozen_until && user.frozen_until > deps.clock.now()) throw loginErrors.frozen(user.frozen_until);
  return user;
}

/**
 * Mails a login code for a risky sign-in (unless one went out within the minute) and says so.
 * The code goes to the verified address only; without one the answer is `no_email`. The mail is
 * in `locale`, the language this browser, which proved the password, reads the account in.
 */
async function demandCode(
  deps: AppDeps,
  session: SessionRow,
  user: UserRow,
  attempt: { key: string; deviceHash: string; locale: Locale },
) {
  const { key, deviceHash, locale } = attempt;
  const address = codeAddress(user);
  if (!address) throw loginErrors.noEmail();
  // Back from forgot password to signing in: the code routes serve this sign-in now.
  await endFlowFor(deps, session.id_hash, 'reset', key);
  const now = deps.clock.now();
  const [pending] = (await codesRepo.findFlows(deps.db, session.id_hash, key, now)).filter(
    (f) => f.purpose === 'login' && f.user_id === user.id,
  );
  // Signing in again right away must not mail a second code (the resend throttle still holds).
  const fresh = pending?.sent_at && pending.sent_at.getTime() > now.getTime() - RESEND_MS;
  if (!fresh) {
    const row = {
      session_hash: session.id_hash,
      purpose: 'login' as const,
      user_id: user.id,
      name_key: key,
      device_hash: deviceHash,
      code_hash: null,
      code_state: 'none' as const,
      code_expires_at: null,
      code_attempts: 0,
      sent_at: null,
      verified_at: null,
      created_at: now,
      expires_at: new Date(now.getTime() + FLOW_TTL_MS),
    };
    await codesRepo.saveFlow(deps.db, row);
    await sendCode(deps, row, user, 'loginCode', locale);
  }
  throw loginErrors.emailVerificationRequired(maskEmail(address));
}

/** Runs one sign-in attempt (see the file comment); the answer of a success. */
export async function signIn(deps: AppDeps, c: Context<AppEnv>, input: SignInInput): Promise<SignedIn> {
  const session = c.get('session');
  if (!session) throw loginErrors.pageExpired();
  const key = nameKey(input.username);
  const user =
    input.mode === 'password'
      ? await checkLocalPassword(deps, session, input)
      : await checkDirectory(deps, c, session, { ...input, mode: input.mode });
  const now = deps.clock.now();
  if (input.mode === 'password' && user.must_change_password) {
    await codesRepo.saveFlow(deps.db, {
      session_hash: session.id_hash,
      purpose: 'change',
      user_id: user.id,
      name_key: key,
      created_at: now,
      expires_at: new Date(now.getTime() + FLOW_TTL_MS),
    });
    throw loginErrors.passwordChangeRequired();
  }
  const device = deviceOf(deps, c);
  if (user.risk_check && !(device.identified && (await isKnownDevice(deps.db, user.id, device.hash)))) {
    await demandCode(deps, session, user, { key, deviceHash: device.hash, locale: signedInLocale(deps, c, user) });
  }
  return completeLogin(deps, c, user, device, input.mode);
}
