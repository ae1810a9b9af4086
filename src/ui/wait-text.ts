/**
 * A wait in words, for the waits of the email code flows (a 429's `retry_after`, a resend
 * countdown, a frozen account). The strings are the login part's, which every screen with a code
 * field loads.
 */
import type { HttpError } from '../core/http';
import type { Translate } from '../core/i18n/index';

/** '1 minute', '12 minutes', and '1 hour' from 60 minutes on (the longest wait the server asks
 * for); whole minutes, rounded up and at least one, so "0 minutes" is never said while a wait is
 * still running.
 * @example minutesText(3272, t) // '55 minutes' */
export function minutesText(seconds: number, t: Translate): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 60) return t('login.time.hour');
  return minutes === 1 ? t('login.time.minute') : t('login.time.minutes', { n: minutes });
}

/** Whether a wait is long enough to be said in minutes: a minute or less counts down in seconds. */
export const inMinutes = (seconds: number) => seconds > 60;

/** The message of a refusal for asking too often: seconds up to a minute, minutes beyond.
 * @example retryAfterText(3272, t) // 'Too many requests. Try again in 55 minutes.' */
export function retryAfterText(seconds: number, t: Translate): string {
  return inMinutes(seconds)
    ? t('login.code.retryAfterTime', { time: minutesText(seconds, t) })
    : t('login.code.retryAfter', { seconds });
}

const bodyField = (error: HttpError, name: string): unknown =>
  error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>)[name] : undefined;

/** The whole seconds a 429 asks to wait (`retry_after`, or `retryAfter`); undefined for another
 * answer, or a 429 that names none. */
export function retryAfterOf(error: HttpError): number | undefined {
  if (error.status !== 429) return undefined;
  const raw = Number(bodyField(error, 'retry_after') ?? bodyField(error, 'retryAfter'));
  return Number.isFinite(raw) && raw > 0 ? Math.ceil(raw) : undefined;
}

/** Whether a 429 is the resend wait of the code this browser session mailed under a minute ago,
 * which still works: the server says so with `already_sent` (server/login/codes.ts). */
export const isAlreadySent = (error: HttpError): boolean =>
  error.status === 429 && bodyField(error, 'already_sent') === true;
