/**
 * Server error codes of the profile calls → message keys, in one place (CONVENTIONS). A failure
 * becomes the §8 message plus the reason ('Failed to add the email address: This email address is
 * already bound'), a 400 that names a field puts its reason on that field, and a 429 says when
 * the next email may be sent. Loaded on demand (./failures), with the code that shows a failure.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';
import { EMAIL_RESEND_SECONDS } from './store';

export type EmailOperation = 'bind' | 'change' | 'resend' | 'unbind';

const EMAIL_OPERATION_KEYS: Record<EmailOperation, MessageKey> = {
  bind: 'error.email.addFailed',
  change: 'error.email.modifyFailed',
  resend: 'error.email.sendFailed',
  unbind: 'error.email.unbindFailed',
};

/** Codes of the email calls (§8), each with its own message. */
export const EMAIL_CODE_KEYS: Record<string, MessageKey> = {
  email_too_frequent: 'error.email.tooFrequent',
  email_already_bound: 'error.email.alreadyBound',
  email_binding_status: 'error.email.bindingStatus',
  email_activate_mismatch: 'error.email.activateMismatch',
  email_token_mismatch: 'error.email.tokenMismatch',
  email_link_expired: 'error.email.linkExpired',
  email_send_failed: 'error.email.sendActivation',
  email_service_not_configured: 'error.emailServiceNotConfigured',
};

const PASSWORD_CODE_KEYS: Record<string, MessageKey> = {
  password_incorrect: 'profile.password.incorrect',
  password_same_as_old: 'validation.password.sameAsOld',
};

export interface Failure<F extends string = never> {
  /** The whole sentence, for a toast or a form's alert. */
  message: string;
  /** Why, in the user's words: our message for a known code, else the server's (or client's). */
  reason: string;
  /** The field the answer points at, with `reason` as its message. */
  field?: F;
}

export interface EmailFailure extends Failure<'email'> {
  /** Seconds until another email may be sent (a 429), else undefined. */
  retryAfter?: number;
}

function bodyField(error: HttpError, name: string): unknown {
  return error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>)[name] : undefined;
}

/** A 4xx answer whose body names one of `fields` (`invalid_request`, or e.g. `email_already_bound`). */
function namedField<F extends string>(error: HttpError, fields: readonly F[]): F | undefined {
  if (error.kind !== 'http') return undefined;
  const field = bodyField(error, 'field');
  return fields.find((f) => f === field);
}

const compose = (t: Translate, message: MessageKey, reason: string) =>
  t('profile.failure', { message: t(message), reason });

/** Seconds the server asks us to wait: `retry_after` in the body, else the minute of §9. */
export function retryAfterSeconds(error: HttpError): number | undefined {
  if (error.status !== 429 && error.code !== 'email_too_frequent') return undefined;
  const raw = Number(bodyField(error, 'retry_after'));
  return Number.isFinite(raw) && raw > 0 ? Math.ceil(raw) : EMAIL_RESEND_SECONDS;
}

/** Describes a failed bind / change / resend / unbind. */
export function describeEmailFailure(error: HttpError, operation: EmailOperation, t: Translate): EmailFailure {
  const retryAfter = retryAfterSeconds(error);
  const key = EMAIL_CODE_KEYS[error.code] ?? (retryAfter !== undefined ? 'error.email.tooFrequent' : undefined);
  const reason = key ? t(key) : error.message;
  const failure: EmailFailure = { message: compose(t, EMAIL_OPERATION_KEYS[operation], reason), reason };
  const field = namedField(error, ['email'] as const);
  if (field) failure.field = field;
  if (retryAfter !== undefined) failure.retryAfter = retryAfter;
  return failure;
}

export type PasswordField = 'old_password' | 'new_password';

/** Describes a failed password change; a wrong current password lands on that field (§8). */
export function describePasswordFailure(error: HttpError, t: Translate): Failure<PasswordField> {
  const key = PASSWORD_CODE_KEYS[error.code];
  const reason = key ? t(key) : error.message;
  if (error.code === 'password_incorrect') {
    return { message: t('error.passwordChangeFailed'), reason, field: 'old_password' };
  }
  const failure: Failure<PasswordField> = { message: compose(t, 'profile.password.failed', reason), reason };
  const field =
    error.code === 'password_same_as_old'
      ? 'new_password'
      : namedField(error, ['new_password', 'old_password'] as const);
  if (field) failure.field = field;
  return failure;
}

/** Describes a failed avatar upload or save. */
export function describeAvatarFailure(error: HttpError, t: Translate): Failure {
  return { message: compose(t, 'error.avatarChangeFailed', error.message), reason: error.message };
}

/** Describes a failed language switch. */
export function describeLanguageFailure(error: HttpError, t: Translate): Failure {
  return { message: compose(t, 'error.languageSwitchFailed', error.message), reason: error.message };
}
