/**
 * Why an activation link failed, from the server's code (§8). Features do not share code, so this
 * small table repeats the email codes that the verify call can answer with; the profile feature
 * keeps its own for the bind / change / resend / unbind calls. `email_already_verified` is not a
 * failure: the link was opened before, and the address it was for is verified.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey } from '../../core/i18n/index';

export type VerifyFailureKind =
  'invalid-link' | 'expired' | 'token-mismatch' | 'activate-mismatch' | 'binding-status' | 'already-bound' | 'other';

export interface VerifyFailure {
  kind: VerifyFailureKind;
  /** Our message for the kind; `other` carries the client's or server's own message instead. */
  key?: MessageKey;
  message?: string;
}

const KINDS: Record<string, { kind: VerifyFailureKind; key: MessageKey }> = {
  email_link_expired: { kind: 'expired', key: 'error.email.linkExpired' },
  email_token_mismatch: { kind: 'token-mismatch', key: 'error.email.tokenMismatch' },
  email_activate_mismatch: { kind: 'activate-mismatch', key: 'error.email.activateMismatch' },
  email_binding_status: { kind: 'binding-status', key: 'error.email.bindingStatus' },
  // Another account verified the address first (an unverified claim reserves nothing).
  email_already_bound: { kind: 'already-bound', key: 'error.email.alreadyBound' },
};

export const INVALID_LINK: VerifyFailure = { kind: 'invalid-link', key: 'emailVerify.error.invalidLink' };

/** Whether the call refused a link that was used before, its address verified then. */
export const isAlreadyVerified = (error: HttpError) => error.code === 'email_already_verified';

/** Maps a failed verify call to what the page says (after {@link isAlreadyVerified}). */
export function describeVerifyFailure(error: HttpError): VerifyFailure {
  const known = KINDS[error.code];
  if (known) return { ...known };
  // A token the server cannot read (bad request) or does not know (not found) is an invalid link.
  if (error.kind === 'http' && (error.status === 400 || error.status === 404)) return INVALID_LINK;
  return { kind: 'other', message: error.message };
}
