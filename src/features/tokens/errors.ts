/**
 * Server error codes of the token calls → message keys, in one place (CONVENTIONS: Clerk's
 * `case 'token_quota_exceeded'`). A failure becomes the §8 message plus the server's reason, and
 * a 400 that names a field puts its message on that field.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';

/** The form fields a server error can point at (the request body's names). */
export const TOKEN_FIELDS = ['name', 'description', 'expires_at', 'token_scopes'] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];

export type TokenOperation = 'create' | 'modify' | 'delete';

const OPERATION_KEYS: Record<TokenOperation, MessageKey> = {
  create: 'error.createFailed',
  modify: 'error.modifyFailed',
  delete: 'error.deleteFailed',
};

/** Codes the token API answers with that have a message of our own. */
const CODE_KEYS: Record<string, MessageKey> = {
  token_expired: 'tokens.error.expired',
  expired: 'tokens.error.expired',
  token_not_found: 'tokens.error.notFound',
  token_name_taken: 'tokens.error.nameTaken',
  name_taken: 'tokens.error.nameTaken',
  scope_not_allowed: 'tokens.error.scopeNotAllowed',
  forbidden_scope: 'tokens.error.scopeNotAllowed',
  token_quota_exceeded: 'tokens.error.quota',
};

export interface TokenFailure {
  /** The whole sentence: 'Creation failed, please retry: <reason>'. */
  message: string;
  /** Why, in the user's words: our message for a known code, else the server's (or client's) message. */
  reason: string;
  /** The field a 400 answer named, with `reason` as its message. */
  field?: TokenField;
}

function reasonKey(error: HttpError, operation: TokenOperation): MessageKey | undefined {
  const known = CODE_KEYS[error.code];
  if (known) return known;
  // §7: updating an expired token is refused with 409, whatever the code says.
  if (operation === 'modify' && error.status === 409) return 'tokens.error.expired';
  if (operation !== 'create' && error.status === 404) return 'tokens.error.notFound';
  return undefined;
}

function namedField(error: HttpError): TokenField | undefined {
  if (error.status !== 400 || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  return TOKEN_FIELDS.find((f) => f === field);
}

/** Describes a failed create / modify / delete for a toast and the form. */
export function describeFailure(error: HttpError, operation: TokenOperation, t: Translate): TokenFailure {
  const key = reasonKey(error, operation);
  const reason = key ? t(key) : error.message;
  const message = t('tokens.form.failure', { message: t(OPERATION_KEYS[operation]), reason });
  const field = namedField(error);
  return field ? { message, reason, field } : { message, reason };
}
