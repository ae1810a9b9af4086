import { uiZh } from './ui';
import { zh as tokensZh } from './tokens';
import { zh as tokenFormsZh } from './token-forms';
import { zh as sshKeysZh } from './ssh';
import { zh as packagesZh } from './packages';
import { zh as identitiesZh } from './identities';
import { zh as profileZh } from './profile';
import { zh as emailZh } from './email';
import { zh as passwordZh } from './password';
import { zh as notificationsZh } from './notifications';
import { zh as loginZh } from './login';
import { zh as loginStepsZh } from './login-steps';
import { zh as settingsZh } from './settings';
import { zh as orgsZh } from './orgs';
import { zh as pageZh } from './page';
import { zh as validationZh } from './validation';
import { zh as errorsZh } from './errors';

/** The main catalogue's own Simplified Chinese messages (the `common` part: buttons, §8 errors,
 * HTTP failures, dates); the features' messages are in their own modules. */
export const commonZh = {
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.retry': '重试',
  'common.reload': '刷新页面',
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
  'error.noPermission': '您没有权限访问该页面',
  'error.notFound': '页面不存在',
  'error.markReadFailed': '标记已读失败',
  'error.clearReadFailed': '清空已读失败',
  'error.chunkLoad': '页面资源加载失败，请检查网络后刷新',
  'error.chunkTimeout': '模块“{name}”加载超时（{seconds} 秒）',
  'error.render': '哎呀，出错了！',
  'error.pageExceptionHint': '请刷新页面后重试',

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
  'date.soon': '几秒后',
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
    ...tokenFormsZh,
    ...sshKeysZh,
    ...packagesZh,
    ...identitiesZh,
    ...profileZh,
    ...emailZh,
    ...passwordZh,
    ...notificationsZh,
    ...loginZh,
    ...loginStepsZh,
    ...settingsZh,
    ...orgsZh,
    ...commonZh,
    ...pageZh,
    ...validationZh,
    ...errorsZh,
  }) as const)();
