/**
 * Server-side messages. Keys shared with the front end come from `src/core/i18n`; messages only
 * the server says live here, in both languages. The request locale follows §4: the
 * `ak_user_locale` cookie, then the signed-in user's saved language, then Accept-Language, then
 * the flavour's default. An element given its own language (its `locale` attribute, or
 * `configure`) names it in `X-Yx-Locale` (src/core/http.ts), which comes first: an English
 * element on a Chinese page reads the server's messages in English too.
 */
import { createTranslator, LOCALE_COOKIE, LOCALE_HEADER, normalizeLocale } from '../src/core/i18n/index';
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
  'server.databaseUnavailable': 'The service cannot reach its database right now. Please try again in a moment.',
  'server.invalidField': 'The field "{field}" is not valid',
  'server.invalidInput': 'The request holds a character or value that cannot be stored',
  'server.notMember': 'You are not a member of this organization',
  'server.organizations.notYourUser': 'You can only list your own organizations',
  'server.organizations.notFound': 'No such organization',
  'server.apps.notFound': 'No such application',
  'server.apps.notInstalled': 'This application is not installed in the organization',
  'server.helpLink.notFound': 'No such help link',
  'server.tokens.unknownScope': 'Unknown permission "{scope}"',
  'server.tokens.notYourUser':
    'You can only list your own tokens, or those of members of an organization you administer',
  'server.tokens.insufficientScope': 'The access token does not have the permission this call needs',
  'server.tokens.sessionRequired': 'Access tokens cannot be used for this. Sign in to do it.',
  'server.avatar.missing': 'Choose an image file to upload',
  'server.avatar.dimensions': 'The image cannot be larger than {max} × {max} pixels',
  'server.avatar.notIssued': 'This avatar was not uploaded to your account. Upload the image again.',
  'server.avatar.notFound': 'No such file',
  'server.message.passwordChanged.title': 'Your password was changed',
  'server.message.passwordChanged.body':
    'The password of your account was changed at {time}. Your other sessions were signed out. If this was not you, reset your password at once.',
  'server.message.newDevice.title': 'New sign-in to your account',
  'server.message.newDevice.body':
    'Your account was signed in from a new device at {time} ({device}). If this was not you, change your password at once.',
  'server.message.emailBound.title': 'Email address added to your account',
  'server.message.emailBound.body':
    'The email address {email} was added to your account at {time}. If this was not you, unbind it in Personal Settings › Personal Information and change your password.',
  'server.message.emailChanged.title': 'Your email address was changed',
  'server.message.emailChanged.body':
    'The email address of your account was changed to {email} at {time}. If this was not you, change it back in Personal Settings › Personal Information and change your password.',
  'server.message.emailUnbound.title': 'Email address removed from your account',
  'server.message.emailUnbound.body':
    'The email address {email} was unbound from your account at {time}. If this was not you, bind your address again in Personal Settings › Personal Information and change your password.',
  'server.ssh.keyOptions':
    'Remove the options before the key type (such as from="…" or no-pty): paste only the key, e.g. ssh-ed25519 AAAA… comment',
  'server.ssh.notice.title': 'New SSH key added: “{title}”',
  'server.ssh.notice.body':
    'The key {fingerprint} can now be used over SSH. If you did not add it, delete it in Personal Settings › SSH Public Key and change your password.',
  'server.message.tokenCreated.title': 'Personal access token created',
  'server.message.tokenCreated.body':
    'A personal access token named “{name}” was created for your account at {time}. If this was not you, delete it in Personal Settings › Access Token and change your password.',
  'server.message.tokenDeleted.title': 'Personal access token deleted',
  'server.message.tokenDeleted.body':
    'The personal access token named “{name}” was deleted at {time}. Scripts and tools that used it can no longer access your account.',
  'server.packages.badCredential': 'The packages username or password is wrong',
  'server.identities.unavailable': 'This provider is not available',
  'server.identities.notBound': 'No account of this provider is bound',
  'server.identities.dingtalk': 'DingTalk',
  'server.identities.lark': 'Lark',
  'server.time': '{time} UTC',
  'server.device.onOs': '{browser} on {os}',
  'server.device.browser': 'a browser',
  'server.device.unknown': 'an unknown device',
  'server.device.wechat': 'WeChat',
  'server.device.qqBrowser': 'QQ Browser',
  'server.device.ucBrowser': 'UC Browser',
  'server.page.noscript': 'This page needs JavaScript.',
  'mail.greeting': 'Hello {name},',
  'mail.signature': 'The {system} team',
  'mail.ignore': 'If you did not ask for this, you can ignore this email.',
  'mail.loginCode.subject': 'Your {system} verification code',
  'mail.loginCode.body': 'Your verification code is {code}. It expires in {minutes} minutes.',
  'mail.loginCode.notYou': 'If this was not you, someone knows your password: change it now.',
  'mail.verifyEmail.subject': 'Verify your email address for {system}',
  'mail.verifyEmail.body': 'Open this link to verify your email address (it expires in {hours} hours):\n{link}',
  'mail.passwordReset.subject': 'Reset your {system} password',
  'mail.passwordReset.body': 'Your password reset code is {code}. It expires in {minutes} minutes.',
  'mail.passwordChanged.subject': 'Your {system} password was changed',
  'mail.passwordChanged.body':
    'The password of your account {username} was changed at {time}. If you did not do this, reset your password at once and tell your organization administrator.',
  'mail.emailChanged.subject': 'The email address of your {system} account was changed',
  'mail.emailChanged.body':
    'The email address of your account was changed to {email} at {time}. If this was not you, change it back in Personal Settings › Personal Information and change your password at once.',
  'server.logout.title': 'Sign out?',
  'server.logout.text': 'Another website sent you here to sign you out of {host}. Sign out only if you meant to.',
  'server.logout.confirm': 'Sign Out',
  'server.logout.stay': 'Stay Signed In',
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
  'server.databaseUnavailable': '服务暂时无法连接数据库，请稍后重试',
  'server.invalidField': '字段 "{field}" 无效',
  'server.invalidInput': '请求中包含无法保存的字符或数值',
  'server.notMember': '您不是该企业的成员',
  'server.organizations.notYourUser': '只能查看自己所在的企业',
  'server.organizations.notFound': '企业不存在',
  'server.apps.notFound': '应用不存在',
  'server.apps.notInstalled': '该企业未安装此应用',
  'server.helpLink.notFound': '帮助链接不存在',
  'server.tokens.unknownScope': '未知的权限 "{scope}"',
  'server.tokens.notYourUser': '只能查看自己的令牌，或您所管理的企业中成员的令牌',
  'server.tokens.insufficientScope': '访问令牌没有此操作所需的权限',
  'server.tokens.sessionRequired': '此操作不能使用访问令牌，请登录后操作',
  'server.avatar.missing': '请选择要上传的图片文件',
  'server.avatar.dimensions': '图片尺寸不能超过 {max} × {max} 像素',
  'server.avatar.notIssued': '该头像不是您上传的，请重新上传图片',
  'server.avatar.notFound': '文件不存在',
  'server.message.passwordChanged.title': '您的密码已修改',
  'server.message.passwordChanged.body':
    '您的账号密码已于 {time} 修改，其他设备上的登录已退出。如非本人操作，请立即重置密码。',
  'server.message.newDevice.title': '您的账号在新设备上登录',
  'server.message.newDevice.body': '您的账号于 {time} 在新设备上登录（{device}）。如非本人操作，请立即修改密码。',
  'server.message.emailBound.title': '邮箱已绑定到您的账号',
  'server.message.emailBound.body':
    '邮箱 {email} 已于 {time} 绑定到您的账号。如非本人操作，请在个人设置 › 个人信息中解绑，并立即修改密码。',
  'server.message.emailChanged.title': '您的邮箱已修改',
  'server.message.emailChanged.body':
    '您账号的邮箱已于 {time} 修改为 {email}。如非本人操作，请在个人设置 › 个人信息中改回，并立即修改密码。',
  'server.message.emailUnbound.title': '邮箱已从您的账号解绑',
  'server.message.emailUnbound.body':
    '邮箱 {email} 已于 {time} 从您的账号解绑。如非本人操作，请在个人设置 › 个人信息中重新绑定，并立即修改密码。',
  'server.ssh.keyOptions': '请删除公钥类型前的选项（如 from="…"、no-pty），只粘贴公钥本身，例如 ssh-ed25519 AAAA… 注释',
  'server.ssh.notice.title': '新增 SSH 公钥：“{title}”',
  'server.ssh.notice.body':
    '公钥 {fingerprint} 现在可以通过 SSH 使用。如非本人操作，请在个人设置 › SSH 公钥中删除它，并修改密码。',
  'server.message.tokenCreated.title': '已创建个人访问令牌',
  'server.message.tokenCreated.body':
    '您的账号于 {time} 创建了名为“{name}”的个人访问令牌。如非本人操作，请在个人设置 › 访问令牌中删除它，并修改密码。',
  'server.message.tokenDeleted.title': '已删除个人访问令牌',
  'server.message.tokenDeleted.body':
    '名为“{name}”的个人访问令牌已于 {time} 删除，使用该令牌的脚本和工具将无法再访问您的账号。',
  'server.packages.badCredential': '制品仓库用户名或密码错误',
  'server.identities.unavailable': '该第三方账号服务不可用',
  'server.identities.notBound': '未绑定该第三方账号',
  'server.identities.dingtalk': '钉钉',
  'server.identities.lark': '飞书',
  'server.time': '{time}（北京时间）',
  'server.device.onOs': '{os} 上的 {browser}',
  'server.device.browser': '浏览器',
  'server.device.unknown': '未知设备',
  'server.device.wechat': '微信',
  'server.device.qqBrowser': 'QQ 浏览器',
  'server.device.ucBrowser': 'UC 浏览器',
  'server.page.noscript': '此页面需要启用 JavaScript。',
  'mail.greeting': '{name}，您好：',
  'mail.signature': '{system}团队',
  'mail.ignore': '如果这不是您本人的操作，请忽略此邮件。',
  'mail.loginCode.subject': '您的{system}验证码',
  'mail.loginCode.body': '您的验证码是 {code}，{minutes} 分钟内有效。',
  'mail.loginCode.notYou': '如非本人操作，说明您的密码可能已泄露，请立即修改密码。',
  'mail.verifyEmail.subject': '请验证您的{system}账号邮箱',
  'mail.verifyEmail.body': '请打开下面的链接验证您的邮箱地址（{hours} 小时内有效）：\n{link}',
  'mail.passwordReset.subject': '重置您的{system}密码',
  'mail.passwordReset.body': '您的密码重置验证码是 {code}，{minutes} 分钟内有效。',
  'mail.passwordChanged.subject': '您的{system}密码已修改',
  'mail.passwordChanged.body':
    '您的账号 {username} 的密码已于 {time} 修改。如非本人操作，请立即重置密码并联系企业管理员。',
  'mail.emailChanged.subject': '您的{system}账号邮箱已修改',
  'mail.emailChanged.body':
    '您账号的邮箱已于 {time} 修改为 {email}。如非本人操作，请在个人设置 › 个人信息中改回，并立即修改密码。',
  'server.logout.title': '要退出登录吗？',
  'server.logout.text':
    '您是从其他网站跳转到此页面的，该网站请求将您退出 {host}。如果这不是您本人的意愿，请选择“保持登录”。',
  'server.logout.confirm': '退出登录',
  'server.logout.stay': '保持登录',
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

/** A user's saved language, or the deployment's default for one who never chose (users.locale
 * null, 0013): for what is written to them outside a request of theirs. */
export function savedLocale(locale: Locale | null, flavour: Flavour): Locale {
  return locale ?? flavourOf(flavour).defaultLocale;
}

/** The locale of one request (see the file comment for the order). */
export function requestLocale(input: {
  /** `X-Yx-Locale`: the language of the element that made the request. */
  element?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  userLocale?: string | null | undefined;
  flavour: Flavour;
}): Locale {
  return (
    normalizeLocale(input.element) ??
    normalizeLocale(readCookie(input.cookie ?? '', LOCALE_COOKIE)) ??
    normalizeLocale(input.userLocale) ??
    // The global flavour starts in English (§1) whatever the browser prefers; the others let the
    // browser's language choose before the deployment default.
    (input.flavour === 'global' ? undefined : normalizeLocale(acceptLanguage(input.acceptLanguage))) ??
    flavourOf(input.flavour).defaultLocale
  );
}

/** The locale of request `c`, from its headers, for a user whose saved language is `userLocale`
 * (none before sign-in). */
export function localeOf(
  c: { req: { header(name: string): string | undefined } },
  flavour: Flavour,
  userLocale?: string | null,
): Locale {
  return requestLocale({
    element: c.req.header(LOCALE_HEADER),
    cookie: c.req.header('cookie'),
    acceptLanguage: c.req.header('accept-language'),
    userLocale,
    flavour,
  });
}
