import { expect } from '@open-wc/testing';
import {
  EXPIRY_PRESETS,
  addDays,
  endOfDayMinus2s,
  formatDate,
  formatDateTime,
  formatLongDate,
  isPast,
  presetExpiryDay,
  relativeTime,
} from '../../../src/core/dates';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A fixed "now" in local time, so no test depends on the real clock. */
const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;
const later = (ms: number) => NOW + ms;

describe('showing a date', () => {
  it('shows a day as YYYY-MM-DD in local time, whatever the input form', () => {
    expect(formatDate(new Date(2026, 0, 2, 23, 59))).to.equal('2026-01-02');
    expect(formatDate(new Date(2026, 11, 31).getTime())).to.equal('2026-12-31');
    expect(formatDate('2026-03-04')).to.equal('2026-03-04');
    expect(formatDate(new Date(2026, 6, 8, 9).toISOString())).to.equal('2026-07-08');
  });

  it('looks the same in both languages', () => {
    expect(formatDate('2026-03-04', 'en_US')).to.equal('2026-03-04');
    expect(formatDate('2026-03-04', 'zh_CN')).to.equal('2026-03-04');
  });

  it('shows a dash for a missing date', () => {
    expect(formatDate(null)).to.equal('-');
    expect(formatDate(undefined)).to.equal('-');
    expect(formatDate('')).to.equal('-');
  });

  it('shows a dash for a date that cannot be read', () => {
    expect(formatDate('not a date')).to.equal('-');
    expect(formatDate(Number.NaN)).to.equal('-');
    expect(formatDate(new Date('garbage'))).to.equal('-');
  });

  it('shows a dash rather than a different day for an impossible calendar day', () => {
    expect(formatDate('2026-02-30')).to.equal('-');
    expect(formatDate('2026-13-01')).to.equal('-');
    expect(formatDate('2026-04-31T10:00:00')).to.equal('-');
    expect(formatDate('2026-02-30T00:00:00Z')).to.equal('-');
    expect(formatDate('2024-02-29')).to.equal('2024-02-29');
    expect(formatDate('2000-02-29')).to.equal('2000-02-29');
    expect(formatDate('2100-02-29')).to.equal('-');
    expect(formatDate('2026-02-00')).to.equal('-');
    expect(formatDate('2026-06-31')).to.equal('-');
    expect(formatDate('2026-12-31')).to.equal('2026-12-31');
    expect(formatDateTime('2026-02-30 10:00:00')).to.equal('-');
  });

  it('reads a string the same way however often it is shown, and hands out dates of its own', () => {
    const iso = '2026-03-04T05:06:07Z';
    const first = addDays(iso, 1);
    // The first call may have changed the date it was given; the next reading is not affected.
    expect(addDays(iso, 1).getTime()).to.equal(first.getTime());
    expect(formatDateTime(iso)).to.equal(formatDateTime(new Date(Date.UTC(2026, 2, 4, 5, 6, 7))));
    expect(formatDate('2026-02-30')).to.equal('-');
    expect(formatDate('2026-02-30')).to.equal('-');
  });

  it('shows date and time, or a dash', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).to.equal('2026-01-02 03:04:05');
    expect(formatDateTime('')).to.equal('-');
    expect(formatDateTime('nope')).to.equal('-');
  });

  it('shows a long date in each language', () => {
    const d = new Date(2026, 0, 2);
    expect(formatLongDate(d, 'en_US')).to.equal('January 2, 2026');
    expect(formatLongDate(d, 'zh_CN')).to.equal('2026年1月2日');
    expect(formatLongDate(d)).to.equal('2026年1月2日');
    expect(formatLongDate(null, 'en_US')).to.equal('-');
  });
});

describe('showing how long ago something happened', () => {
  describe('in English', () => {
    const rel = (value: number) => relativeTime(value, NOW, 'en_US');

    it('says "just now" under a minute, and "1 minute ago" at exactly 60 s', () => {
      expect(rel(NOW)).to.equal('just now');
      expect(rel(ago(59 * SECOND))).to.equal('just now');
      expect(rel(ago(60 * SECOND))).to.equal('1 minute ago');
    });

    it('counts minutes up to 59, and switches to hours at 60 minutes', () => {
      expect(rel(ago(2 * MINUTE))).to.equal('2 minutes ago');
      expect(rel(ago(59 * MINUTE + 59 * SECOND))).to.equal('59 minutes ago');
      expect(rel(ago(60 * MINUTE))).to.equal('1 hour ago');
    });

    it('counts hours up to 23, and switches to days at 24 hours', () => {
      expect(rel(ago(2 * HOUR))).to.equal('2 hours ago');
      expect(rel(ago(23 * HOUR + 59 * MINUTE))).to.equal('23 hours ago');
      expect(rel(ago(24 * HOUR))).to.equal('1 day ago');
    });

    it('counts days up to 29, and switches to months at 30 days', () => {
      expect(rel(ago(2 * DAY))).to.equal('2 days ago');
      expect(rel(ago(29 * DAY))).to.equal('29 days ago');
      expect(rel(ago(30 * DAY))).to.equal('1 month ago');
    });

    it('counts months up to 11, and switches to years at 12 months', () => {
      expect(relativeTime(new Date(2025, 7, 15, 12), NOW, 'en_US')).to.equal('10 months ago');
      expect(relativeTime(new Date(2025, 6, 15, 12), NOW, 'en_US')).to.equal('11 months ago');
      expect(relativeTime(new Date(2025, 6, 15, 11, 59, 59), NOW, 'en_US')).to.equal('11 months ago');
      expect(relativeTime(new Date(2025, 7, 14, 12), NOW, 'en_US')).to.equal('10 months ago');
      expect(relativeTime(new Date(2025, 5, 15, 12), NOW, 'en_US')).to.equal('1 year ago');
      expect(relativeTime(new Date(2023, 5, 15, 12), NOW, 'en_US')).to.equal('3 years ago');
    });

    it('rounds the count within a unit, so a fresh 60-day token expires "in 2 months"', () => {
      expect(rel(later(60 * DAY))).to.equal('in 2 months');
      expect(rel(later(90 * DAY))).to.equal('in 3 months');
      expect(rel(later(700 * DAY))).to.equal('in 2 years');
      expect(rel(ago(59 * DAY))).to.equal('2 months ago');
      expect(rel(ago(89 * SECOND))).to.equal('1 minute ago');
      expect(rel(ago(90 * SECOND))).to.equal('2 minutes ago');
      expect(rel(ago(36 * HOUR))).to.equal('2 days ago');
      expect(relativeTime(new Date(2025, 6, 15, 12, 0, 1), NOW, 'en_US')).to.equal('11 months ago');
      expect(relativeTime(new Date(2024, 11, 15, 12), NOW, 'en_US')).to.equal('2 years ago');
      expect(relativeTime(new Date(2025, 0, 15, 12), NOW, 'en_US')).to.equal('1 year ago');
    });

    it('never rounds past a threshold of §9, nor down to zero', () => {
      expect(rel(ago(59 * MINUTE + 30 * SECOND))).to.equal('59 minutes ago');
      expect(rel(ago(23 * HOUR + 30 * MINUTE))).to.equal('23 hours ago');
      expect(rel(ago(29 * DAY + 12 * HOUR))).to.equal('29 days ago');
      expect(relativeTime(new Date(2025, 5, 30, 12), NOW, 'en_US')).to.equal('11 months ago');
      expect(relativeTime(new Date(2027, 5, 15, 12), NOW, 'en_US')).to.equal('in 1 year');
      // 30 days are a month whatever the month's length: January has 31, February 28.
      for (const start of [new Date(2026, 0, 1, 12), new Date(2026, 1, 1, 12), new Date(2026, 3, 1, 12)]) {
        expect(relativeTime(start.getTime() + 30 * DAY, start, 'en_US')).to.equal('in 1 month');
        expect(relativeTime(start, start.getTime() + 30 * DAY, 'en_US')).to.equal('1 month ago');
      }
    });

    it('speaks of the future too', () => {
      expect(rel(later(59 * SECOND))).to.equal('in a few seconds');
      expect(rel(later(60 * SECOND))).to.equal('in 1 minute');
      expect(rel(later(59 * MINUTE))).to.equal('in 59 minutes');
      expect(rel(later(60 * MINUTE))).to.equal('in 1 hour');
      expect(rel(later(23 * HOUR))).to.equal('in 23 hours');
      expect(rel(later(24 * HOUR))).to.equal('in 1 day');
      expect(rel(later(29 * DAY))).to.equal('in 29 days');
      expect(rel(later(30 * DAY))).to.equal('in 1 month');
      expect(relativeTime(new Date(2027, 4, 15, 12), NOW, 'en_US')).to.equal('in 11 months');
      expect(relativeTime(new Date(2027, 5, 15, 12), NOW, 'en_US')).to.equal('in 1 year');
      expect(relativeTime(new Date(2028, 5, 15, 12), NOW, 'en_US')).to.equal('in 2 years');
    });
  });

  describe('in Chinese', () => {
    const rel = (value: number) => relativeTime(value, NOW, 'zh_CN');

    it('uses the same thresholds', () => {
      expect(rel(ago(59 * SECOND))).to.equal('刚刚');
      expect(rel(ago(60 * SECOND))).to.equal('1 分钟前');
      expect(rel(ago(59 * MINUTE))).to.equal('59 分钟前');
      expect(rel(ago(60 * MINUTE))).to.equal('1 小时前');
      expect(rel(ago(23 * HOUR))).to.equal('23 小时前');
      expect(rel(ago(24 * HOUR))).to.equal('1 天前');
      expect(rel(ago(29 * DAY))).to.equal('29 天前');
      expect(rel(ago(30 * DAY))).to.equal('1 个月前');
      expect(relativeTime(new Date(2025, 6, 15, 12), NOW, 'zh_CN')).to.equal('11 个月前');
      expect(relativeTime(new Date(2025, 5, 15, 12), NOW, 'zh_CN')).to.equal('1 年前');
    });

    it('speaks of the future too', () => {
      expect(rel(later(30 * SECOND))).to.equal('几秒后');
      expect(rel(later(5 * MINUTE))).to.equal('5 分钟后');
      expect(rel(later(3 * DAY))).to.equal('3 天后');
    });

    it('is the default language', () => {
      expect(relativeTime(ago(2 * HOUR), NOW)).to.equal('2 小时前');
    });
  });

  it('shows a dash when either time is missing or unreadable', () => {
    expect(relativeTime(null, NOW, 'en_US')).to.equal('-');
    expect(relativeTime('', NOW, 'en_US')).to.equal('-');
    expect(relativeTime('garbage', NOW, 'en_US')).to.equal('-');
    expect(relativeTime(NOW, 'garbage', 'en_US')).to.equal('-');
  });

  it('measures against the current time by default', () => {
    expect(relativeTime(Date.now() - 3 * MINUTE, undefined, 'en_US')).to.equal('3 minutes ago');
  });
});

describe('sending the expiry of a chosen day', () => {
  it('sends the end of that local day minus 2 seconds, as ISO', () => {
    expect(endOfDayMinus2s('2026-03-01')).to.equal(new Date(2026, 2, 1, 23, 59, 57, 999).toISOString());
    expect(endOfDayMinus2s('2024-02-29')).to.equal(new Date(2024, 1, 29, 23, 59, 57, 999).toISOString());
    expect(endOfDayMinus2s('2026-12-31')).to.equal(new Date(2026, 11, 31, 23, 59, 57, 999).toISOString());
  });

  it('keeps the sent instant on the chosen day', () => {
    const sent = new Date(endOfDayMinus2s('2026-07-04'));
    expect(formatDate(sent)).to.equal('2026-07-04');
    expect(formatDate(sent.getTime() + 3 * SECOND)).to.equal('2026-07-05');
  });

  for (const bad of [
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-1-5',
    '',
    'tomorrow',
  ]) {
    it(`refuses ${JSON.stringify(bad)} with a RangeError instead of sending another day`, () => {
      expect(() => endOfDayMinus2s(bad)).to.throw(RangeError);
    });
  }
});

describe('picking a preset expiry', () => {
  it('offers 7, 30, 60 and 90 days', () => {
    expect([...EXPIRY_PRESETS]).to.deep.equal([7, 30, 60, 90]);
  });

  it('lands each preset on the right calendar day', () => {
    const now = new Date(2026, 0, 1, 10);
    expect(EXPIRY_PRESETS.map((days) => presetExpiryDay(days, now))).to.deep.equal([
      '2026-01-08',
      '2026-01-31',
      '2026-03-02',
      '2026-04-01',
    ]);
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(presetExpiryDay(7, new Date(2024, 1, 25))).to.equal('2024-03-03');
    expect(formatDate(addDays(new Date(2026, 2, 1), -1))).to.equal('2026-02-28');
  });
});

describe('telling whether a time has passed', () => {
  it('is past one millisecond after, not at or before', () => {
    expect(isPast(NOW - 1, NOW)).to.equal(true);
    expect(isPast(NOW, NOW)).to.equal(false);
    expect(isPast(NOW + 1, NOW)).to.equal(false);
  });

  it('reads ISO strings', () => {
    expect(isPast('2020-01-01T00:00:00Z', NOW)).to.equal(true);
    expect(isPast('2099-01-01T00:00:00Z', NOW)).to.equal(false);
  });

  it('treats a missing or unreadable time as not past', () => {
    expect(isPast(null, NOW)).to.equal(false);
    expect(isPast('', NOW)).to.equal(false);
    expect(isPast('garbage', NOW)).to.equal(false);
    expect(isPast(NOW - 1, 'garbage')).to.equal(false);
  });

  it('compares with the current time by default', () => {
    expect(isPast(Date.now() - MINUTE)).to.equal(true);
    expect(isPast(Date.now() + MINUTE)).to.equal(false);
  });
});
