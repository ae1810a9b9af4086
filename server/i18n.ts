/**
 * Server-side messages. Keys shared with the front end come from `src/core/i18n`; messages only
 * the server says live here, in both languages. The request locale follows §4: the
 * `ak_user_locale` cookie, then the signed-in user's saved language, then Accept-Language, then
 * the flavour's default.
 */
import { createTranslator, LOCALE_COOKIE, normalizeLocale } from '../src/core/i18n/index';
import type { MessageKey, MessageParams } from '../src/core/i18n/index';
import { readCookie } from '../src/core/cookies';
import { flavourOf } from '../src/core/flavours';
import type { Flavour, Locale } from '../src/core/settings';

const serverEn = {
  'server.malformedJson': 'The request body is not valid JSON',
  'server.payloadTooLarge': 'The request body is too large',
  'server.routeNotFound': 'No such API route',
  'server.unauthenticated': 'Please sign in first',
  'server.csrfInvalid': 'The security token of this page is missing or out of date. Reload the page and try again.',
  'server.forbidden': 'You do not have permission to do this',
  'server.pageNotBuilt': 'The settings page has not been built. Run "npm run build" (npm start does it for you).',
  'server.unavailable': 'The service is temporarily unavailable',
  'server.invalidField': 'The field "{field}" is not valid',
  'server.notMember': 'You are not a member of this organization',
  'mail.greeting': 'Hello {name},',
  'mail.signature': 'The {system} team',
  'mail.ignore': 'If you did not ask for this, you can ignore this email.',
  'mail.loginCode.subject': 'Your {system} verification code',
  'mail.loginCode.body': 'Your verification code is {code}. It expires in {minutes} minutes.',
  'mail.verifyEmail.subject': 'Verify your email address for {system}',
  'mail.verifyEmail.body': 'Open this link to verify your email address: {link}. The link expires in {hours} hours.',
  'mail.passwordReset.subject': 'Reset your {system} password',
  'mail.passwordReset.body': 'Your password reset code is {code}. It expires in {minutes} minutes.',
} as const;

/** Keys of the server's own messages. */
export type ServerMessageKey = keyof typeof serverEn;

const serverZh: Record<ServerMessageKey, string> = {
  'server.malformedJson': '请求体不是有效的 JSON',
  'server.payloadTooLarge': '请求体过大',
  'server.routeNotFound': '接口不存在',
  'server.unauthenticated': '请先登录',
  'server.csrfInvalid': '页面的安全令牌缺失或已过期，请刷新页面后重试',
  'server.forbidden': '您没有执行此操作的权限',
  'server.pageNotBuilt': '设置页面尚未构建，请运行 "npm run build"（npm start 会自动构建）',
  'server.unavailable': '服务暂时不可用',
  'server.invalidField': '字段 "{field}" 无效',
  'server.notMember': '您不是该组织的成员',
  'mail.greeting': '{name}，您好：',
  'mail.signature': '{system} 团队',
  'mail.ignore': '如果这不是您本人的操作，请忽略此邮件。',
  'mail.loginCode.subject': '您的{system}验证码',
  'mail.loginCode.body': '您的验证码是 {code}，{minutes} 分钟内有效。',
  'mail.verifyEmail.subject': '验证您在{system}的邮箱地址',
  'mail.verifyEmail.body': '请打开此链接验证您的邮箱地址：{link}。链接 {hours} 小时内有效。',
  'mail.passwordReset.subject': '重置您的{system}密码',
  'mail.passwordReset.body': '您的密码重置验证码是 {code}，{minutes} 分钟内有效。',
};

const server: Record<Locale, Record<ServerMessageKey, string>> = { zh_CN: serverZh, en_US: serverEn };

/** Any key the server can say: its own or one shared with the front end. */
export type AnyMessageKey = ServerMessageKey | MessageKey;

/** Translates a server or shared key into `locale`; `{name}` placeholders come from params. */
export type ServerTranslate = (key: AnyMessageKey, params?: MessageParams) => string;

/** A translator for one locale. */
export function serverTranslator(locale: Locale): ServerTranslate {
  const shared = createTranslator(locale);
  const own = server[locale];
  return (key, params) => {
    if (!(key in own)) return shared(key as MessageKey, params);
    const text = own[key as ServerMessageKey];
    return params ? text.replace(/\{(\w+)\}/g, (whole, n: string) => (n in params ? String(params[n]) : whole)) : text;
  };
}

/** Only for the parity test: both catalogues of the server's own messages. */
export const serverCatalogues = server;

/** The first language of an Accept-Language header, by quality. */
function acceptLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag;
}

/** The locale of one request (see the file comment for the order). */
export function requestLocale(input: {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  userLocale?: string | null | undefined;
  flavour: Flavour;
}): Locale {
  return (
    normalizeLocale(readCookie(input.cookie ?? '', LOCALE_COOKIE)) ??
    normalizeLocale(input.userLocale) ??
    normalizeLocale(acceptLanguage(input.acceptLanguage)) ??
    flavourOf(input.flavour).defaultLocale
  );
}
