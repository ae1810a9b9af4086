/**
 * `POST /users/ajax/login` (§4, §8, issue 7): a password or directory sign-in, in order —
 * 1. a client address group with {@link ADDRESS_FAILURES}.limit failed sign-ins in its window, or
 *    a network with {@link NETWORK_FAILURES}.limit, gets 429 `too_many_requests` until the window
 *    ends, before any password hash or directory bind;
 * 2. a frozen account (or name) is refused with `account_frozen` until its hour is up;
 * 3. after 3 wrong passwords in a row the attempt must carry a fresh `slider_token`;
 * 4. the password is checked (unknown names cost the same argon2 time and are counted the same,
 *    in `login_failures`, so neither the slider nor the freeze tells which names exist); the
 *    5th wrong one freezes for 1 hour;
 * 5. an account that must change its password gets `password_change_required` and no session;
 * 6. an account under the risk check on a device it has not used (device cookie, login/device.ts)
 *    gets a code mailed to its verified address and `email_verification_required`; the code
 *    completes the sign-in (routes/recovery.ts);
 * 7. otherwise a new session.
 *
 * Whose wrong passwords freeze whom. The §4 freeze must not let a stranger who knows only a
 * username lock the owner out, so the counts of steps 2–4 are kept apart:
 * - A browser that is a known device of the account (it signed in to it before) has a count and
 *   freeze of its own, keyed by account and device in `login_failures`. Only that count gates it
 *   (slider after 3, frozen for an hour after 5), and only its own wrong passwords go into it. So
 *   the owner's usual browser still signs in while others froze the account, and someone else at
 *   that browser still gets 5 guesses an hour, as anyone does. Its success clears its own count
 *   only: the freeze others caused stays on them.
 * - Every other browser (no device cookie, or a device the account does not know) is judged by
 *   the account's count (`users.failed_attempts`) and adds to it, as before; a name that is no
 *   local account (and a directory name) by the count of the name.
 * - Step 1 caps what one client can do to every account at once: its failures (wrong passwords,
 *   unknown names, in any account) count per address group (an IPv6 /64), the address as
 *   net/client-ip.ts reads it (trusted proxy or TCP peer). A /64 is what one host can hop across,
 *   and whoever holds a /48 has 65,536 of them, so failures count per network too
 *   (`addressNetwork`: an IPv6 /48; an IPv4 address is its own network and is not counted twice),
 *   as the SSO `authorize` limit does (login/sso.ts): only failures the /64 lets through count for
 *   the /48, so one noisy /64 does not lock out the rest of its site. A known device of the
 *   account is not held by its address (a neighbour behind the same NAT must not lock the owner
 *   out; its own freeze bounds it), but its failures count for the address like anyone's.
 * - Step 1 holds under load: each attempt counts itself for its group and network (one atomic
 *   statement, login-limits.ts `hitGroup`) before the password is looked at, and is refused if
 *   that takes either past its limit, so attempts sent all at once cannot all read a count from
 *   before any of them failed. An attempt that does not end as a wrong password (a success, a
 *   freeze, the slider asked for, an error) gives its count back; a wrong one keeps it.
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
import { addressGroup, addressNetwork, clientAddress } from '../net/client-ip';
import { isKnownDevice } from '../repos/devices';
import {
  clearNameFailures,
  hitGroup,
  nameFailures,
  recordNameFailure,
  releaseHits,
  sweepLimits,
} from '../repos/login-limits';
import type { CountedHit, Hits } from '../repos/login-limits';
import { findUserByLogin, recordFailedLogin } from '../repos/users';
import { codeAddress, endFlowFor, RESEND_MS, sendCode } from './codes';
import { completeLogin, signedInLocale } from './complete';
import type { SignedIn } from './complete';
import { deviceOf, maskEmail, nameKey } from './device';
import type { Device } from './device';
import { loginErrors } from './errors';
import { spendSliderToken } from './slider';

/** Wrong passwords in a row after which the next attempt needs the slider. */
export const SLIDER_AFTER_FAILURES = 3;
/** How long a pending login or forced change waits for its next step. */
export const FLOW_TTL_MS = 30 * 60_000;
/** Failed sign-ins one client address group may make in a fixed window (step 1). An office
 * behind one NAT shares an address, hence more than one person's worth. */
export const ADDRESS_FAILURES = { limit: 30, windowMs: 15 * 60_000 } as const;
/** Failed sign-ins one client network (an IPv6 /48) may make in the same window, from all its
 * /64s together: four of a site's subnets (offices, a guest network) failing at their full
 * {@link ADDRESS_FAILURES} rate at once, far more than people mistyping ever do, while a holder of
 * the whole /48 gets 120 guesses a window instead of 30 for each of its 65,536 /64s. */
export const NETWORK_FAILURES = { limit: 4 * ADDRESS_FAILURES.limit, windowMs: ADDRESS_FAILURES.windowMs } as const;

/** The body of a sign-in. */
export interface SignInInput {
  username: string;
  password: string;
  mode: 'password' | DirectoryKind;
  sliderToken: string | undefined;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Where one attempt comes from: its device, its address group's counter key (none when the
 * address is unknown) and its network's (none too when the network is the group: IPv4). */
interface Origin {
  device: Device;
  addressKey: string | undefined;
  networkKey: string | undefined;
}

/** What step 1 counted for one attempt ahead of its checks; `kept` once it ended as a failure. */
interface Hold {
  counted: CountedHit[];
  kept: boolean;
}

/** Whose count judges an attempt and takes its failure (see the file comment). */
type Counter = { userId: string } | { nameHash: string };

/** Whether the browser of `origin` signed in to `user` before. */
async function knownTo(deps: AppDeps, user: UserRow | undefined, origin: Origin): Promise<boolean> {
  return Boolean(user && origin.device.identified && (await isKnownDevice(deps.db, user.id, origin.device.hash)));
}

/** The count of one account on one of its known devices, for `kind` of sign-in. */
const deviceCounter = (kind: string, user: UserRow, origin: Origin) => ({
  nameHash: sha256(`${kind}:device:${user.id}:${origin.device.hash}`),
});

/** Counts one failure (or one attempt that may become one) for the origin's group and, if the
 * group lets it through, its network. */
const countAddress = (deps: AppDeps, origin: Origin & { addressKey: string }, now: Date) =>
  hitGroup(deps.db, {
    groupKey: origin.addressKey,
    networkKey: origin.networkKey,
    groupLimit: ADDRESS_FAILURES.limit,
    now,
    windowMs: ADDRESS_FAILURES.windowMs,
  });

/**
 * Step 1: counts the attempt for its address group and network before any check, and refuses it
 * with 429 when that takes either past its limit (not for a known device, which is counted only
 * when it fails). The hold is given back by {@link underHold} unless the attempt fails.
 */
async function holdAddress(deps: AppDeps, origin: Origin, known: boolean): Promise<Hold | undefined> {
  if (known || !origin.addressKey) return undefined;
  const now = deps.clock.now();
  const { group, network } = await countAddress(deps, { ...origin, addressKey: origin.addressKey }, now);
  const wait = ({ since }: Hits) =>
    Math.max(1, Math.ceil((since.getTime() + ADDRESS_FAILURES.windowMs - now.getTime()) / 1000));
  // The group's own count past its limit changes nothing: it is refused until its window ends.
  if (group.hits > ADDRESS_FAILURES.limit) throw loginErrors.tooMany(wait(group));
  const counted: CountedHit[] = [{ key: origin.addressKey, since: group.since }];
  if (network && network.hits > NETWORK_FAILURES.limit) {
    // Not a failure of the /64: it keeps its room for when the network's window ends.
    await releaseHits(deps.db, counted);
    throw loginErrors.tooMany(wait(network));
  }
  if (network) counted.push({ key: origin.networkKey!, since: network.since });
  return { counted, kept: false };
}

/** Runs the checks of an attempt step 1 let through; gives its count back unless it failed. */
async function underHold<T>(deps: AppDeps, hold: Hold | undefined, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } finally {
    if (hold && !hold.kept) {
      // A count left behind only lapses with its window: not worth failing the request for.
      await releaseHits(deps.db, hold.counted).catch((error: unknown) =>
        deps.log.warn('sign-in count not given back', { error }),
      );
    }
  }
}

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

/** Counts a wrong password (for the address, and on `counter`) and throws the matching refusal.
 * An attempt step 1 held is counted for the address already: it keeps that count. */
async function refuse(deps: AppDeps, counter: Counter, origin: Origin, hold: Hold | undefined): Promise<never> {
  const now = deps.clock.now();
  if (hold) hold.kept = true;
  if (origin.addressKey) {
    await sweepLimits(deps.db, new Date(now.getTime() - 24 * 3600_000), now);
    if (!hold) await countAddress(deps, { ...origin, addressKey: origin.addressKey }, now);
  }
  const until = new Date(now.getTime() + FREEZE_MS);
  const result =
    'userId' in counter
      ? await recordFailedLogin(deps.db, counter.userId, MAX_FAILED_ATTEMPTS, until)
      : await recordNameFailure(deps.db, counter.nameHash, MAX_FAILED_ATTEMPTS, until, now);
  throw result.frozen ? loginErrors.frozen(until) : loginErrors.incorrect();
}

/** The account a sign-in proved, and whether this browser is a known device of it. */
interface Checked {
  user: UserRow;
  known: boolean;
}

async function checkLocalPassword(
  deps: AppDeps,
  session: SessionRow,
  input: SignInInput,
  origin: Origin,
): Promise<Checked> {
  const key = nameKey(input.username);
  const user = await findUserByLogin(deps.db, input.username);
  const known = await knownTo(deps, user, origin);
  const hold = await holdAddress(deps, origin, known);
  return underHold(deps, hold, async () => {
    const counter: Counter = !user
      ? { nameHash: sha256(`password:${key}`) }
      : known
        ? deviceCounter('password', user, origin)
        : { userId: user.id };
    const state =
      'userId' in counter
        ? { failures: user!.failed_attempts, frozenUntil: user!.frozen_until }
        : await nameFailures(deps.db, counter.nameHash);
    await gate(deps, state, { session, key, sliderToken: input.sliderToken });
    if (!user) {
      await verifyDummy(input.password);
      return refuse(deps, counter, origin, hold);
    }
    if (!(await verifyPassword(user.password_hash, input.password))) return refuse(deps, counter, origin, hold);
    if ('nameHash' in counter) await clearNameFailures(deps.db, counter.nameHash);
    return { user, known };
  });
}

async function checkDirectory(
  deps: AppDeps,
  c: Context<AppEnv>,
  session: SessionRow,
  input: SignInInput & { mode: DirectoryKind },
  origin: Origin,
): Promise<Checked> {
  const ldap = deps.config.ldap;
  if (!ldap || !ldap.kinds.includes(input.mode)) throw loginErrors.typeNotSupported();
  const key = nameKey(input.username);
  // The directory says who the name is only after the bind; the local account of the same name is
  // the best guess before it, to tell a known device of that account.
  const guess = await findUserByLogin(deps.db, input.username);
  const known = await knownTo(deps, guess, origin);
  const hold = await holdAddress(deps, origin, known);
  const counter = known ? deviceCounter(input.mode, guess!, origin) : { nameHash: sha256(`${input.mode}:${key}`) };
  const answer = await underHold(deps, hold, async () => {
    await gate(deps, await nameFailures(deps.db, counter.nameHash), { session, key, sliderToken: input.sliderToken });
    let bound;
    try {
      bound = await authenticate(ldap, input.mode, input.username, input.password);
    } catch (error) {
      if (!(error instanceof DirectoryUnavailable)) throw error;
      c.get('log').warn('directory unavailable', { detail: error.message });
      throw loginErrors.directoryUnavailable();
    }
    if (bound.status === 'invalid') return refuse(deps, counter, origin, hold);
    return bound;
  });
  await clearNameFailures(deps.db, counter.nameHash);
  if (!answer.username && !answer.email) throw loginErrors.accountInfoMissing();
  // The directory vouches for the person; a local account of the same name or address is theirs.
  const user =
    (answer.username ? await findUserByLogin(deps.db, answer.username) : undefined) ??
    (answer.email ? await findUserByLogin(deps.db, answer.email) : undefined);
  if (!user) throw loginErrors.boundAccountNotFound();
  const knownToUser = user.id === guess?.id ? known : await knownTo(deps, user, origin);
  // A freeze others caused does not hold a known device of the account (see the file comment).
  if (user.frozen_until && user.frozen_until > deps.clock.now() && !knownToUser) {
    throw loginErrors.frozen(user.frozen_until);
  }
  return { user, known: knownToUser };
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
  const device = deviceOf(deps, c);
  const address = clientAddress(c, deps.config.trustProxy);
  const [group, network] = [addressGroup(address), addressNetwork(address)];
  // Hashed, so the counters table holds no addresses.
  const origin: Origin = {
    device,
    addressKey: group && `login:failures:${sha256(`ip:${group}`)}`,
    networkKey: network && network !== group ? `login:failures:net:${sha256(`net:${network}`)}` : undefined,
  };
  const { user, known } =
    input.mode === 'password'
      ? await checkLocalPassword(deps, session, input, origin)
      : await checkDirectory(deps, c, session, { ...input, mode: input.mode }, origin);
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
  if (user.risk_check && !known) {
    await demandCode(deps, session, user, { key, deviceHash: device.hash, locale: signedInLocale(deps, c, user) });
  }
  // A known device's success leaves the account's count, and a freeze others caused, as they are.
  return completeLogin(deps, c, user, device, input.mode, { keepAccountFailures: known });
}
