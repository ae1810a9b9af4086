/**
 * The keys a numeric-only field accepts (§5). On its own so that the form controls can use it
 * without pulling every feature's validation schemas (./rules) into each page.
 */
const NUMERIC_EDIT_KEYS = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Tab']);

/** Whether a `KeyboardEvent.key` may be typed into a numeric-only field (§5). */
export function isAllowedNumericKey(key: string): boolean {
  return /^[0-9]$/.test(key) || NUMERIC_EDIT_KEYS.has(key);
}
