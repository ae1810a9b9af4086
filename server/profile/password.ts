/**
 * Changing one's password (§5, §7 `PUT /users/ajax/v1/my/password`): the shared password rule,
 * the current password checked, the new one different; then the user's other sessions end (this
 * one stays), a sensitive-behaviour message is written and a notice is mailed.
 */
import type { Locale } from '../../src/core/settings';
import type { AppDeps } from '../context';
import type { SessionRow, UserRow } from '../db/schema';
import { FREEZE_MS, MAX_FAILED_ATTEMPTS } from '../auth/login';
import { hashPassword, verifyPassword } from '../auth/password';
import { loginErrors } from '../login/errors';
import { renderMail } from '../mail/templates';
import { noticeRow } from '../notifications/notify';
import { applyPasswordChange } from '../repos/password';
import { recordFailedLogin } from '../repos/users';
import { noticeTime } from '../time';
import { passwordErrors } from './errors';
import { mailServiceConfigured } from './mail-service';

/** The message-centre type of the notice. */
export const PASSWORD_CHANGED = 'password_changed';

/** Whether the account has a password to check (accounts from other sign-ins may not). */
export const hasPassword = (user: Pick<UserRow, 'password_hash'>) => user.password_hash !== '';

/**
 * Checks the current password like a sign-in checks its password (§4, §8), on the same counter
 * (`users.failed_attempts`), so wrong guesses here and at sign-in add up rather than each getting
 * their own allowance: a stolen session must not be a way to guess the password. The 5th wrong one
 * freezes the account for 1 hour, sign-in included; a frozen account is refused even with the right
 * password. A success resets the count (in `applyPasswordChange`).
 */
async function checkCurrentPassword(deps: AppDeps, user: UserRow, oldPassword: string | undefined): Promise<void> {
  const now = deps.clock.now();
  if (user.frozen_until && user.frozen_until > now) throw loginErrors.frozen(user.frozen_until);
  if (oldPassword && (await verifyPassword(user.password_hash, oldPassword))) return;
  const until = new Date(now.getTime() + FREEZE_MS);
  const { frozen } = await recordFailedLogin(deps.db, user.id, MAX_FAILED_ATTEMPTS, until);
  throw frozen ? loginErrors.frozen(until) : passwordErrors.incorrect();
}

/**
 * Changes the password of the session's user. `oldPassword` is required when the account has a
 * password (its absence counts as wrong, and towards the freeze). The message and the mail are
 * written in `locale`, the request's language: the user's own request caused them. Returns how
 * many other sessions were signed out.
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  session: SessionRow,
  input: { newPassword: string; oldPassword: string | undefined },
  locale: Locale,
): Promise<number> {
  const { newPassword, oldPassword } = input;
  if (oldPassword !== undefined && oldPassword === newPassword) throw passwordErrors.sameAsOld();
  if (hasPassword(user)) await checkCurrentPassword(deps, user, oldPassword);
  const now = deps.clock.now();
  const time = noticeTime(now, locale);
  const ended = await applyPasswordChange(deps.db, {
    userId: user.id,
    previousHash: user.password_hash,
    newHash: await hashPassword(newPassword),
    keepSessionHash: session.id_hash,
    // In every language (each reader reads their own); stored first in the request's.
    notice: noticeRow(user.id, {
      app: 'yunxiao',
      type: PASSWORD_CHANGED,
      title: { key: 'server.message.passwordChanged.title' },
      content: { key: 'server.message.passwordChanged.body', params: { time: (l) => noticeTime(now, l) } },
      locale,
      at: now,
    }),
  });
  // Someone changed it between our check and the write: the old password we checked is stale.
  if (ended === null) throw passwordErrors.incorrect();
  // Only to a verified address (an unverified one may not be the user's), and only when mail can
  // reach anyone: the message above tells the user either way.
  if (user.email && user.email_verified && mailServiceConfigured(deps)) {
    const mail = renderMail(
      'passwordChanged',
      { username: user.username, time },
      { to: user.email, name: user.name, locale, flavour: deps.config.flavour },
    );
    // The password has changed either way; a mail failure must not report the change as failed.
    await deps.mailer.send(mail).catch((error: unknown) => deps.log.warn('password notice mail failed', { error }));
  }
  return ended;
}
