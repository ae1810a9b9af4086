/**
 * The end of every successful sign-in (password, LDAP, emailed code, SSO): a new session id and
 * CSRF token (the pre-session and everything hanging off it go), the device remembered, and —
 * for an ordinary user on a device new to an account that has used others — a sensitive-behaviour
 * message in the message centre.
 */
import type { Context } from 'hono';
import type { Locale } from '../../src/core/settings';
import { startSession, sweepSessions } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../context';
import type { UserRow } from '../db/schema';
import { requestLocale } from '../i18n';
import { notify } from '../notifications/notify';
import { recordSuccessfulLogin } from '../repos/users';
import { recordDevice } from '../repos/devices';
import { userJson } from '../views';
import type { UserJson } from '../views';
import type { Device } from './device';

/** The message-centre type of the new-device notice. */
export const NEW_DEVICE_LOGIN = 'new_device_login';

/** `2026-05-01 09:30 UTC`, as the password notice writes it. */
const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The language this browser reads `user`'s account in once it has proved to be them (a sign-in,
 * a mailed code, a forced password change): the request's locale, resolved as the server does for
 * the signed-in user's later requests (§4: the cookie, then the saved language, then the
 * browser's). `c.get('locale')` cannot say it yet: the request came in without a user.
 */
export function signedInLocale(deps: AppDeps, c: Context<AppEnv>, user: Pick<UserRow, 'locale'>): Locale {
  return requestLocale({
    cookie: c.req.header('cookie'),
    acceptLanguage: c.req.header('accept-language'),
    userLocale: user.locale,
    flavour: deps.config.flavour,
  });
}

/** What a sign-in answers: the user and the new session's CSRF token. */
export interface SignedIn {
  user: UserJson;
  csrfToken: string;
}

/** Signs `user` in on this browser; `how` only goes to the log. */
export async function completeLogin(
  deps: AppDeps,
  c: Context<AppEnv>,
  user: UserRow,
  device: Device,
  how: string,
): Promise<SignedIn> {
  const now = deps.clock.now();
  if (user.failed_attempts > 0 || user.frozen_until) await recordSuccessfulLogin(deps.db, user.id);
  const session = await startSession(deps, c, user.id, c.get('session'));
  c.set('session', session);
  const record = await recordDevice(deps.db, {
    userId: user.id,
    deviceHash: device.hash,
    userAgent: device.userAgent,
    now,
  });
  // Accounts under the risk check proved the new device by email already; a first-ever sign-in
  // has nothing to compare with.
  if (record.isNew && record.hadOthers && !user.risk_check) {
    await notify(deps.db, user.id, {
      app: 'yunxiao',
      type: NEW_DEVICE_LOGIN,
      title: { key: 'server.message.newDevice.title' },
      content: { key: 'server.message.newDevice.body', params: { time: stamp(now), device: device.userAgent ?? '?' } },
      // In the language this browser will show the account in, like the rest of the session.
      locale: signedInLocale(deps, c, user),
      at: now,
    });
  }
  c.get('log').info('login succeeded', { userId: user.id, how, newDevice: record.isNew });
  await sweepSessions(deps);
  return { user: userJson(user, true), csrfToken: session.csrf_token };
}
