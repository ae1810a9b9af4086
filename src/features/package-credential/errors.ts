/**
 * Server error codes of the packages credential calls → message keys, in one place. A failure
 * becomes the §8 message plus the reason; a 400 that names the `password` field puts the reason
 * on the field of the "set my own password" form.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';

export type PasswordOperation = 'reset' | 'set';

const OPERATION_KEYS: Record<PasswordOperation, MessageKey> = {
  reset: 'packages.error.resetFailed',
  set: 'packages.error.setFailed',
};

/** Codes with a message of our own. */
const CODES: Record<string, MessageKey> = {
  // An access token may read the username but never mint a password (server: browser only).
  session_required: 'packages.error.browserOnly',
};

export interface PasswordFailure {
  /** The whole sentence: 'Reset failed, please retry: <reason>'. */
  message: string;
  /** Why, in the user's words: our message for a known code, else the server's (or client's). */
  reason: string;
  /** The answer was about the password the user typed: show `reason` on that field. */
  field?: 'password';
}

/** Describes a failed reset or set for a toast and the form. */
export function describeFailure(error: HttpError, operation: PasswordOperation, t: Translate): PasswordFailure {
  const known = CODES[error.code];
  const reason = known ? t(known) : error.message;
  const message = t('packages.failure', { message: t(OPERATION_KEYS[operation]), reason });
  const body = error.body as { field?: unknown } | undefined;
  const onField = operation === 'set' && error.status === 400 && body?.field === 'password';
  return onField ? { message, reason, field: 'password' } : { message, reason };
}
