/**
 * Privacy of the tracker: nothing it sends may carry a password, token, verification code,
 * cookie or CSRF token. Bodies are scrubbed structurally (by key, also inside JSON held in
 * strings); every other text (URLs, messages, stacks, bodies cut short) by pattern.
 */

/** Keys whose values are never logged (matched anywhere in the key, any case). */
export const SECRET_KEY = /pass(word)?|token|secret|code|cookie|csrf|authorization|captcha|private_?key/i;

/** What a secret value is replaced with. */
export const REDACTED = '[redacted]';

/** The only request/response headers an entry may carry; every other header is dropped. */
export const SAFE_HEADERS: readonly string[] = [
  'accept',
  'content-type',
  'content-length',
  'x-request-id',
  'x-requested-with',
];

const KEY = SECRET_KEY.source;
/** `?token=…`, `&new_password=…`, `#access_token=…` (OAuth puts tokens in the fragment) and a
 * form body that starts with `password=…`. */
const QUERY_SECRET = new RegExp(`(^|[?&#])([^=&?#\\s"'<>]*(?:${KEY})[^=&?#\\s"'<>]*=)[^&#\\s"'<>]*`, 'gi');
/** `"password": "…"` or `"code": 123456` inside text that is not (or no longer) valid JSON. */
const JSON_SECRET = new RegExp(
  `("[^"\\\\]*(?:${KEY})[^"\\\\]*"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*|true|false)`,
  'gi',
);
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[\w.~+/=-]+/gi;
const URL_USERINFO = /(\/\/)[^/@\s:]+:[^/@\s]+@/g;

/** Cuts `text` to `max` UTF-16 units without leaving half a surrogate pair at the end. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** Redacts secrets found by pattern in free text: query parameters, JSON-looking pairs,
 * `Authorization` schemes and `user:password@` in URLs. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_SECRET, `$1$2${REDACTED}`)
    .replace(JSON_SECRET, `$1"${REDACTED}"`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(URL_USERINFO, `$1${REDACTED}@`);
}

/** Free text scrubbed and cut to `max`. It is cut to twice that first, so a huge message costs
 * little; whatever a secret lost at that first cut lies beyond `max` and is dropped anyway. */
export function scrubCut(text: string, max: number): string {
  return cut(scrubText(cut(text, max * 2)), max);
}

/** A URL with secret query / fragment parameters and credentials redacted, cut to `max`. */
export function scrubUrl(url: string, max: number): string {
  return scrubCut(url, max);
}

const MAX_DEPTH = 12;

function scrubString(text: string, depth: number, seen: WeakSet<object>): string {
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return JSON.stringify(scrubValue(parsed, depth + 1, seen));
    } catch {
      // not JSON after all: the patterns below still catch `"password": "…"` pairs
    }
  }
  return scrubText(text);
}

function scrubEntries(entries: Iterable<[string, unknown]>, depth: number, seen: WeakSet<object>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(value, depth + 1, seen);
  }
  return out;
}

/** A copy of `value` safe to log: values under secret keys become '[redacted]' at any depth,
 * JSON held in strings is scrubbed the same way, binary data and files are described, not
 * copied. Never throws.
 * @example scrubValue({ user: 'ann', password: 'x' }) // { user: 'ann', password: '[redacted]' } */
export function scrubValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return scrubString(value, depth, seen);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return String(value);
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (depth > MAX_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (typeof Blob !== 'undefined' && value instanceof Blob) return `[binary ${value.size} bytes]`;
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return `[binary ${value.byteLength} bytes]`;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof Error) {
      return scrubEntries(
        Object.entries({ name: value.name, message: value.message, stack: value.stack }),
        depth,
        seen,
      );
    }
    if (typeof URLSearchParams !== 'undefined' && value instanceof URLSearchParams) {
      return scrubEntries(value.entries(), depth, seen);
    }
    if (typeof FormData !== 'undefined' && value instanceof FormData) {
      return scrubEntries(value.entries(), depth, seen);
    }
    if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, seen));
    if (value instanceof Map) return scrubEntries(value.entries() as Iterable<[string, unknown]>, depth, seen);
    return scrubEntries(Object.entries(value), depth, seen);
  } catch {
    // a getter threw or a proxy refused: leave the value out rather than break the page
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

/** Scrubs `value` and renders it as text of at most `max` characters (JSON for structures);
 * `undefined` when there is nothing to log. */
export function toLoggedText(value: unknown, max: number): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const scrubbed = scrubValue(value);
  let text: string;
  if (typeof scrubbed === 'string') text = scrubbed;
  else {
    try {
      text = JSON.stringify(scrubbed) ?? String(scrubbed);
    } catch {
      return undefined;
    }
  }
  return cut(text, max);
}

/** Only the allow-listed headers, names lower-case, values scrubbed. */
export function safeHeaders(headers: Record<string, string> | Headers | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  const entries =
    typeof Headers !== 'undefined' && headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    if (SAFE_HEADERS.includes(lower) && typeof value === 'string') out[lower] = cut(scrubText(value), 1_000);
  }
  return Object.keys(out).length ? out : undefined;
}
