/**
 * Expiry dates of tokens and SSH keys (§5).
 * Part of the rules of §5 (./rules); pure, the server imports it under Node.
 */
import * as v from 'valibot';
import { blank, filled, k } from './validate';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function realDay(y: number, m: number, d: number): Date | null {
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** The last instant an expiry value covers: the end of a local day, or the ISO instant itself. */
function expiryLimit(value: string): number | null {
  const day = DAY.exec(value);
  if (day) {
    const date = realDay(Number(day[1]), Number(day[2]), Number(day[3]));
    return date ? new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime() - 1 : null;
  }
  const iso = ISO.exec(value);
  if (!iso || !realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** Expiry (`expires_at`): required, `YYYY-MM-DD` or ISO 8601, not in the past. A day counts
 * until its end in local time, so today is allowed.
 * @param now - the clock, injectable for tests. @default () => new Date() */
export function makeExpirySchema(now: () => Date = () => new Date()) {
  return v.pipe(
    v.string(k('validation.expiry.required')),
    filled(k('validation.expiry.required')),
    v.check((s) => blank(s) || expiryLimit(s) !== null, k('validation.expiry.format')),
    v.check((s) => {
      const limit = expiryLimit(s);
      return limit === null || limit >= now().getTime();
    }, k('validation.expiry.past')),
  );
}

/** {@link makeExpirySchema} on the real clock. */
export const expirySchema = makeExpirySchema();
