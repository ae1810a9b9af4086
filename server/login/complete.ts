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
import { localeOf, serverTranslator } from '../i18n';
import type { ServerMessageKey } from '../i18n';
import { notify } from '../notifications/notify';
import { recordSuccessfulLogin } from '../repos/users';
import { recordDevice } from '../repos/devices';
import { noticeTime } from '../time';
import { userJson } from '../views';
import type { UserJson } from '../views';
import type { Device } from './device';

/** The message-centre type of the new-device notice. */
export const NEW_DEVICE_LOGIN = 'new_device_login';

/** Browsers by a token of their user agent, first match wins: in-app browsers and Chromium's
 * offspring name themselves besides `Chrome/` and `Safari/`, so they come first; Safari is known
 * by its `Version/` token, which Chromium does not send. The apps come before QQ and UC Browser,
 * whose engines they embed (WeChat's Android web view says `MQQBrowser/`, Alibaba's apps
 * `UCBrowser/`). A value that is a key is translated. */
const BROWSERS: Array<[RegExp, string | ServerMessageKey]> = [
  [/\bMicroMessenger\//, 'server.device.wechat'],
  // The macOS and mobile clients write `DingTalk/7.6.15`, the Windows one `DingTalk(7.0.40…)`.
  [/\bDingTalk[/(]/, 'server.identities.dingtalk'],
  [/\b(?:Lark|Feishu)\//, 'server.identities.lark'],
  // Desktop `QQBrowser/`, mobile `MQQBrowser/`; UC's older builds send only `UCWEB`.
  [/\bM?QQBrowser\//, 'server.device.qqBrowser'],
  [/\bUCBrowser\/|\bUCWEB/, 'server.device.ucBrowser'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPT|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, first match wins: iOS and iPadOS say "like Mac OS X", Android and ChromeOS say "Linux"
 * (UC Browser's `UCWEB` agents shorten Android to `Adr`). */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\b(?:OpenHarmony|HarmonyOS)\b/, 'HarmonyOS'],
  [/\b(?:Android|Adr)\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The device of a user agent as a person reads it, in `locale`: the browser and the system
 * ("Chrome on Linux", "Linux 上的 Chrome"), either alone when only it is known, or "an unknown
 * device". Never the raw user agent: it means nothing to most readers, and it is the sender's
 * text, not ours.
 */
export function describeDevice(userAgent: string | null, locale: Locale): string {
  const t = serverTranslator(locale);
  const find = <T extends string>(list: Array<[RegExp, T]>) =>
    userAgent ? list.find(([pattern]) => pattern.test(userAgent))?.[1] : undefined;
  const name = find(BROWSERS);
  const browser = name?.startsWith('server.') ? t(name as ServerMessageKey) : name;
  const os = find(SYSTEMS);
  if (!os) return browser ?? t('server.device.unknown');
  const text = t('server.device.onOs', { browser: browser ?? t('server.device.browser'), os });
  // The Chinese pattern spaces a Latin name ("macOS 上的 Chrome"); Chinese text meeting Chinese
  // text takes no space ("Android 上的微信").
  return text.replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, '$1');
}

/**
 * The language this browser reads `user`'s account in once it has proved to be them (a sign-in,
 * a mailed code, a forced password change): the request's locale, resolved as the server does for
 * the signed-in user's later requests (§4: the cookie, then the saved language, then the
 * browser's). `c.get('locale')` cannot say it yet: the request came in without a user.
 */
export function signedInLocale(deps: AppDeps, c: Context<AppEnv>, user: Pick<UserRow, 'locale'>): Locale {
  return localeOf(c, deps.config.flavour, user.locale);
}

/** What a sign-in answers: the user and the new session's CSRF token. */
export interface SignedIn {
  user: UserJson;
  csrfToken: string;
}

/** Signs `user` in on this browser; `how` only goes to the log.
 * @param options.keepAccountFailures - leave the account's wrong-password count and freeze as
 *   they are: a known device signed in past them, and they are others' (login/signin.ts).
 *   @default false */
export async function completeLogin(
  deps: AppDeps,
  c: Context<AppEnv>,
  user: UserRow,
  device: Device,
  how: string,
  options: { keepAccountFailures?: boolean } = {},
): Promise<SignedIn> {
  const now = deps.clock.now();
  if (!options.keepAccountFailures && (user.failed_attempts > 0 || user.frozen_until)) {
    await recordSuccessfulLogin(deps.db, user.id);
  }
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
    // In the language this browser will show the account in, like the rest of the session.
    const locale = signedInLocale(deps, c, user);
    // Written in every language (each reader reads their own); the time and the device in each.
    const params = {
      time: (l: Locale) => noticeTime(now, l),
      device: (l: Locale) => describeDevice(device.userAgent, l),
    };
    await notify(deps.db, user.id, {
      app: 'yunxiao',
      type: NEW_DEVICE_LOGIN,
      title: { key: 'server.message.newDevice.title' },
      content: { key: 'server.message.newDevice.body', params },
      locale,
      at: now,
    });
  }
  c.get('log').info('login succeeded', { userId: user.id, how, newDevice: record.isNew });
  await sweepSessions(deps);
  return { user: userJson(user, signedInLocale(deps, c, user), true), csrfToken: session.csrf_token };
}
