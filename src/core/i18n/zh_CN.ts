import { uiZh } from './ui';
import { tokensZh } from './tokens';
import { sshKeysZh } from './ssh';
import { packagesZh } from './packages';
import { identitiesZh } from './identities';
import { profileZh } from './profile';
import { notificationsZh } from './notifications';
import { loginZh } from './login';
import { settingsZh } from './settings';
import { orgsZh } from './orgs';
import { pageZh } from './page';
import { validationZh } from './validation';

/** The main catalogue's own Simplified Chinese messages (the `common` part: buttons, §8 errors,
 * HTTP failures, dates); the features' messages are in their own modules. */
export const commonZh = {
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.retry': '重试',
  'common.reload': '重新加载',
  'common.loading': '加载中…',

  'action.switchAccount': '切换账号',
  'action.relogin': '重新登录',
  'action.signInAgain': '重新登录',
  'action.enterNow': '立即进入',
  'action.backHome': '返回首页',

  'error.system': '系统异常，请重试',
  'error.systemWithRequestId': '系统异常，请重试（请求 ID：{requestId}）',
  'error.createFailed': '创建失败，请重试',
  'error.modifyFailed': '修改失败，请重试',
  'error.deleteFailed': '删除失败，请重试',
  'error.systemAbnormal': '系统异常，请稍后重试',
  'error.accountOrPasswordIncorrect': '账号或密码错误',
  'error.codeIncorrect': '验证码错误，请重新获取',
  'error.verificationFailed': '验证失败',
  'error.accountNotExist': '账号不存在',
  'error.accountFrozen': '密码错误次数过多，账号已被冻结 1 小时',
  'error.securityRisk': '账号存在安全风险，请先通过邮箱验证',
  'error.noEmail': '账号未绑定邮箱，无法获取验证码',
  'error.emailServiceNotConfigured': '企业未配置邮件服务，请联系企业管理员',
  'error.email.tooFrequent': '请求过于频繁，请一分钟后再试',
  'error.email.alreadyBound': '该邮箱已被绑定',
  'error.email.bindingStatus': '邮箱绑定状态异常',
  'error.email.activateMismatch': '待激活的邮箱与当前邮箱不一致',
  'error.email.tokenMismatch': '激活凭证不匹配',
  'error.email.linkExpired': '激活链接已过期，请前往个人设置重新激活',
  'error.email.sendActivation': '发送激活邮件出错',
  'error.email.addFailed': '添加邮箱失败',
  'error.email.modifyFailed': '修改邮箱失败',
  'error.email.unbindFailed': '解绑邮箱失败',
  'error.email.sendFailed': '发送邮件失败',
  'error.login.failed': '登录失败',
  'error.login.typeNotSupported': '登录失败：不支持该登录方式',
  'error.login.boundAccountNotFound': '登录失败：未找到绑定的账号',
  'error.login.accountInfoMissing': '登录失败：未获取到登录账号信息',
  'error.otherOrganization': '该链接属于其他企业',
  'error.organizationInaccessible': '无法访问该企业',
  'error.noOrganization': '你还没有加入任何企业',
  'error.orderExpired': '企业的订单或服务已过期',
  'error.ipRestricted': '当前 IP 地址受限，无法访问',
  'error.badParameter': '参数错误',
  'error.noPermission': '你没有权限访问该页面',
  'error.notFound': '页面不存在',
  'error.serverError': '服务器出错了（500）',
  'error.resourceNotInOrganization': '该资源不属于当前企业',
  'error.markReadFailed': '标记已读失败',
  'error.clearReadFailed': '清空已读失败',
  'error.avatarChangeFailed': '修改头像失败',
  'error.passwordChangeFailed': '修改密码失败，请检查当前密码',
  'error.resetFailed': '重置失败',
  'error.languageSwitchFailed': '切换语言失败',
  'error.organizationSwitchFailed': '切换企业失败',
  'error.pageExpired': '页面已过期，请重新验证',
  'error.chunkLoad': '页面资源加载失败，请检查网络后刷新',
  'error.chunkTimeout': '模块“{name}”加载超时（{seconds} 秒）',
  'error.render': '哎呀，出错了！',
  'error.pageException': '你访问的页面出现异常',
  'error.pageExceptionHint': '请刷新页面后重试',
  'error.ramUser.default': '仅支持购买该企业的云账号下的 RAM 用户访问',
  'error.ramUser.global': '仅支持企业购买者云账号下的 RAM 用户访问，当前 RAM 用户没有数据访问权限，请切换账号',

  'success.created': '创建成功',
  'success.modified': '修改成功',
  'success.deleted': '删除成功',
  'success.tokenCopied': '令牌已复制',

  'action.switchOrganization': '切换企业',

  'http.timeout': '请求超时，请检查网络后重试',
  'http.offline': '网络已断开，请检查网络连接',
  'http.malformed': '服务器返回的数据格式有误',
  'http.aborted': '请求已取消',
  'http.network': '无法连接到服务器，请稍后重试',
  'http.failed': '请求失败（状态码 {status}）',

  'flavour.standard': '云效',
  'flavour.dedicated': '云效专属版',
  'flavour.dedicated-intl': '云效专属版（国际）',
  'flavour.global': '云效国际版',
  'flavour.cloud-provider': '云效（云市场版）',

  'date.empty': '-',
  'date.justNow': '刚刚',
  'date.minuteAgo': '{n} 分钟前',
  'date.minutesAgo': '{n} 分钟前',
  'date.hourAgo': '{n} 小时前',
  'date.hoursAgo': '{n} 小时前',
  'date.dayAgo': '{n} 天前',
  'date.daysAgo': '{n} 天前',
  'date.monthAgo': '{n} 个月前',
  'date.monthsAgo': '{n} 个月前',
  'date.yearAgo': '{n} 年前',
  'date.yearsAgo': '{n} 年前',
  'date.soon': '即将',
  'date.inMinute': '{n} 分钟后',
  'date.inMinutes': '{n} 分钟后',
  'date.inHour': '{n} 小时后',
  'date.inHours': '{n} 小时后',
  'date.inDay': '{n} 天后',
  'date.inDays': '{n} 天后',
  'date.inMonth': '{n} 个月后',
  'date.inMonths': '{n} 个月后',
  'date.inYear': '{n} 年后',
  'date.inYears': '{n} 年后',
} as const;

// A pure call rather than a plain literal: the element bundles load only `commonZh` from this
// module, and rollup keeps a top-level object spread for the getters it might run.
/** Simplified Chinese catalogue: every message. Keys are shared with en_US.ts (a test proves parity). */
export const zh_CN = /* @__PURE__ */ (() =>
  ({
    ...uiZh,
    ...tokensZh,
    ...sshKeysZh,
    ...packagesZh,
    ...identitiesZh,
    ...profileZh,
    ...notificationsZh,
    ...loginZh,
    ...settingsZh,
    ...orgsZh,
    ...commonZh,
    ...pageZh,
    ...validationZh,
  }) as const)();
