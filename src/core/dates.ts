/**
 * The one date formatter of the UI (§5, §9): fixed formats, relative times with the §9
 * thresholds, and the expiry arithmetic of the token form. No dayjs plugins.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Locale } from './settings';
import { createTranslator } from './i18n/index';
import type { MessageKey } from './i18n/index';

/** Anything a date can come from; empty values format as a dash. */
export type DateInput = string | number | Date | null | undefined;

const DASH = '-';

/** Whether a string that starts with a calendar day names a real one: dayjs (and V8 for some
 * forms) would roll '2026-02-30' over to March 2 and show a day nobody chose. */
function isRealDay(value: string): boolean {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)/.exec(value.trim());
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  return month >= 1 && month <= 12 && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

function parse(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && !isRealDay(value)) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** 'YYYY-MM-DD' in local time, or '-' for empty or invalid input. The locale is accepted for a
 * uniform call shape; the format is the same in both languages. */
export function formatDate(value: DateInput, _locale?: Locale): string {
  return parse(value)?.format('YYYY-MM-DD') ?? DASH;
}

/** 'YYYY-MM-DD HH:mm:ss' in local time, or '-'. */
export function formatDateTime(value: DateInput, _locale?: Locale): string {
  return parse(value)?.format('YYYY-MM-DD HH:mm:ss') ?? DASH;
}

/** A long, language-specific date: 'January 2, 2026' / '2026年1月2日', or '-'. */
export function formatLongDate(value: DateInput, locale: Locale = 'zh_CN'): string {
  const d = parse(value);
  if (!d) return DASH;
  return locale === 'zh_CN' ? d.locale('zh-cn').format('YYYY年M月D日') : d.locale('en').format('MMMM D, YYYY');
}

type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year';
const PAST: Record<Unit, [MessageKey, MessageKey]> = {
  minute: ['date.minuteAgo', 'date.minutesAgo'],
  hour: ['date.hourAgo', 'date.hoursAgo'],
  day: ['date.dayAgo', 'date.daysAgo'],
  month: ['date.monthAgo', 'date.monthsAgo'],
  year: ['date.yearAgo', 'date.yearsAgo'],
};
const FUTURE: Record<Unit, [MessageKey, MessageKey]> = {
  minute: ['date.inMinute', 'date.inMinutes'],
  hour: ['date.inHour', 'date.inHours'],
  day: ['date.inDay', 'date.inDays'],
  month: ['date.inMonth', 'date.inMonths'],
  year: ['date.inYear', 'date.inYears'],
};

/** "just now", "5 minutes ago", "in 3 days"… Thresholds (§9): under 60 s, 60 min, 24 h, 30 days
 * and 12 months the next larger unit is not used yet.
 * @param now - the reference time. @default Date.now()
 * @example relativeTime('2026-01-01T00:00:00Z', '2026-01-01T02:30:00Z', 'en_US') // '2 hours ago' */
export function relativeTime(value: DateInput, now: DateInput = Date.now(), locale: Locale = 'zh_CN'): string {
  const then = parse(value);
  const ref = parse(now);
  if (!then || !ref) return DASH;
  const t = createTranslator(locale);
  const future = then.isAfter(ref);
  const [from, to] = future ? [ref, then] : [then, ref];
  const seconds = to.diff(from, 'second');
  if (seconds < 60) return t(future ? 'date.soon' : 'date.justNow');
  let unit: Unit;
  let n: number;
  if (seconds < 60 * 60) [unit, n] = ['minute', Math.floor(seconds / 60)];
  else if (seconds < 24 * 60 * 60) [unit, n] = ['hour', Math.floor(seconds / 3600)];
  else if (seconds < 30 * 24 * 60 * 60) [unit, n] = ['day', Math.floor(seconds / 86400)];
  else {
    const months = Math.max(1, to.diff(from, 'month'));
    if (months < 12) [unit, n] = ['month', months];
    else [unit, n] = ['year', Math.max(1, to.diff(from, 'year'))];
  }
  const [one, many] = (future ? FUTURE : PAST)[unit];
  return t(n === 1 ? one : many, { n });
}

/** The `expires_at` sent for a chosen day (§5): the end of that day in local time minus 2 seconds,
 * as an ISO string. Throws a RangeError for anything but a real 'YYYY-MM-DD' day.
 * @example endOfDayMinus2s('2026-03-01') // '2026-03-01T15:59:57.999Z' in UTC+8 */
export function endOfDayMinus2s(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const d = m ? dayjs(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.format('YYYY-MM-DD') !== date) throw new RangeError(`Not a YYYY-MM-DD day: "${date}"`);
  return d.endOf('day').subtract(2, 'second').toISOString();
}

/** A new Date `days` calendar days after (or before, if negative) the given one. */
export function addDays(value: Date | string | number, days: number): Date {
  return dayjs(value).add(days, 'day').toDate();
}

/** Whether the instant has passed. Empty or invalid input is not past.
 * @param now - the reference time. @default new Date() */
export function isPast(value: DateInput, now: DateInput = new Date()): boolean {
  const d = parse(value);
  const ref = parse(now);
  return Boolean(d && ref && d.isBefore(ref));
}

/** Preset token lifetimes in days (§5). */
export const EXPIRY_PRESETS = [7, 30, 60, 90] as const;

/** The 'YYYY-MM-DD' day a preset lands on, counted from `now`. */
export function presetExpiryDay(days: number, now: Date = new Date()): string {
  return formatDate(addDays(now, days));
}
