/**
 * A wait in words, for the waits of the email code flows (a 429's `retry_after`, a resend
 * countdown, a frozen account). The strings are the login part's, which every screen with a code
 * field loads.
 */
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
