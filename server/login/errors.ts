/**
 * The errors of sign-in and password recovery (§8, issue 7), each with the stable code the
 * `<yx-login>` and `<yx-password-reset>` elements switch on (src/features/{login,password-reset}/errors.ts).
 */
import { AppError } from '../errors';

/** Sign-in and recovery errors. */
export const loginErrors = {
  incorrect: () => new AppError('account_or_password_incorrect', 401, 'error.accountOrPasswordIncorrect'),
  frozen: (until: Date) =>
    new AppError('account_frozen', 423, 'error.accountFrozen', undefined, { frozenUntil: until.toISOString() }),
  /** 3 wrong passwords in a row: the next attempt needs a slider token. */
  sliderRequired: () => new AppError('slider_required', 403, 'page.login.slider'),
  /** The trail did not look like a completed drag, or the challenge is unknown, used or expired. */
  sliderFailed: () => new AppError('slider_failed', 400, 'error.verificationFailed'),
  /** The risk check: a code was mailed to `email` (masked). */
  emailVerificationRequired: (email: string) =>
    new AppError('email_verification_required', 403, 'error.securityRisk', undefined, { email }),
  passwordChangeRequired: () => new AppError('password_change_required', 403, 'page.login.changePasswordHint'),
  noEmail: () => new AppError('no_email', 403, 'error.noEmail'),
  codeIncorrect: () => new AppError('code_incorrect', 400, 'error.codeIncorrect', undefined, { field: 'code' }),
  codeExpired: () => new AppError('code_expired', 400, 'login.code.expired', undefined, { field: 'code' }),
  codeVoided: () => new AppError('code_voided', 400, 'login.code.voided', undefined, { field: 'code' }),
  /** 429 with `retry_after` (whole seconds): a code resend within the minute, or too many checks.
   * `alreadySent` adds `already_sent: true`: the wait is for the code this browser's own flow
   * mailed, which still works (login/codes.ts `sendCode`); any other wait is told without it. */
  tooMany: (retryAfterSeconds: number, alreadySent = false) =>
    new AppError(
      'too_many_requests',
      429,
      'login.code.retryAfter',
      { seconds: retryAfterSeconds },
      {
        retry_after: retryAfterSeconds,
        ...(alreadySent ? { already_sent: true } : {}),
      },
    ),
  accountNotExist: () => new AppError('account_not_exist', 404, 'error.accountNotExist'),
  /** A step of a flow this browser session has not reached (or whose verification went stale). */
  pageExpired: () => new AppError('page_expired', 403, 'error.pageExpired'),
  /** LDAP / SSO: the directory or provider account maps to no local account. */
  boundAccountNotFound: () => new AppError('bound_account_not_found', 403, 'error.login.boundAccountNotFound'),
  typeNotSupported: () => new AppError('login_type_not_supported', 400, 'error.login.typeNotSupported'),
  accountInfoMissing: () => new AppError('account_info_missing', 403, 'error.login.accountInfoMissing'),
  /** The directory could not be reached. */
  directoryUnavailable: () => new AppError('ldap_unavailable', 503, 'server.unavailable'),
};
