/**
 * Error codes of third-party binding → message keys, in one place: the `?error=<code>` the
 * binding flow returns with, and the answers of the unbind call.
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';

/** Codes the binding flow returns to the settings page with. */
const CALLBACK_CODES: Record<string, MessageKey> = {
  identity_bound_elsewhere: 'identities.error.boundElsewhere',
  identity_already_bound: 'identities.error.alreadyBound',
  provider_unavailable: 'identities.error.unavailable',
  provider_denied: 'identities.error.denied',
  provider_unreachable: 'identities.error.unreachable',
  // Too many bindings started in a short time (docs/server.md).
  too_many_requests: 'identities.error.tooMany',
  // The flow was interrupted or tampered with, or the provider's answer did not check out:
  // nothing the user can fix but another try.
  state_mismatch: 'identities.error.tryAgain',
  invalid_callback: 'identities.error.tryAgain',
  token_exchange_failed: 'identities.error.tryAgain',
  id_token_invalid: 'identities.error.tryAgain',
};

/** Whether a `?error=` value looks like one of our codes (and not some other page's parameter). */
export const isErrorCode = (value: string) => /^[a-z][a-z0-9_]{0,63}$/.test(value);

/** 'Binding failed: this account is already bound to another user.' for a returned code; an
 * unknown code reads as "try again". */
export function describeBindError(code: string, t: Translate): string {
  const reason = t(CALLBACK_CODES[code] ?? 'identities.error.tryAgain');
  return t('identities.failure', { message: t('identities.error.bindFailed'), reason });
}

/** 'Unbinding failed, please retry: <reason>' for a failed unbind call (a 404 is not one: the
 * account is unbound already, which is what the user asked for). */
export function describeUnbindError(error: HttpError, t: Translate): string {
  return t('identities.failure', { message: t('identities.error.unbindFailed'), reason: error.message });
}
