/**
 * The one date formatter of the UI (§5, §9): fixed formats, relative times with the §9
 * thresholds, and the expiry arithmetic of the token form.
 *
 * On the platform's Date rather than dayjs: the UI needs two fixed formats, English month names
 * and calendar arithmetic, which dayjs did for ~3 KB gzip on every page with a date. Parsing,
 * month differences and month arithmetic below follow dayjs's own rules, so every date reads
 * and counts as it did.
 */
import type { Locale } from './settings';
import { createTranslator } from './i18n/index';
import type { MessageKey, Translate } from './i18n/index';

/** Anything a date can come from; empty values format as a dash. */
export type DateInput = string | number | Date | null | undefined;

const DASH = '-';

/** Whether a string that starts with a calendar day names a real one: the Date constructor (and
 * dayjs) would roll '2026-02-30' over to March 2 and show a day nobody chose. */
function isRealDay(value: string): boolean {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?!\d)/.exec(value.trim());
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  return month >= 1 && month <= 12 && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** A local date-time without a zone ('2026-03-04', '2026-03-04 10:00:00', '20260304T1000'),
 * read in local time as dayjs reads it; anything else goes to the Date constructor. */
const LOCAL = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** The instant a string names (NaN when it names none), remembered by its text: a list formats
 * the same few dates of each row several times over (a day, a relative time, an expiry check),
 * and reading each once keeps a table's first render light. Bounded, for long-lived pages. */
const stringTimes = new Map<string, number>();
const STRING_TIMES_MAX = 1000;

function timeOfString(value: string): number {
  let time = stringTimes.get(value);
  if (time !== undefined) return time;
  if (!isRealDay(value)) time = Number.NaN;
  else {
    const m = /Z$/i.test(value) ? null : LOCAL.exec(value);
    time = m
      ? new Date(
          +m[1]!,
          +m[2]! - 1 || 0,
          m[3] ? +m[3] : 1,
          +m[4]! || 0,
          +m[5]! || 0,
          +m[6]! || 0,
          +(m[7] ?? '0').slice(0, 3),
        ).getTime()
      : new Date(value).getTime();
  }
  if (stringTimes.size >= STRING_TIMES_MAX) stringTimes.clear();
  stringTimes.set(value, time);
  return time;
}

/** A new Date (callers may change it), or null for empty or invalid input. */
function parse(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const time =
    typeof value === 'string'
      ? timeOfString(value)
      : value instanceof Date
        ? value.getTime()
        : new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const day = (d: Date) => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM-DD' in local time, or '-' for empty or invalid input. The locale is accepted for a
 * uniform call shape; the format is the same in both languages. */
export function formatDate(value: DateInput, _locale?: Locale): string {
  const d = parse(value);
  return d ? day(d) : DASH;
}

/** 'YYYY-MM-DD HH:mm:ss' in local time, or '-'. */
export function formatDateTime(value: DateInput, _locale?: Locale): string {
  const d = parse(value);
  return d ? `${day(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : DASH;
}

/** A long, language-specific date: 'January 2, 2026' / '2026年1月2日', or '-'. */
export function formatLongDate(value: DateInput, locale: Locale = 'zh_CN'): string {
  const d = parse(value);
  if (!d) return DASH;
  const [y, m, date] = [d.getFullYear(), d.getMonth(), d.getDate()];
  return locale === 'zh_CN' ? `${y}年${m + 1}月${date}日` : `${MONTHS[m]} ${date}, ${y}`;
}

/** `months` calendar months after `d`, the day kept or, past the end of the target month, its
 * last day (31 January + 1 month = 28 or 29 February), as dayjs adds months. */
function addMonths(d: Date, months: number): Date {
  const out = new Date(d.getTime());
  out.setDate(1);
  out.setMonth(out.getMonth() + months);
  const last = new Date(out.getFullYear(), out.getMonth() + 1, 0).getDate();
  out.setDate(Math.min(d.getDate(), last));
  return out;
}

/** Months from `from` to `to` (`to` not before `from`): calendar months, plus the fraction of
 * the next month already run (moment's and dayjs's rule). */
function monthsBetween(from: Date, to: Date): number {
  const months = (a: Date, b: Date): number => {
    if (a.getDate() < b.getDate()) return -months(b, a);
    const whole = (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth());
    const anchor = addMonths(a, whole).getTime();
    const before = b.getTime() - anchor < 0;
    const anchor2 = addMonths(a, whole + (before ? -1 : 1)).getTime();
    return -(whole + (b.getTime() - anchor) / (before ? anchor - anchor2 : anchor2 - anchor)) || 0;
  };
  return months(to, from);
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

/** One translator per language (each reads the strings loaded so far at call time). */
const translators: Partial<Record<Locale, Translate>> = {};

/** `value` units rounded, as dayjs's `fromNow` counts (60 days read "2 months", not "1"), but at
 * least 1 and at most `max`: the §9 thresholds, not the rounding, decide when the next unit
 * starts, so 59 min 50 s stays "59 minutes". */
const count = (value: number, max = Infinity) => Math.min(max, Math.max(1, Math.round(value)));

/** "just now", "5 minutes ago", "in 3 days"… Thresholds (§9): under 60 s, 60 min, 24 h, 30 days
 * and 12 months the next larger unit is not used yet; the count within a unit is rounded.
 * @param now - the reference time. @default Date.now()
 * @example relativeTime('2026-01-01T00:00:00Z', '2026-01-01T02:30:00Z', 'en_US') // '2 hours ago' */
export function relativeTime(value: DateInput, now: DateInput = Date.now(), locale: Locale = 'zh_CN'): string {
  const then = parse(value);
  const ref = parse(now);
  if (!then || !ref) return DASH;
  const t = (translators[locale] ??= createTranslator(locale));
  const future = then.getTime() > ref.getTime();
  const [from, to] = future ? [ref, then] : [then, ref];
  const seconds = Math.floor((to.getTime() - from.getTime()) / 1000);
  if (seconds < 60) return t(future ? 'date.soon' : 'date.justNow');
  let unit: Unit;
  let n: number;
  if (seconds < 60 * 60) [unit, n] = ['minute', count(seconds / 60, 59)];
  else if (seconds < 24 * 60 * 60) [unit, n] = ['hour', count(seconds / 3600, 23)];
  else if (seconds < 30 * 24 * 60 * 60) [unit, n] = ['day', count(seconds / 86400, 29)];
  else {
    const months = monthsBetween(from, to);
    [unit, n] = months < 12 ? ['month', count(months, 11)] : ['year', count(months / 12)];
  }
  const [one, many] = (future ? FUTURE : PAST)[unit];
  return t(n === 1 ? one : many, { n });
}

/** The `expires_at` sent for a chosen day (§5): the end of that day in local time minus 2 seconds,
 * as an ISO string. Throws a RangeError for anything but a real 'YYYY-MM-DD' day.
 * @example endOfDayMinus2s('2026-03-01') // '2026-03-01T15:59:57.999Z' in UTC+8 */
export function endOfDayMinus2s(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  if (!m || !d || day(d) !== date) throw new RangeError(`Not a YYYY-MM-DD day: "${date}"`);
  d.setHours(23, 59, 59, 999);
  return new Date(d.getTime() - 2000).toISOString();
}

/** A new Date `days` calendar days after (or before, if negative) the given one. */
export function addDays(value: Date | string | number, days: number): Date {
  // Calendar days (setDate), so a daylight-saving change does not shift the time of day.
  const d = parse(value) ?? new Date(Number.NaN);
  d.setDate(d.getDate() + Math.round(days));
  return d;
}

/** Whether the instant has passed. Empty or invalid input is not past.
 * @param now - the reference time. @default new Date() */
export function isPast(value: DateInput, now: DateInput = new Date()): boolean {
  const d = parse(value);
  const ref = parse(now);
  return Boolean(d && ref && d.getTime() < ref.getTime());
}

/** Preset token lifetimes in days (§5). */
export const EXPIRY_PRESETS = [7, 30, 60, 90] as const;

/** The 'YYYY-MM-DD' day a preset lands on, counted from `now`. */
export function presetExpiryDay(days: number, now: Date = new Date()): string {
  return formatDate(addDays(now, days));
}
