/**
 * Server error codes of the forgot-password calls → message keys, in one place (§8).
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';
import { isAlreadySent, retryAfterOf as retryAfterSeconds, retryAfterText } from '../../ui/wait-text';

const CODE_KEYS: Record<string, MessageKey> = {
  account_not_exist: 'error.accountNotExist',
  too_many_requests: 'reset.error.tooMany',
  no_email: 'error.noEmail',
  email_service_not_configured: 'error.emailServiceNotConfigured',
  code_incorrect: 'error.codeIncorrect',
  code_expired: 'login.code.expired',
  code_voided: 'login.code.voided',
  verification_failed: 'error.verificationFailed',
  page_expired: 'error.pageExpired',
};

/** Seconds to wait from a 429's `retry_after`, when the answer names one; and whether a 429 is
 * the resend wait of the code this browser's own reset mailed (that code is in the inbox and still
 * works; any other wait is a refusal). */
export { isAlreadySent, retryAfterSeconds };

/** Whether the verification went stale and the user must verify again (§4, §8). */
export const isPageExpired = (error: HttpError) => error.code === 'page_expired';

/** The message for a failed call of the flow: ours for a known code, else the client's. */
export function describeResetError(error: HttpError, t: Translate): string {
  const seconds = retryAfterSeconds(error);
  if (seconds !== undefined) return retryAfterText(seconds, t);
  if (error.status === 404 && error.url.endsWith('/check')) return t('error.accountNotExist');
  const key = CODE_KEYS[error.code];
  return key ? t(key) : error.message;
}
