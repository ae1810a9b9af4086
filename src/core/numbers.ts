/**
 * Number formatting (§5): a fixed number of decimals, clamped to 1–20.
 */

/** Formats a number with `decimals` decimal places (clamped to 1–20, rounded to an integer);
 * non-finite or empty input gives '-'.
 * @param decimals - @default 2
 * @example formatNumber(3.14159) // '3.14'
 * @example formatNumber(1, 0)    // '1.0' (clamped to 1) */
export function formatNumber(n: number | string, decimals = 2): string {
  // Number('') is 0: an empty field must show a dash, not a made-up zero.
  const value = typeof n === 'string' ? (n.trim() === '' ? Number.NaN : Number(n)) : n;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  const places = Number.isFinite(decimals) ? Math.min(20, Math.max(1, Math.round(decimals))) : 2;
  return value.toFixed(places);
}
