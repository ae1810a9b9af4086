/**
 * Server error codes of the login calls → what the form does, in one place (§8, issue 7): most
 * become an inline message; some open the next step (slider, email code, forced change); the
 * LDAP / SSO failures go to the login failure page. Code of its own, fetched once the form is up
 * (store.ts): nothing here is needed before an answer comes.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';
import { minutesText, retryAfterOf, retryAfterText } from '../../ui/wait-text';

/** What a refused login asks the form to do next. */
export type LoginOutcome =
  | { kind: 'message'; message: string }
  | { kind: 'slider' }
  | { kind: 'code'; email: string }
  | { kind: 'forced-change' }
  | { kind: 'failure-page'; reason: string };

/** Inline messages for codes that have one of our own. */
const MESSAGE_KEYS: Record<string, MessageKey> = {
  account_or_password_incorrect: 'error.accountOrPasswordIncorrect',
  account_not_exist: 'error.accountNotExist',
  no_email: 'error.noEmail',
  email_service_not_configured: 'error.emailServiceNotConfigured',
  code_incorrect: 'error.codeIncorrect',
  code_expired: 'login.code.expired',
  code_voided: 'login.code.voided',
  slider_failed: 'error.verificationFailed',
  verification_failed: 'error.verificationFailed',
};

/** LDAP / SSO failures → the `reason` of `<yx-error-page type="login-failure">`. */
export const FAILURE_REASONS: Record<string, string> = {
  bound_account_not_found: 'bound-account-not-found',
  login_type_not_supported: 'type-not-supported',
  account_info_missing: 'account-info-missing',
};

/** 'in 1 hour' / 'in 12 minutes', from the `frozenUntil` of an `account_frozen` answer. */
export function frozenMessage(frozenUntil: unknown, t: Translate, now = Date.now()): string {
  const until =
    typeof frozenUntil === 'number' ? frozenUntil : typeof frozenUntil === 'string' ? Date.parse(frozenUntil) : NaN;
  if (!Number.isFinite(until)) return t('error.accountFrozen');
  return t('login.frozen', { time: minutesText((until - now) / 1000, t) });
}

const field = (error: HttpError, name: string): unknown =>
  error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>)[name] : undefined;

/** Whether a 429 is the resend wait of the code this session (another tab of it) mailed under a
 * minute ago, which still works. */
export { isAlreadySent } from '../../ui/wait-text';

/** Seconds to wait from a 429 `retry_after` (a minute when it names none), or undefined. */
export const retryAfterSeconds = (error: HttpError): number | undefined =>
  error.status === 429 ? (retryAfterOf(error) ?? 60) : undefined;

/** A message for any failed call of the feature: ours for a known code, else the client's. */
export function describeError(error: HttpError, t: Translate): string {
  if (error.code === 'account_frozen') return frozenMessage(field(error, 'frozenUntil'), t);
  const seconds = retryAfterSeconds(error);
  if (seconds !== undefined) return retryAfterText(seconds, t);
  const key = MESSAGE_KEYS[error.code];
  return key ? t(key) : error.message;
}

/** What to do with a refused `POST /users/ajax/login`. */
export function describeLoginError(error: HttpError, t: Translate): LoginOutcome {
  switch (error.code) {
    case 'slider_required':
      return { kind: 'slider' };
    case 'email_verification_required': {
      const email = field(error, 'email');
      return { kind: 'code', email: typeof email === 'string' ? email : '' };
    }
    case 'password_change_required':
      return { kind: 'forced-change' };
  }
  const reason = FAILURE_REASONS[error.code];
  if (reason) return { kind: 'failure-page', reason };
  return { kind: 'message', message: describeError(error, t) };
}
