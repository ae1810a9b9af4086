/**
 * The errors of the profile issue (§8 email errors, avatar, password), each with its own stable
 * code. Messages shared with the front end use its keys (`error.email.*`); the rest are in
 * server/i18n.ts.
 */
import { AppError } from '../errors';

/** The email resend interval of §9. */
export const EMAIL_RESEND_MS = 60_000;

/** Errors of the email calls (bind, rebind, unbind, verify). */
export const emailErrors = {
  /** 429 with `retry_after` (whole seconds) in the body. */
  tooFrequent: (retryAfterSeconds: number) =>
    new AppError('email_too_frequent', 429, 'error.email.tooFrequent', undefined, { retry_after: retryAfterSeconds }),
  /** Another account has verified this address. */
  alreadyBound: () =>
    new AppError('email_already_bound', 409, 'error.email.alreadyBound', undefined, { field: 'email' }),
  /** The call does not fit the account's state: bind with an address already there, rebind or
   * unbind without one, resend for a verified address, unbind of another address. */
  bindingStatus: () => new AppError('email_binding_status', 409, 'error.email.bindingStatus'),
  /** The link is for an address the account no longer has. */
  activateMismatch: () => new AppError('email_activate_mismatch', 409, 'error.email.activateMismatch'),
  /** Unknown, malformed or already used link. */
  tokenMismatch: () => new AppError('email_token_mismatch', 400, 'error.email.tokenMismatch'),
  /** A used link whose address is verified: the page can say so kindly. */
  alreadyVerified: () => new AppError('email_already_verified', 409, 'emailVerify.error.alreadyVerified'),
  linkExpired: () => new AppError('email_link_expired', 410, 'error.email.linkExpired'),
  /** The mail server refused or could not be reached; nothing was saved. */
  sendFailed: () => new AppError('email_send_failed', 502, 'error.email.sendActivation'),
  /** No way to send mail at all: no SMTP server and no outbox anyone reads (see mail-service.ts). */
  serviceNotConfigured: () => new AppError('email_service_not_configured', 503, 'error.emailServiceNotConfigured'),
};

/** Errors of avatar upload and choice. */
export const avatarErrors = {
  /** Over 1 MB, whether our check or the app's body limit caught it. */
  tooLarge: () => new AppError('avatar_too_large', 413, 'validation.avatar.size', undefined, { field: 'file' }),
  /** Not a JPEG, PNG or GIF by its bytes (SVG, renamed files, garbage). */
  invalidType: () => new AppError('avatar_invalid_type', 400, 'validation.avatar.type', undefined, { field: 'file' }),
  dimensions: (max: number) =>
    new AppError('avatar_dimensions_too_large', 400, 'server.avatar.dimensions', { max }, { field: 'file' }),
  missing: () => new AppError('invalid_request', 400, 'server.avatar.missing', undefined, { field: 'file' }),
  notIssued: () => new AppError('avatar_not_issued', 400, 'server.avatar.notIssued', undefined, { field: 'avatar' }),
  notFound: () => new AppError('not_found', 404, 'server.avatar.notFound'),
};

/** Errors of the password change. */
export const passwordErrors = {
  /** §8 'check current password'. */
  incorrect: () =>
    new AppError('password_incorrect', 400, 'error.passwordChangeFailed', undefined, { field: 'old_password' }),
  sameAsOld: () =>
    new AppError('password_same_as_old', 400, 'validation.password.sameAsOld', undefined, { field: 'new_password' }),
};
