/**
 * Every error page of §2 and §8, as data: what it says and which ways out it offers.
 */
import type { MessageKey } from '../../core/i18n/index';

/** What a user can do from an error page. */
/** `retry` reloads like `reload`, under the name §8 gives the system error's button. */
export type ErrorAction = 'home' | 'reload' | 'retry' | 'switch-organization' | 'sign-in-again' | 'ram-user';

export interface ErrorPageSpec {
  /** Shown large above the title (an HTTP-like code), when there is one. */
  code?: string;
  titleKey: MessageKey;
  hintKey?: MessageKey;
  actions: readonly ErrorAction[];
}

export const ERROR_TYPES = {
  'bad-parameter': {
    code: '400',
    titleKey: 'error.badParameter',
    hintKey: 'page.errors.hint.badParameter',
    actions: ['home'],
  },
  'no-permission': {
    code: '403',
    titleKey: 'error.noPermission',
    hintKey: 'page.errors.hint.noPermission',
    actions: ['home'],
  },
  // The allowlist is one organization's: a member of several can go on in another.
  'ip-restricted': {
    code: '403',
    titleKey: 'error.ipRestricted',
    hintKey: 'page.errors.hint.ipRestricted',
    actions: ['switch-organization', 'reload'],
  },
  'other-organization': {
    titleKey: 'error.otherOrganization',
    hintKey: 'page.errors.hint.otherOrganization',
    actions: ['switch-organization', 'home'],
  },
  'organization-inaccessible': {
    titleKey: 'error.organizationInaccessible',
    hintKey: 'page.errors.hint.organizationInaccessible',
    actions: ['switch-organization'],
  },
  'no-organization': {
    titleKey: 'error.noOrganization',
    hintKey: 'page.errors.hint.noOrganization',
    actions: ['sign-in-again'],
  },
  'order-expired': {
    titleKey: 'error.orderExpired',
    hintKey: 'page.errors.hint.orderExpired',
    actions: ['switch-organization'],
  },
  'not-found': { code: '404', titleKey: 'error.notFound', hintKey: 'page.errors.hint.notFound', actions: ['home'] },
  'server-error': {
    code: '500',
    titleKey: 'error.serverError',
    hintKey: 'page.errors.hint.serverError',
    actions: ['reload', 'home'],
  },
  'resource-not-in-organization': {
    titleKey: 'error.resourceNotInOrganization',
    hintKey: 'page.errors.hint.resourceNotInOrganization',
    actions: ['switch-organization', 'home'],
  },
  generic: { titleKey: 'error.pageException', hintKey: 'error.pageExceptionHint', actions: ['reload'] },
  system: { titleKey: 'error.systemAbnormal', actions: ['retry'] },
  'chunk-load': { titleKey: 'error.chunkLoad', actions: ['reload'] },
  'login-failure': {
    titleKey: 'error.login.failed',
    hintKey: 'page.errors.hint.loginFailure',
    actions: ['sign-in-again'],
  },
  'ram-user': { code: '403', titleKey: 'error.ramUser.default', actions: ['ram-user'] },
} as const satisfies Record<string, ErrorPageSpec>;

export type ErrorType = keyof typeof ERROR_TYPES;
export const ERROR_TYPE_NAMES = Object.keys(ERROR_TYPES) as ErrorType[];

/** The details a login failure page can name (§8); anything else shows the plain failure. */
export const LOGIN_FAILURE_REASONS = {
  'type-not-supported': 'error.login.typeNotSupported',
  'bound-account-not-found': 'error.login.boundAccountNotFound',
  'account-info-missing': 'error.login.accountInfoMissing',
  // The reference server's limit on starting a single sign-on from one address (docs/server.md).
  'too-many-requests': 'error.login.tooManyRequests',
} as const satisfies Record<string, MessageKey>;

export type LoginFailureReason = keyof typeof LOGIN_FAILURE_REASONS;
