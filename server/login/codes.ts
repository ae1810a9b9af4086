/**
 * Emailed 6-digit codes of the step-by-step flows (risky login, forgotten password): they last
 * 10 minutes, are used once, are voided by the 5th wrong try, may be resent once a minute, and
 * are stored only as a salted SHA-256 (the code itself exists only in the mail). They go only to
 * a verified address: an unverified one may be mistyped, or not the owner's at all.
 *
 * The limits hold across browser sessions too (a fresh anonymous session is free to get, so a
 * limit per session alone bounds nothing), but each flow keeps its own: the sign-in code is only
 * reachable with the right password, while anyone who knows a name can start a reset, and nothing
 * a stranger does with a reset may keep the owner from signing in or from resetting.
 * - Sign-in codes: one mail a minute to an account, whichever session asks. The 5th wrong code
 *   within a code's life, in any sessions, voids every outstanding sign-in code of the account.
 * - Reset codes: one mail a minute per account and client address group (`addressGroup`: an IPv6
 *   /64, which one host can hop across, or one IPv4 address), so that a stranger asking for
 *   someone's codes does not make the owner wait elsewhere; and at most {@link MAX_RESET_MAILS} an
 *   hour per account, which bounds the mail a victim gets, {@link MAX_RESET_MAILS_PER_ADDRESS} of
 *   them from any one group. Past {@link MAX_RESET_MAILS}, a network that has asked for none this
 *   hour (`addressNetwork`: an IPv6 /48, or one IPv4 address) still gets one, up to
 *   {@link MAX_RESET_MAILS_ALL}: so a stranger must hold that many networks, not a handful of /64s,
 *   to keep an owner at a new browser from resetting for the rest of the hour. A browser the
 *   account has signed in from before (its device cookie, which a stranger cannot read) neither
 *   counts towards the hourly caps nor is stopped by them, only by its minute: its mails go to its
 *   own owner, whom strangers so never lock out.
 * - Wrong reset codes count per account and address group: the 5th within a code's life voids
 *   the code it was typed against, and the group's tries are refused (`code_voided`) until a code
 *   is mailed from that group again or the window ends. So a stranger's typos never void the
 *   owner's code asked from elsewhere. Guessing stays bounded all the same: each session's code
 *   allows {@link MAX_CODE_TRIES} tries and is replaced only by a new mail, and the mails a
 *   stranger can get are capped per hour, so at most 5 guesses of a 1-in-a-million code per mail.
 * A second tab or browser is told how long to wait (429 `retry_after`, as the email bind does).
 * The answer adds `already_sent: true` only when the wait is for a code this browser session's
 * own flow mailed within the minute and which still works ({@link ownCodeOut}): the page then
 * says to type that one. Another session's mail (a second browser, anyone sharing the address
 * group), the hourly caps, or a code of the session's that is used, voided or replaced, get the
 * plain wait. The flag tells the caller only what its own session did, never what another did, so
 * it reveals no more about an account, or about who else asks for its codes, than the wait itself.
 * A try is counted before its code is compared, so guesses sent all at once cannot outrun the
 * count.
 *
 * Starting one of the two flows ends the other for that name (login/recovery.ts), so one browser
 * never holds two live codes for an account.
 *
 * The language of a code mail ({@link codeMailLocale}): a sign-in code is asked for by a browser
 * that has proved the password, so it is written in the language that browser will read the
 * account in (`signedInLocale`), like the rest of that sign-in; a reset code keeps the account's
 * saved language.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Flavour, Locale } from '../../src/core/settings';
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import { savedLocale } from '../i18n';
import { renderMail } from '../mail/templates';
import { emailErrors } from '../profile/errors';
import { addressGroup, addressNetwork } from '../net/client-ip';
import { requireMailService } from '../profile/mail-service';
import * as repo from '../repos/codes';
import type { FlowRow } from '../repos/codes';
import { isKnownDevice } from '../repos/devices';
import { claimThrottles, releaseThrottles } from '../repos/emails';
import { hit } from '../repos/login-limits';
import type { Device } from './device';
import { loginErrors } from './errors';

/** How long a code works. */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong tries that void a code (the last one included). */
export const MAX_CODE_TRIES = 5;
/** A code may be sent again after this (§9 "email resend 1 minute"): per session, per account
 * for sign-in codes, and per account and client address group for reset codes. */
export const RESEND_MS = 60_000;
/** Reset-code mails one account may get in {@link RESET_MAILS_WINDOW_MS}, from all addresses
 * (mails asked from a browser the account signed in from are not counted). */
export const MAX_RESET_MAILS = 15;
/** …and asked from one client address group: a single one cannot use up the account's cap. */
export const MAX_RESET_MAILS_PER_ADDRESS = 5;
/** Reset-code mails one account may get in the window counting the first one of each network
 * past {@link MAX_RESET_MAILS} (see the file comment): the hard bound on the mail a victim gets. */
export const MAX_RESET_MAILS_ALL = 30;
export const RESET_MAILS_WINDOW_MS = 60 * 60_000;
/** Wrong tries, in any sessions, that end the tries at codes of one flow (the last one included):
 * of an account for sign-in codes, of an account from one address group for reset codes (see the
 * file comment). Counted in a window of a code's life, so old typos do not linger. */
export const MAX_ACCOUNT_CODE_TRIES = 5;

/** Where a reset code is asked or typed from. */
export interface CodeClient {
  /** The caller's address (`clientAddress`); the limits use its `addressGroup`. */
  address: string | undefined;
  /** The caller's browser (`deviceOf`): one the account signed in from is not held by the
   * hourly caps. */
  device?: Device;
}

/** The two flows that mail codes; each has its own limits (see the file comment). */
type CodePurpose = 'login' | 'reset';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The code-mail throttle (`send_throttles`) a send claims. Per account, not per address of the
 * mail: a verified address belongs to one account only (migration 0010), and codes go to verified
 * addresses only. A reset's is per client address group too, hashed so the table holds none.
 */
function sendKey(purpose: CodePurpose, userId: string, address: string | undefined): string {
  if (purpose === 'login') return `code:login:${userId}`;
  return `code:reset:${userId}:${groupKey(address)}`;
}
/** The client's address group (see the file comment), hashed. */
const groupKey = (address: string | undefined) => sha256(`ip:${addressGroup(address) ?? 'unknown'}`);
/** The hourly counts of reset-code mails (`request_counters`): the account's, the account's from
 * one address group, and the account's from one network (hashed too). */
const resetMailCounts = (userId: string, address: string | undefined) => ({
  account: `code:reset-mails:${userId}`,
  group: `code:reset-mails:${userId}:${groupKey(address)}`,
  network: `code:reset-mails:${userId}:net:${sha256(`net:${addressNetwork(address) ?? 'unknown'}`)}`,
});
/** The wrong-code counter (`request_counters`) of a flow: the account's for sign-in codes, the
 * account's from the caller's address group for reset codes. */
function triesKey(purpose: CodePurpose, userId: string, address: string | undefined): string {
  if (purpose === 'login') return `code:tries:login:${userId}`;
  return `code:tries:reset:${userId}:${groupKey(address)}`;
}

/** Whether `flow` (this browser session's) itself mailed its code after `notAfter`, within the
 * resend wait, and that code still works: what `already_sent` says (see the file comment). */
const ownCodeOut = (flow: FlowRow, notAfter: Date) =>
  flow.code_state === 'active' && flow.sent_at !== null && flow.sent_at > notAfter;

const secondsUntil = (sentAt: Date, now: Date, waitMs = RESEND_MS) =>
  Math.max(1, Math.ceil((sentAt.getTime() + waitMs - now.getTime()) / 1000));

/** The flow's purpose among the two that mail codes (a forced change has no code). */
const codePurpose = (flow: FlowRow): CodePurpose => (flow.purpose === 'login' ? 'login' : 'reset');

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
 * Counts one reset-code mail towards the hourly caps. Returns the seconds until they allow
 * another when one is used up (the hits are counted either way: the caller gives them back when
 * no mail goes out), else 0.
 */
async function countResetMail(deps: AppDeps, userId: string, address: string | undefined, now: Date) {
  const keys = resetMailCounts(userId, address);
  const count = (key: string) => hit(deps.db, key, now, RESET_MAILS_WINDOW_MS);
  const [account, group, network] = [await count(keys.account), await count(keys.group), await count(keys.network)];
  // A network's first mail of the hour passes the account's cap, but not the hard one.
  const accountCap = network.hits === 1 ? MAX_RESET_MAILS_ALL : MAX_RESET_MAILS;
  let wait = 0;
  for (const [{ hits, since }, cap] of [
    [account, accountCap],
    [group, MAX_RESET_MAILS_PER_ADDRESS],
  ] as const) {
    if (hits > cap) wait = Math.max(wait, secondsUntil(since, now, RESET_MAILS_WINDOW_MS));
  }
  return wait;
}

/**
 * The language a code mail of `purpose` is written in. A sign-in code goes to the account whose
 * password the asking browser has just proved: `browserLocale`, the language that browser reads
 * the account in (`signedInLocale`). A reset code is asked for by anyone who knows the name and has
 * proved nothing yet, so it keeps the account's saved language: a stranger must not choose the
 * language of the owner's mail (one the owner cannot read hides its "if this was not you, ignore
 * it" line, and dresses up a reset they never asked for); the deployment's default when the
 * user never chose one.
 */
export function codeMailLocale(
  purpose: CodePurpose,
  user: Pick<UserRow, 'locale'>,
  browserLocale: Locale,
  flavour: Flavour,
): Locale {
  return purpose === 'login' ? browserLocale : savedLocale(user.locale, flavour);
}

/** Whether `client` asks from a browser the account has signed in from before. */
async function knownBrowser(deps: AppDeps, userId: string, client: CodeClient | undefined): Promise<boolean> {
  const device = client?.device;
  return device?.identified === true && (await isKnownDevice(deps.db, userId, device.hash));
}

/**
 * Mails a new code for `flow` (replacing any earlier one) to the user's verified address. Throws
 * `email_service_not_configured`, `no_email` (no verified address), 429 `too_many_requests`
 * (within a minute of the last code of this flow mailed to the account — for a reset, asked from
 * the `client` address group — or past an hourly cap of reset mails; with `already_sent` when
 * the minute is that of `flow`'s own code, see the file comment), or `email_send_failed`.
 *
 * @param browserLocale The language the asking browser reads the account in once signed in
 *   (`signedInLocale`): a sign-in code's mail is written in it, a reset code's is not
 *   ({@link codeMailLocale}).
 * @param client Where a reset is asked from: its resend throttle and hourly caps depend on it.
 */
export async function sendCode(
  deps: AppDeps,
  flow: FlowRow,
  user: UserRow,
  template: 'loginCode' | 'passwordReset',
  browserLocale: Locale,
  client?: CodeClient,
): Promise<void> {
  requireMailService(deps);
  const to = codeAddress(user);
  if (!to) throw loginErrors.noEmail();
  const now = deps.clock.now();
  const notAfter = new Date(now.getTime() - RESEND_MS);
  const purpose = codePurpose(flow);
  const address = client?.address;
  const throttle = [sendKey(purpose, user.id, address)];
  const held = await claimThrottles(deps.db, throttle, now, notAfter);
  // The wait told is the throttle's, whoever claimed it; `already_sent` only if this flow did mail.
  if (held) throw loginErrors.tooMany(secondsUntil(held, now), ownCodeOut(flow, notAfter));
  // The owner's own browser is not counted: the caps are there against strangers.
  const counted = purpose === 'reset' && !(await knownBrowser(deps, user.id, client));
  // Counted only once this address may send, so asking too often does not use up the cap.
  const capped = counted ? await countResetMail(deps, user.id, address, now) : 0;
  // Takes back this send's claims: no mail went out, so none should count.
  const giveBack = async () => {
    await releaseThrottles(deps.db, throttle, now);
    if (!counted) return;
    for (const key of Object.values(resetMailCounts(user.id, address))) await repo.releaseTry(deps.db, key);
  };
  if (capped) {
    await giveBack();
    throw loginErrors.tooMany(capped);
  }
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const key = { sessionHash: flow.session_hash, purpose: flow.purpose };
  const claimed = await repo.claimSend(deps.db, key, {
    hash: hashCode(code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    now,
    notAfter,
  });
  if (!claimed) {
    await giveBack();
    throw loginErrors.tooMany(secondsUntil(flow.sent_at ?? now, now), ownCodeOut(flow, notAfter));
  }
  const mail = renderMail(
    template,
    { code, minutes: CODE_TTL_MS / 60_000 },
    {
      to,
      name: user.name,
      locale: codeMailLocale(purpose, user, browserLocale, deps.config.flavour),
      flavour: deps.config.flavour,
    },
  );
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    // No mail went out: no code stands, and the user may ask again at once.
    await repo.releaseSend(deps.db, key, flow.sent_at);
    await giveBack();
    deps.log.warn('code mail failed', { error, purpose: flow.purpose });
    throw emailErrors.sendFailed();
  }
  // A new code from this group gets a full count of tries there (the mail caps bound how often).
  if (purpose === 'reset') await repo.clearTries(deps.db, triesKey(purpose, user.id, address));
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
 * on the account's codes of this flow together — for reset codes, those typed from the `address`
 * group), `code_expired` (none sent, used, or older than 10 minutes) or `code_incorrect`.
 *
 * @param address The caller's address (`clientAddress`): wrong reset codes count per group.
 */
export async function useFlowCode(deps: AppDeps, flow: FlowRow, code: string, address?: string): Promise<void> {
  const now = deps.clock.now();
  const key = { sessionHash: flow.session_hash, purpose: flow.purpose };
  if (flow.code_state === 'voided') throw loginErrors.codeVoided();
  if (flow.code_state !== 'active' || !flow.code_hash || !flow.code_expires_at) throw loginErrors.codeExpired();
  if (flow.code_expires_at <= now) throw loginErrors.codeExpired();
  // Counted before the comparison: a try past the cap is never judged, however many arrive at once.
  // Per flow: wrong reset codes, which anyone who knows the name can type, never void the code
  // of a sign-in that got past the password; and per address group for resets, so a stranger's
  // never void the owner's reset code either.
  const purpose = codePurpose(flow);
  const tries = triesKey(purpose, flow.user_id, address);
  // Sign-in: every code of the account goes, with the count, so a new code gets a full one (and
  // the account is never left with live codes no try may reach). Reset: this code goes, and the
  // count stays, refusing the group's other tries until a code is mailed from it again.
  const voidCodes = () =>
    purpose === 'login' ? repo.voidUserCodes(deps.db, flow.user_id, flow.purpose, tries) : repo.voidCode(deps.db, key);
  const { hits } = await hit(deps.db, tries, now, CODE_TTL_MS);
  if (hits > MAX_ACCOUNT_CODE_TRIES) {
    // The cap's last try is still being judged, or its request died before voiding: void now.
    await voidCodes();
    throw loginErrors.codeVoided();
  }
  if (!matches(flow.code_hash, code)) {
    const state = await repo.countWrongCode(deps.db, key, MAX_CODE_TRIES);
    if (hits === MAX_ACCOUNT_CODE_TRIES) {
      await voidCodes();
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
