/**
 * Server error codes of the organization calls → message keys, in one place. A failed switch
 * says 'Failed to switch the organization' and why: our words for the codes we know (IP not
 * allowed, order expired, a RAM user without access), the server's message otherwise.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';
import type { FlavourConfig } from '../../core/flavours';

const SWITCH_CODES: Record<string, MessageKey | 'ram-user'> = {
  ip_restricted: 'error.ipRestricted',
  order_expired: 'error.orderExpired',
  ram_user_forbidden: 'ram-user',
};

/** Why switching failed, in the user's words. */
export function switchFailureReason(error: HttpError, t: Translate, flavour: FlavourConfig): string {
  const known = SWITCH_CODES[error.code];
  if (known === 'ram-user') return t(flavour.ramUserMessageKey);
  return known ? t(known) : error.message;
}

/** 'Failed to switch the organization: <reason>'. */
export function describeSwitchFailure(error: HttpError, t: Translate, flavour: FlavourConfig): string {
  return t('orgs.failure', {
    message: t('error.organizationSwitchFailed'),
    reason: switchFailureReason(error, t, flavour),
  });
}

/** '<App> could not be opened: <reason>'. */
export function describeOpenFailure(error: HttpError | 'bad-url', app: string, t: Translate): string {
  const reason = error === 'bad-url' ? t('orgs.appEntry.badUrl') : error.message;
  return t('orgs.failure', { message: t('orgs.appEntry.openFailed', { app }), reason });
}

/** A load that failed with 404: the organization does not exist, or is hidden from this user
 * (the server answers both alike). Trying again cannot help, so no Retry is offered. */
export const isNotFound = (error: HttpError | undefined): boolean => error?.status === 404;
