/**
 * One email per user (§3, §4): bind, change or resend (rebind), unbind, verify.
 *
 * Sending order, so a failed mail leaves nothing behind: check that mail can reach anyone and the
 * account's state, claim the one-minute throttle, send the mail, and only then store the address
 * and the link's SHA-256 in one transaction. A send failure gives the throttle claim back and
 * stores nothing. The link is `<origin>/users/#/users/emails?token=…`, single use, valid
 * {@link LINK_HOURS} hours.
 *
 * Changing a verified address does not give it up: the verified address stays the account's
 * (for sign-in and recovery) while the new one waits for its link, as a pending change shown in
 * the profile (`pending` in the email info of `GET /individual/proxy/me`). Rebind with that
 * address again resends its link; rebind with another replaces it; unbind with it cancels the
 * change (unbind names the address it removes, and a pending address is the one the page shows
 * next to its Cancel button, so the call reads as "drop this address" either way). Opening the
 * link makes the new address the account's, verified, and the old address is told by mail. An
 * address that was never verified has nothing to lose and is simply replaced.
 *
 * An unverified or pending address claims nothing: other accounts may ask for it too, and the
 * first to open their link gets it; the others' links then say it is already bound. Only verified
 * addresses are unique (migration 0010).
 *
 * Setting, changing or removing the address leaves a sensitive-behaviour message (issue 8), so
 * someone who took over a session cannot quietly move the account's recovery address.
 *
 * Mails and notices are written in the language of the request that caused them, the user's own
 * (the activation link, the notices of a bind, change or unbind); when the link of a change is
 * opened, that holds only where the account's owner is signed in (see {@link changeLocale}). Each
 * notice is written in the transaction of its change, so a crash never leaves one without the
 * other.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Flavour, Locale } from '../../src/core/settings';
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import { savedLocale } from '../i18n';
import type { AnyMessageKey } from '../i18n';
import { renderMail } from '../mail/templates';
import { notify } from '../notifications/notify';
import * as repo from '../repos/emails';
import type { LinkOwner } from '../repos/emails';
import { EMAIL_RESEND_MS, emailErrors } from './errors';
import { mailServiceConfigured, requireMailService } from './mail-service';
import { noticeTime } from '../time';

/** How long an activation link works. */
export const LINK_HOURS = 24;
/** Where the link lands: the §2 hash route of the verification result page. */
export const VERIFY_ROUTE = '/users/#/users/emails';
/** Used links are kept this long after expiry, so a reused link can be told apart from a wrong one. */
const KEEP_USED_MS = 30 * 24 * 3600_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** A change of a verified address that waits for its link. */
export interface PendingEmailJson {
  address: string;
  /** Its link can no longer be opened: resend it, or cancel the change. */
  expired: boolean;
}

/** The address as the client sees it; `pending` only while a change waits for its link. */
export interface EmailJson {
  address: string;
  verified: boolean;
  pending?: PendingEmailJson;
}

/** The user's email info for `GET /individual/proxy/me?with_email_info`: null without an address. */
export async function emailInfo(deps: AppDeps, user: UserRow): Promise<EmailJson | null> {
  if (!user.email) return null;
  const json: EmailJson = { address: user.email, verified: user.email_verified };
  const pending = await repo.findPendingChange(deps.db, user);
  if (pending) json.pending = { address: pending.address, expired: deps.clock.now() >= pending.expiresAt };
  return json;
}

/** What a bind / rebind did. */
export type SendKind = 'bind' | 'change' | 'resend';

/** Sensitive-behaviour types of the message centre for the address changes. */
export const EMAIL_NOTICE_TYPES = { bind: 'email_bound', change: 'email_changed', unbind: 'email_unbound' } as const;

const NOTICE_KEYS: Record<keyof typeof EMAIL_NOTICE_TYPES, { title: AnyMessageKey; body: AnyMessageKey }> = {
  bind: { title: 'server.message.emailBound.title', body: 'server.message.emailBound.body' },
  change: { title: 'server.message.emailChanged.title', body: 'server.message.emailChanged.body' },
  unbind: { title: 'server.message.emailUnbound.title', body: 'server.message.emailUnbound.body' },
};

/** Who made a request, in the request's language: a notice the request causes for this user is
 * written in that language (server/notifications/notify.ts). */
export interface Requester {
  userId: string;
  locale: Locale;
}

/** Tells the user in their inbox, in `locale`, that their address changed: written in the
 * transaction of the change itself (`trx`), so neither is ever stored without the other. */
async function noticeOf(
  trx: AppDeps['db'],
  at: Date,
  notice: { userId: string; what: keyof typeof EMAIL_NOTICE_TYPES; email: string; locale: Locale },
) {
  const keys = NOTICE_KEYS[notice.what];
  await notify(trx, notice.userId, {
    app: 'yunxiao',
    type: EMAIL_NOTICE_TYPES[notice.what],
    title: { key: keys.title },
    content: { key: keys.body, params: { email: notice.email, time: (l: Locale) => noticeTime(at, l) } },
    locale: notice.locale,
    at,
  });
}

/** Tells the old address, by mail, that `owner`'s address is now `address`, in the language of
 * the change ({@link changeLocale}). Only once the change is stored, so a failure is logged, not
 * reported as a failed change. */
async function mailOldAddress(
  deps: AppDeps,
  owner: LinkOwner,
  change: { oldAddress: string; address: string; at: Date; requester: Requester | null },
) {
  const { oldAddress, address, at, requester } = change;
  if (!mailServiceConfigured(deps)) return;
  const locale = changeLocale(owner, requester, deps.config.flavour);
  try {
    const mail = renderMail(
      'emailChanged',
      { email: address, time: noticeTime(at, locale) },
      { to: oldAddress, name: owner.name, locale, flavour: deps.config.flavour },
    );
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.warn('email change notice mail failed', { userId: owner.id, error });
  }
}

/** What a send does to the stored address, decided from the account's state. */
interface SendPlan {
  kind: SendKind;
  /** Where the link goes (for a resend, the address as stored, whatever case the client typed). */
  to: string;
  /** The link's address becomes the account's (unverified) at once: nothing verified is lost. */
  setAddress: boolean;
}

/** Bind needs an account without an address. Rebind of an unverified address replaces it (or
 * resends for the same one); of a verified address it starts (or resends) a pending change. */
async function planSend(deps: AppDeps, user: UserRow, address: string, mode: 'bind' | 'rebind'): Promise<SendPlan> {
  const current = user.email;
  if (mode === 'bind') {
    if (current !== null) throw emailErrors.bindingStatus();
    return { kind: 'bind', to: address, setAddress: true };
  }
  if (current === null) throw emailErrors.bindingStatus();
  if (!user.email_verified) {
    return same(current, address)
      ? { kind: 'resend', to: current, setAddress: false }
      : { kind: 'change', to: address, setAddress: true };
  }
  if (same(current, address)) throw emailErrors.bindingStatus();
  const pending = await repo.findPendingChange(deps.db, user);
  return pending && same(pending.address, address)
    ? { kind: 'resend', to: pending.address, setAddress: false }
    : { kind: 'change', to: address, setAddress: false };
}

/** Activation mails one address may get a minute, from all accounts together. More than one, so
 * that no other account can keep a user from binding their own address by asking for it first
 * (each account sends one a minute); few, so that accounts together cannot flood a mailbox. */
const RECIPIENT_SENDS_PER_MINUTE = 3;

/**
 * Claims the throttles of one activation mail to `to`: the account's (one a minute) and one of
 * the address's {@link RECIPIENT_SENDS_PER_MINUTE} slots. Returns the claimed keys, to give back
 * when the mail fails; throws `email_too_frequent` with the seconds to wait when either is used up.
 */
async function claimSend(deps: AppDeps, userId: string, to: string, now: Date): Promise<string[]> {
  const notAfter = new Date(now.getTime() - EMAIL_RESEND_MS);
  const wait = (held: Date) =>
    emailErrors.tooFrequent(Math.max(1, Math.ceil((held.getTime() + EMAIL_RESEND_MS - now.getTime()) / 1000)));
  const account = `email:user:${userId}`;
  const held = await repo.claimThrottles(deps.db, [account], now, notAfter);
  if (held) throw wait(held);
  let freedFirst: Date | undefined;
  for (let slot = 0; slot < RECIPIENT_SENDS_PER_MINUTE; slot++) {
    const key = `email:to:${to.toLowerCase()}#${slot}`;
    const taken = await repo.claimThrottles(deps.db, [key], now, notAfter);
    if (!taken) return [account, key];
    if (!freedFirst || taken < freedFirst) freedFirst = taken;
  }
  // Nothing is sent, so the account's minute is given back.
  await repo.releaseThrottles(deps.db, [account], now);
  throw wait(freedFirst!);
}

/**
 * Sends an activation link for `address`. `mode` 'bind' needs an account without an address;
 * 'rebind' changes the address (at once when it was never verified, else once the new one is
 * verified), or resends when it is the address waiting for its link. `locale` is the request's
 * language, which the activation mail and the notice of a changed address are written in.
 * @returns what happened and the account's email info as it now stands.
 */
export async function sendActivation(
  deps: AppDeps,
  user: UserRow,
  address: string,
  mode: 'bind' | 'rebind',
  origin: string,
  locale: Locale,
): Promise<{ kind: SendKind; email: EmailJson }> {
  requireMailService(deps);
  const { kind, to, setAddress } = await planSend(deps, user, address, mode);
  if (await repo.findVerifiedHolder(deps.db, to, user.id)) throw emailErrors.alreadyBound();

  const now = deps.clock.now();
  const keys = await claimSend(deps, user.id, to, now);

  const token = randomBytes(32).toString('base64url');
  const link = `${origin}${VERIFY_ROUTE}?token=${token}`;
  const mail = renderMail(
    'verifyEmail',
    { link, hours: LINK_HOURS },
    { to, name: user.name, locale, flavour: deps.config.flavour },
  );
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.warn('activation mail failed', { userId: user.id, error });
    await repo.releaseThrottles(deps.db, keys, now);
    throw emailErrors.sendFailed();
  }

  await repo.sweepEmailRows(deps.db, new Date(now.getTime() - KEEP_USED_MS), new Date(now.getTime() - 3600_000));
  const saved = await repo.saveActivation(deps.db, {
    userId: user.id,
    address: to,
    expect: user.email,
    expectVerified: user.email_verified,
    setAddress,
    tokenHash: sha256(token),
    now,
    expiresAt: new Date(now.getTime() + LINK_HOURS * 3600_000),
    // A pending change is not a change yet: its notices come when its link is opened.
    also: (trx) =>
      noticeOf(trx, now, { userId: user.id, what: kind === 'bind' ? 'bind' : 'change', email: to, locale }),
  });
  // The mail is out but its link was never stored, so it is void: the client sees why.
  if (saved === 'taken') throw emailErrors.alreadyBound();
  if (saved === 'conflict') throw emailErrors.bindingStatus();
  const email: EmailJson = setAddress
    ? { address: to, verified: false }
    : { address: user.email!, verified: user.email_verified };
  if (!setAddress && user.email_verified) email.pending = { address: to, expired: false };
  return { kind, email };
}

/**
 * Removes the account's address, or cancels the change waiting for `address`; `address` must be
 * the one the page shows (a stale page must not remove another). `locale` is the request's
 * language, which the notice of the removal is written in.
 * @returns the account's email info afterwards (null when the address was removed).
 */
export async function unbind(deps: AppDeps, user: UserRow, address: string, locale: Locale): Promise<EmailJson | null> {
  if (user.email && user.email_verified && !same(user.email, address)) {
    if (!(await repo.cancelPendingChange(deps.db, user.id, address, deps.clock.now())))
      throw emailErrors.bindingStatus();
    return { address: user.email, verified: true };
  }
  if (!same(user.email, address)) throw emailErrors.bindingStatus();
  const removed = await repo.removeAddress(deps.db, user.id, address, (trx) =>
    noticeOf(trx, deps.clock.now(), { userId: user.id, what: 'unbind', email: user.email!, locale }),
  );
  if (!removed) throw emailErrors.bindingStatus();
  return null;
}

/** Uses an activation link's token; the token alone identifies the account. `requester` is who
 * is signed in where the link was opened, if anyone: see {@link changeLocale}. */
export async function verify(deps: AppDeps, token: string, requester: Requester | null): Promise<EmailJson> {
  if (!TOKEN.test(token)) throw emailErrors.tokenMismatch();
  const now = deps.clock.now();
  // The account, read once when the link is used, serves the notice and the old address's mail.
  const result = await repo.redeemToken(deps.db, sha256(token), now, async (trx, { owner, address }) => {
    const locale = changeLocale(owner, requester, deps.config.flavour);
    await noticeOf(trx, now, { userId: owner.id, what: 'change', email: address, locale });
  });
  switch (result.status) {
    case 'verified':
      if (result.previous !== null) {
        await mailOldAddress(deps, result.owner, {
          oldAddress: result.previous,
          address: result.address,
          at: now,
          requester,
        });
      }
      return { address: result.address, verified: true };
    case 'used-verified':
      throw emailErrors.alreadyVerified();
    case 'expired':
      throw emailErrors.linkExpired();
    case 'mismatch':
      throw emailErrors.activateMismatch();
    case 'taken':
      throw emailErrors.alreadyBound();
    default:
      throw emailErrors.tokenMismatch();
  }
}

/**
 * The language of what a change that took effect says (the notice, the old address's mail): the
 * browser's that opened the link when the account's owner is signed in there; a link opened
 * anywhere else proves only the new mailbox, not who reads the account, so the owner's saved one.
 */
function changeLocale(owner: Pick<LinkOwner, 'id' | 'locale'>, requester: Requester | null, flavour: Flavour): Locale {
  if (requester?.userId === owner.id) return requester.locale;
  return savedLocale(owner.locale, flavour);
}
