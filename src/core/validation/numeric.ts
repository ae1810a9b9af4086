/**
 * The keys a numeric-only field accepts (§5). On its own so that the form controls can use it
 * without pulling every feature's validation schemas (./rules) into each page.
 */
// §5 names Backspace, Delete, ← → and Tab. Every other named key (Home, End, ↑ ↓, Escape, F5,
// PageUp…) types nothing either, and blocking it would break what the user expects of it: only
// keys that type a character, a `key` of one character, are held to digits.
const NAMED_KEY = /^[A-Z][A-Za-z0-9]+$/;

/** Whether a `KeyboardEvent.key` may be pressed in a numeric-only field (§5): a digit, or a key
 * that types no character (the editing and moving keys, Escape, F5…). */
export function isAllowedNumericKey(key: string): boolean {
  return /^[0-9]$/.test(key) || NAMED_KEY.test(key);
}
