/** The sign-in calls (§7 Profile and login) for `<yx-login>` and `<yx-password-reset>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { LOGIN_PATH, PROVIDERS_PATH } from '../../src/features/login/api';
import { CSRF_TOKEN, failure, ok, pageSettingsHandler, route } from './common';

export const USERNAME = 'lin.wei';
export const SIGNED_IN = { user: { id: 'u-1001', username: USERNAME, name: 'Lin Wei' }, csrfToken: `${CSRF_TOKEN}-2` };

/** `/users/ajax/users/{username}/{action}` for any username. */
export const userAction = (action: string) => route(`/users/ajax/users/{username}/${action}`);

export const loginPaths = {
  providers: route(PROVIDERS_PATH),
  login: route(LOGIN_PATH),
  slider: userAction('sliderCaptcha'),
  sliderVerify: userAction('sliderCaptcha:verify'),
  sendCode: userAction('emailCaptcha'),
  verifyCode: userAction('emailCaptcha:verify'),
  passwordReset: userAction('password:reset'),
  check: userAction('check'),
  retrieve: userAction('password:retrieve'),
};

/** Every sign-in method a site can offer: four providers, LDAP and Windows AD. */
export const allProviders = {
  providers: [
    { id: 'dingtalk', name: 'DingTalk', authorize_url: '/users/sso/dingtalk/authorize' },
    { id: 'lark', name: 'Lark', authorize_url: '/users/sso/lark/authorize' },
    { id: 'wechat-work', name: 'Enterprise WeChat', authorize_url: '/users/sso/wechat-work/authorize' },
    { id: 'aliyun', name: 'Alibaba Cloud', authorize_url: '/users/sso/aliyun/authorize' },
  ],
  ldap: { enabled: true, kinds: ['ldap', 'windows-ad'] },
};
export const noProviders = { providers: [], ldap: { enabled: false, kinds: [] } };

/** A site where the password is right and every next step passes. */
export function loginHandlers(providers: typeof allProviders | typeof noProviders = noProviders): HttpHandler[] {
  return [
    pageSettingsHandler,
    http.get(loginPaths.providers, () => HttpResponse.json(providers)),
    http.post(loginPaths.login, () => HttpResponse.json(SIGNED_IN)),
    http.post(loginPaths.slider, () => HttpResponse.json({ challenge_id: 'challenge-1', track_width: 300 })),
    http.post(loginPaths.sliderVerify, () => HttpResponse.json({ slider_token: 'slider-ok' })),
    http.post(loginPaths.sendCode, ok),
    http.post(loginPaths.verifyCode, () => HttpResponse.json(SIGNED_IN)),
    http.put(loginPaths.passwordReset, ok),
  ];
}

/** A password reset where the account exists (with a masked email) and every step passes. */
export function passwordResetHandlers(): HttpHandler[] {
  return [
    pageSettingsHandler,
    http.get(loginPaths.check, () => HttpResponse.json({ exists: true, email: 'l***@example.com' })),
    http.post(loginPaths.sendCode, ok),
    http.post(loginPaths.verifyCode, ok),
    http.put(loginPaths.passwordReset, ok),
  ];
}

/** The login call refused with `code` (the next step, or a message). */
export const loginRefused = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  http.post(loginPaths.login, () => failure(status, code, `Refused: ${code}`, extra));
