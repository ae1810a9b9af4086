/**
 * Changing one's password (§5, §7 `PUT /users/ajax/v1/my/password`): the shared password rule,
 * the current password checked, the new one different; then the user's other sessions end (this
 * one stays), a sensitive-behaviour message is written and a notice is mailed.
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context';
import type { SessionRow, UserRow } from '../db/schema';
import { hashPassword, verifyPassword } from '../auth/password';
import { serverTranslator } from '../i18n';
import { renderMail } from '../mail/templates';
import { applyPasswordChange } from '../repos/password';
import { passwordErrors } from './errors';
import { mailServiceConfigured } from './mail-service';

/** The message-centre type of the notice. */
export const PASSWORD_CHANGED = 'password_changed';

/** `2026-05-01 09:30 UTC`: one unambiguous form for the mails and messages of this feature. */
export const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Whether the account has a password to check (accounts from other sign-ins may not). */
export const hasPassword = (user: Pick<UserRow, 'password_hash'>) => user.password_hash !== '';

/**
 * Changes the password of the session's user. `oldPassword` is required when the account has a
 * password (its absence counts as wrong). Returns how many other sessions were signed out.
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  session: SessionRow,
  input: { newPassword: string; oldPassword: string | undefined },
): Promise<number> {
  const { newPassword, oldPassword } = input;
  if (oldPassword !== undefined && oldPassword === newPassword) throw passwordErrors.sameAsOld();
  if (hasPassword(user)) {
    if (!oldPassword || !(await verifyPassword(user.password_hash, oldPassword))) throw passwordErrors.incorrect();
  }
  const now = deps.clock.now();
  const t = serverTranslator(user.locale);
  const time = stamp(now);
  const ended = await applyPasswordChange(deps.db, {
    userId: user.id,
    previousHash: user.password_hash,
    newHash: await hashPassword(newPassword),
    keepSessionHash: session.id_hash,
    notice: {
      id: `m_${randomBytes(10).toString('hex')}`,
      user_id: user.id,
      app: 'yunxiao',
      title: t('server.message.passwordChanged.title'),
      body: t('server.message.passwordChanged.body', { time }),
      sensitive_type: PASSWORD_CHANGED,
      created_at: now,
    },
  });
  // Someone changed it between our check and the write: the old password we checked is stale.
  if (ended === null) throw passwordErrors.incorrect();
  // Only to a verified address (an unverified one may not be the user's), and only when mail can
  // reach anyone: the message above tells the user either way.
  if (user.email && user.email_verified && mailServiceConfigured(deps)) {
    const mail = renderMail(
      'passwordChanged',
      { username: user.username, time },
      { to: user.email, name: user.name, locale: user.locale, flavour: deps.config.flavour },
    );
    // The password has changed either way; a mail failure must not report the change as failed.
    await deps.mailer.send(mail).catch((error: unknown) => deps.log.warn('password notice mail failed', { error }));
  }
  return ended;
}
