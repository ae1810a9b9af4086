/**
 * Server error codes of the SSH key calls → message keys, in one place. A fault (5xx, no answer)
 * becomes the §8 message plus the reason; a refusal (4xx) is the reason alone, since "please
 * retry" would be wrong advice for it. A 400 that names a field puts its message on that field,
 * and the key-specific codes land on the key field even when the answer names none.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';

/** The form fields a server error can point at (the request body's names). */
export const SSH_KEY_FIELDS = ['title', 'key', 'scope', 'expires_at'] as const;
export type SshKeyField = (typeof SSH_KEY_FIELDS)[number];

export type SshKeyOperation = 'create' | 'modify' | 'delete';

const OPERATION_KEYS: Record<SshKeyOperation, MessageKey> = {
  create: 'error.createFailed',
  modify: 'error.modifyFailed',
  delete: 'error.deleteFailed',
};

/** Codes with a message of our own, and the field each one is about. */
const CODES: Record<string, { key: MessageKey; field?: SshKeyField }> = {
  ssh_key_private: { key: 'ssh.error.private', field: 'key' },
  ssh_key_type: { key: 'ssh.error.type', field: 'key' },
  ssh_key_rsa_too_short: { key: 'ssh.error.rsaTooShort', field: 'key' },
  ssh_key_invalid: { key: 'ssh.error.invalid', field: 'key' },
  ssh_key_too_long: { key: 'ssh.error.tooLong', field: 'key' },
  ssh_key_duplicate: { key: 'ssh.error.duplicate', field: 'key' },
  ssh_key_not_found: { key: 'ssh.error.notFound' },
};

export interface SshKeyFailure {
  /** The whole sentence: 'Creation failed, please retry: <reason>' for a fault, the reason alone
   * for a refusal. */
  message: string;
  /** Why, in the user's words: our message for a known code, else the server's (or client's). */
  reason: string;
  /** The field the failure is about, with `reason` as its message. */
  field?: SshKeyField;
}

function namedField(error: HttpError): SshKeyField | undefined {
  if (error.status !== 400 || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  return SSH_KEY_FIELDS.find((f) => f === field);
}

/** Answers where trying the same request again may work: a timeout or a rate limit. */
const RETRYABLE_STATUSES = new Set([408, 429]);

/** Whether the server refused the request for a reason that retrying does not change (a 4xx such
 * as the duplicate key's 409 or a validation 400), as opposed to a fault (5xx, network, timeout). */
function isRefusal(error: HttpError): boolean {
  return error.kind === 'http' && !RETRYABLE_STATUSES.has(error.status);
}

/** Describes a failed create / modify / delete for a toast and the form. */
export function describeFailure(error: HttpError, operation: SshKeyOperation, t: Translate): SshKeyFailure {
  const known =
    CODES[error.code] ?? (operation !== 'create' && error.status === 404 ? CODES.ssh_key_not_found : undefined);
  const reason = known ? t(known.key) : error.message;
  const message = isRefusal(error) ? reason : t('ssh.failure', { message: t(OPERATION_KEYS[operation]), reason });
  const field = namedField(error) ?? known?.field;
  return field ? { message, reason, field } : { message, reason };
}
