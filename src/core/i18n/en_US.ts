import type { MessageKey } from './index';
import type { commonZh } from './zh_CN';
import { uiEn } from './ui';
import { en as tokensEn } from './tokens';
import { en as tokenFormsEn } from './token-forms';
import { en as sshKeysEn } from './ssh';
import { en as packagesEn } from './packages';
import { en as identitiesEn } from './identities';
import { en as profileEn } from './profile';
import { en as emailEn } from './email';
import { en as passwordEn } from './password';
import { en as notificationsEn } from './notifications';
import { en as loginEn } from './login';
import { en as loginStepsEn } from './login-steps';
import { en as settingsEn } from './settings';
import { en as orgsEn } from './orgs';
import { en as pageEn } from './page';
import { en as validationEn } from './validation';
import { en as errorsEn } from './errors';

/** The main catalogue's own English messages (the `common` part); every key of commonZh. */
export const commonEn: Record<keyof typeof commonZh, string> = {
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.retry': 'Retry',
  'common.reload': 'Reload',
  'common.loading': 'Loading…',

  'action.switchAccount': 'Switch Account',
  'action.relogin': 'Log on again',
  'action.signInAgain': 'Sign in Again',
  'action.enterNow': 'Enter Now',
  'action.backHome': 'Back to Home',

  'error.system': 'System exception, please try again',
  'error.systemWithRequestId': 'System exception, please try again (request ID: {requestId})',
  'error.createFailed': 'Creation failed, please retry',
  'error.modifyFailed': 'Modification failed, please retry',
  'error.deleteFailed': 'Deletion failed, please retry',
  'error.systemAbnormal': 'The system is abnormal, please try again',
  'error.noPermission': 'You do not have permission to access this page',
  'error.notFound': 'Page not found',
  'error.markReadFailed': 'Failed to mark as read',
  'error.clearReadFailed': 'Failed to clear read messages',
  'error.chunkLoad': 'Part of the page failed to load. Check your network and reload.',
  'error.chunkTimeout': 'Loading module “{name}” timed out after {seconds} seconds',
  'error.render': 'Oops! Something went wrong.',
  'error.pageExceptionHint': 'Reload the page and try again',

  'success.created': 'Created successfully',
  'success.modified': 'Modified successfully',
  'success.deleted': 'Deleted successfully',
  'success.tokenCopied': 'Token copied',

  'action.switchOrganization': 'Switch Organization',

  'http.timeout': 'The request timed out. Check your network and try again.',
  'http.offline': 'You are offline. Check your network connection.',
  'http.malformed': 'The server sent a response that could not be read',
  'http.aborted': 'The request was canceled',
  'http.network': 'Could not reach the server. Please try again later.',
  'http.failed': 'The request failed (status {status})',

  'flavour.standard': 'Yunxiao',
  'flavour.dedicated': 'Yunxiao Dedicated',
  'flavour.dedicated-intl': 'Yunxiao Dedicated (International)',
  'flavour.global': 'Yunxiao Global',
  'flavour.cloud-provider': 'Yunxiao (Cloud Marketplace)',

  'date.justNow': 'just now',
  'date.minuteAgo': '{n} minute ago',
  'date.minutesAgo': '{n} minutes ago',
  'date.hourAgo': '{n} hour ago',
  'date.hoursAgo': '{n} hours ago',
  'date.dayAgo': '{n} day ago',
  'date.daysAgo': '{n} days ago',
  'date.monthAgo': '{n} month ago',
  'date.monthsAgo': '{n} months ago',
  'date.yearAgo': '{n} year ago',
  'date.yearsAgo': '{n} years ago',
  'date.soon': 'in a few seconds',
  'date.inMinute': 'in {n} minute',
  'date.inMinutes': 'in {n} minutes',
  'date.inHour': 'in {n} hour',
  'date.inHours': 'in {n} hours',
  'date.inDay': 'in {n} day',
  'date.inDays': 'in {n} days',
  'date.inMonth': 'in {n} month',
  'date.inMonths': 'in {n} months',
  'date.inYear': 'in {n} year',
  'date.inYears': 'in {n} years',
};

// A pure call rather than a plain literal: the element bundles load only `commonEn` from this
// module, and rollup keeps a top-level object spread for the getters it might run.
/** English (US) catalogue: every key of zh_CN.ts, no more and no fewer. */
export const en_US: Record<MessageKey, string> = /* @__PURE__ */ (() => ({
  ...uiEn,
  ...tokensEn,
  ...tokenFormsEn,
  ...sshKeysEn,
  ...packagesEn,
  ...identitiesEn,
  ...profileEn,
  ...emailEn,
  ...passwordEn,
  ...notificationsEn,
  ...loginEn,
  ...loginStepsEn,
  ...settingsEn,
  ...orgsEn,
  ...commonEn,
  ...pageEn,
  ...validationEn,
  ...errorsEn,
}))();
