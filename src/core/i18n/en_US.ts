import type { MessageKey } from './index';
import type { commonZh } from './zh_CN';
import { uiEn } from './ui';
import { tokensEn } from './tokens';
import { sshKeysEn } from './ssh';
import { packagesEn } from './packages';
import { identitiesEn } from './identities';
import { profileEn } from './profile';
import { notificationsEn } from './notifications';
import { loginEn } from './login';
import { settingsEn } from './settings';
import { orgsEn } from './orgs';
import { pageEn } from './page';
import { validationEn } from './validation';

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
  'error.systemWithRequestId': 'System exception, please try again (request id: {requestId})',
  'error.createFailed': 'Creation failed, please retry',
  'error.modifyFailed': 'Modification failed, please retry',
  'error.deleteFailed': 'Deletion failed, please retry',
  'error.systemAbnormal': 'The system is abnormal, please try again',
  'error.accountOrPasswordIncorrect': 'The account or password is incorrect',
  'error.codeIncorrect': 'The verification code is incorrect. Please obtain another one.',
  'error.verificationFailed': 'Verification failed',
  'error.accountNotExist': 'The account does not exist',
  'error.accountFrozen': 'Too many incorrect passwords. The account is frozen for 1 hour.',
  'error.securityRisk': 'Your account has security risks. Please verify it by email first.',
  'error.noEmail': 'No email is bound to this account, so a verification code cannot be sent',
  'error.emailServiceNotConfigured': 'The email service is not configured. Contact your organization administrator.',
  'error.email.tooFrequent': 'Too many requests. Please try again after one minute.',
  'error.email.alreadyBound': 'This email address is already bound',
  'error.email.bindingStatus': 'The email binding status is incorrect',
  'error.email.activateMismatch': 'The email to activate does not match your current email',
  'error.email.tokenMismatch': 'The activation token does not match',
  'error.email.linkExpired': 'The activation link has expired. Reactivate it in Personal Settings.',
  'error.email.sendActivation': 'An error occurred while sending the activation email',
  'error.email.addFailed': 'Failed to add the email address',
  'error.email.modifyFailed': 'Failed to change the email address',
  'error.email.unbindFailed': 'Failed to unbind the email address',
  'error.email.sendFailed': 'Failed to send the email',
  'error.login.failed': 'Login failed',
  'error.login.typeNotSupported': 'Login failed: this login type is not supported',
  'error.login.boundAccountNotFound': 'Login failed: no bound account was found',
  'error.login.accountInfoMissing': 'Login failed: the login account information could not be obtained',
  'error.otherOrganization': 'This link belongs to another organization',
  'error.organizationInaccessible': 'The organization is inaccessible',
  'error.noOrganization': 'You are not a member of any organization',
  'error.orderExpired': "The organization's order or service has expired",
  'error.ipRestricted': 'Access from your IP address is restricted',
  'error.badParameter': 'Parameter error',
  'error.noPermission': 'You do not have permission to access this page',
  'error.notFound': 'Page not found',
  'error.serverError': 'The server encountered an error (500)',
  'error.resourceNotInOrganization': 'This resource does not belong to the current organization',
  'error.markReadFailed': 'Failed to mark as read',
  'error.clearReadFailed': 'Failed to clear read messages',
  'error.avatarChangeFailed': 'Failed to change the avatar',
  'error.passwordChangeFailed': 'Failed to change the password. Check your current password.',
  'error.resetFailed': 'Reset failed',
  'error.languageSwitchFailed': 'Failed to switch the language',
  'error.organizationSwitchFailed': 'Failed to switch the organization',
  'error.pageExpired': 'The page has expired. Please verify again.',
  'error.chunkLoad': 'Part of the page failed to load. Check your network and reload.',
  'error.chunkTimeout': 'Loading module "{name}" timed out after {seconds} seconds',
  'error.render': 'Oops! Something went wrong.',
  'error.pageException': 'The page you visited has an exception',
  'error.pageExceptionHint': 'Reload the page and try again',
  'error.ramUser.default': 'Only RAM users of the cloud account that purchased this organization can access it',
  'error.ramUser.global':
    "Only RAM users of the organization purchaser's cloud account are supported. The current RAM user has no data access permission. Please switch account.",

  'success.created': 'Created successfully',
  'success.modified': 'Modified successfully',
  'success.deleted': 'Deleted successfully',
  'success.tokenCopied': 'Token copied',

  'action.switchOrganization': 'Switch Organization',

  'http.timeout': 'The request timed out. Check your network and try again.',
  'http.offline': 'You are offline. Check your network connection.',
  'http.malformed': 'The server sent a response that could not be read',
  'http.aborted': 'The request was cancelled',
  'http.network': 'Could not reach the server. Please try again later.',
  'http.failed': 'The request failed (status {status})',

  'flavour.standard': 'Yunxiao',
  'flavour.dedicated': 'Yunxiao Dedicated',
  'flavour.dedicated-intl': 'Yunxiao Dedicated (International)',
  'flavour.global': 'Yunxiao Global',
  'flavour.cloud-provider': 'Yunxiao (Cloud Marketplace)',

  'date.empty': '-',
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
  ...sshKeysEn,
  ...packagesEn,
  ...identitiesEn,
  ...profileEn,
  ...notificationsEn,
  ...loginEn,
  ...settingsEn,
  ...orgsEn,
  ...commonEn,
  ...pageEn,
  ...validationEn,
}))();
