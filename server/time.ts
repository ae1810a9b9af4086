/**
 * The one way mails and message-centre notices write a moment: to the minute, in the time zone
 * readers of the language expect. Chinese text is read in China, so it gives China Standard Time
 * and says so; English text may be read anywhere, so it gives UTC and says so. The zone is named
 * in the text either way: a bare time in a security notice must not be open to guessing.
 */
import type { Locale } from '../src/core/settings';
import { serverTranslator } from './i18n';

/** The time zone each language's text is written in. */
export const NOTICE_TIME_ZONES: Record<Locale, string> = { zh_CN: 'Asia/Shanghai', en_US: 'UTC' };

/** `2026-11-24 21:22` in `timeZone`: the parts by name, so no locale's order or separators leak in. */
function wallClock(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * A moment as a mail or notice in `locale` writes it.
 * @example noticeTime(new Date('2026-11-24T13:22:00Z'), 'zh_CN') // '2026-11-24 21:22（北京时间）'
 * @example noticeTime(new Date('2026-11-24T13:22:00Z'), 'en_US') // '2026-11-24 13:22 UTC'
 */
export function noticeTime(at: Date, locale: Locale): string {
  return serverTranslator(locale)('server.time', { time: wallClock(at, NOTICE_TIME_ZONES[locale]) });
}
