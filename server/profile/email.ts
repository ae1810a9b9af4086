/**
 * One email per user (§3, §4): bind, change or resend (rebind), unbind, verify.
 *
 * Sending order, so a failed mail leaves nothing behind: check that mail can reach anyone and the
 * account's state, claim the one-minute throttle, send the mail, and only then store the address
 * and the link's SHA-256 in one transaction. A send failure gives the throttle claim back and
 * stores nothing. The link is `<origin>/users/#/users/emails?token=…`, single use, valid
 * {@link LINK_HOURS} hours.
 *
 * Setting, changing or removing the address leaves a sensitive-behaviour message (issue 8), so
 * someone who took over a session cannot quietly move the account's recovery address.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import type { AnyMessageKey } from '../i18n';
import { renderMail } from '../mail/templates';
import { notify } from '../notifications/notify';
import * as repo from '../repos/emails';
import { EMAIL_RESEND_MS, emailErrors } from './errors';
import { requireMailService } from './mail-service';
import { stamp } from './password';

/** How long an activation link works. */
export const LINK_HOURS = 24;
/** Where the link lands: the §2 hash route of the verification result page. */
export const VERIFY_ROUTE = '/users/#/users/emails';
/** Used links are kept this long after expiry, so a reused link can be told apart from a wrong one. */
const KEEP_USED_MS = 30 * 24 * 3600_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** The address as the client sees it. */
export interface EmailJson {
  address: string;
  verified: boolean;
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

/** Tells the user in their inbox that their address changed. The change itself has been stored
 * (and a mail sent), so a failure here is logged, not reported as a failed change. */
async function noticeOf(deps: AppDeps, user: UserRow, what: keyof typeof EMAIL_NOTICE_TYPES, email: string) {
  const now = deps.clock.now();
  const keys = NOTICE_KEYS[what];
  try {
    await notify(deps.db, user.id, {
      app: 'yunxiao',
      type: EMAIL_NOTICE_TYPES[what],
      title: { key: keys.title },
      content: { key: keys.body, params: { email, time: stamp(now) } },
      locale: user.locale,
      at: now,
    });
  } catch (error) {
    deps.log.error('email change notice failed', { userId: user.id, what, error });
  }
}

/**
 * Sends an activation link for `address`. `mode` 'bind' needs an account without an address;
 * 'rebind' changes the address, or resends when it is the same unverified one.
 * @returns what happened and the address as it now stands (unverified).
 */
export async function sendActivation(
  deps: AppDeps,
  user: UserRow,
  address: string,
  mode: 'bind' | 'rebind',
  origin: string,
): Promise<{ kind: SendKind; email: EmailJson }> {
  requireMailService(deps);
  const current = user.email;
  let kind: SendKind;
  if (mode === 'bind') {
    if (current !== null) throw emailErrors.bindingStatus();
    kind = 'bind';
  } else {
    if (current === null) throw emailErrors.bindingStatus();
    if (same(current, address) && user.email_verified) throw emailErrors.bindingStatus();
    kind = same(current, address) ? 'resend' : 'change';
  }
  // A resend goes to the address as stored, whatever case the client typed.
  const to = kind === 'resend' ? current! : address;
  if (kind !== 'resend' && (await repo.findVerifiedHolder(deps.db, to, user.id))) throw emailErrors.alreadyBound();

  const now = deps.clock.now();
  // Per account, and per recipient so several accounts cannot flood one mailbox.
  const keys = [`email:user:${user.id}`, `email:to:${to.toLowerCase()}`];
  const held = await repo.claimThrottles(deps.db, keys, now, new Date(now.getTime() - EMAIL_RESEND_MS));
  if (held) {
    const waitMs = held.getTime() + EMAIL_RESEND_MS - now.getTime();
    throw emailErrors.tooFrequent(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  const token = randomBytes(32).toString('base64url');
  const link = `${origin}${VERIFY_ROUTE}?token=${token}`;
  const mail = renderMail(
    'verifyEmail',
    { link, hours: LINK_HOURS },
    { to, name: user.name, locale: user.locale, flavour: deps.config.flavour },
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
    expect: current,
    setAddress: kind !== 'resend',
    tokenHash: sha256(token),
    now,
    expiresAt: new Date(now.getTime() + LINK_HOURS * 3600_000),
  });
  // The mail is out but its link was never stored, so it is void: the client sees why.
  if (saved === 'taken') throw emailErrors.alreadyBound();
  if (saved === 'conflict') throw emailErrors.bindingStatus();
  if (kind !== 'resend') await noticeOf(deps, user, kind, to);
  return { kind, email: { address: to, verified: false } };
}

/** Removes the account's address; `address` must be it (a stale page must not remove another). */
export async function unbind(deps: AppDeps, user: UserRow, address: string): Promise<void> {
  if (!same(user.email, address)) throw emailErrors.bindingStatus();
  if (!(await repo.removeAddress(deps.db, user.id, address))) throw emailErrors.bindingStatus();
  await noticeOf(deps, user, 'unbind', user.email!);
}

/** Uses an activation link's token; the token alone identifies the account. */
export async function verify(deps: AppDeps, token: string): Promise<EmailJson> {
  if (!TOKEN.test(token)) throw emailErrors.tokenMismatch();
  const result = await repo.redeemToken(deps.db, sha256(token), deps.clock.now());
  switch (result.status) {
    case 'verified':
      return { address: result.address, verified: true };
    case 'used-verified':
      throw emailErrors.alreadyVerified();
    case 'expired':
      throw emailErrors.linkExpired();
    case 'mismatch':
      throw emailErrors.activateMismatch();
    default:
      throw emailErrors.tokenMismatch();
  }
}
