/**
 * Privacy of the tracker: nothing it sends may carry a password, token, verification code,
 * cookie or CSRF token. Bodies are scrubbed structurally (by key, also inside JSON held in
 * strings); every other text (URLs, messages, stacks, bodies cut short) by pattern.
 */

/** Keys whose values are never logged (matched anywhere in the key, any case); a key that only
 * says `code` keeps a value that reads as an error code (see `isSecret`). */
export const SECRET_KEY = /pass(?:word)?|token|secret|code|cookie|csrf|authorization|captcha|private_?key/i;

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

// The pair patterns find every parameter or JSON pair: (1) what comes before the value, (2) the
// key, (3) the value. `redactPairs` asks `isSecret` about the key, as a key pattern holding
// SECRET_KEY would backtrack quadratically over a long run of key characters.
/** `?token=…`, `&new_password=…`, `#access_token=…` (OAuth puts tokens in the fragment) and a
 * form body that starts with `password=…`. */
const QUERY_PAIR = /((?:^|[?&#])([^=&?#\s"'<>]*)=)([^&#\s"'<>]*)/g;
/** `?&#=` percent-encoded once (`%3F`) or twice (`%253F`), by their hex codes. */
const encoded = (hexes: string) => `%(?:25)?(?:${hexes})`;
/** The same in a URL nested in another's parameter, where `?&#=` are encoded:
 * `?nextUrl=%2Fusers%2F%23%2Femails%3Ftoken%3D…`. Its value ends at an `&` or `#` in any
 * encoding (and at nothing else: a plain `=` or `?` may be part of it). */
const ENCODED_QUERY_PAIR = new RegExp(
  `(${encoded('3F|26|23')}((?:(?!${encoded('3F|26|23|3D')})[^=&?#\\s"'<>])*)(?:=|${encoded('3D')}))` +
    `((?:(?!${encoded('26|23')})[^&#\\s"'<>])*)`,
  'gi',
);
/** `"password": "…"` or `"code": 123456` inside text that is not (or no longer) valid JSON. */
const JSON_PAIR = /("([^"\\]*)"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false)/g;
/** `Bearer eyJ…` in any case: whatever follows the scheme is the credential. */
const BEARER = /\b(bearer)\s+[\w.~+/-]+=*/gi;
/** `Basic YW5uOnB3`, `Token 9f2c…`: these schemes are also words of prose ("the activation token
 * does not match"), so the value must look like a credential: a digit, inner punctuation, a
 * lower-upper case mix, eight capitals or 20 characters. */
const CREDENTIAL_SCHEME =
  /\b([Bb]asic|BASIC|[Tt]oken|TOKEN)\s+(?=[\w.~+/-]*(?:\d|[.~+/-][\w~+/-]|[a-z][\w.~+/-]*[A-Z]|[A-Z]{8})|[\w.~+/-]{20})[\w.~+/-]{6,}=*/g;
const URL_USERINFO = /(\/\/)[^/@\s:]+:[^/@\s]+@/g;

/** Keys that are secret only because they say `code`; `error_code` and the like name errors. */
const CODE_ONLY = /^(?:code|\w*error_?code)$/i;
/** An error code such as `email_token_mismatch` or `NOT_FOUND`: two or more snake-case words in
 * one case, never the digits of a verification code nor the noise of an OAuth code (which may be
 * one lowercase run). */
const ERROR_CODE = /^(?:[a-z]+(?:_[a-z0-9]+)+|[A-Z]+(?:_[A-Z0-9]+)+)$/;

/** Whether the value under `key` must be redacted. A `code` is kept when it reads as an error
 * code: the code of an API error body is what makes a report useful, while verification and
 * OAuth codes are digits or random characters. In a URL, `code` is always the OAuth one. */
function isSecret(key: string, value: unknown, inUrl = false): boolean {
  if (!SECRET_KEY.test(key)) return false;
  if (!CODE_ONLY.test(key) || (inUrl && /^code$/i.test(key))) return true;
  return !(typeof value === 'string' && ERROR_CODE.test(value));
}

/** `text` with the value of every secret pair `pattern` finds replaced by `redacted`. The value
 * of a pair that is kept is searched too: it may be a URL with parameters of its own. */
function redactPairs(text: string, pattern: RegExp, redacted: string, inUrl: boolean): string {
  let out = '';
  let done = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const [all, head = '', key = '', value = ''] = m;
    if (isSecret(key, value.replace(/^"|"$/g, ''), inUrl)) {
      out += text.slice(done, m.index) + head + redacted;
      done = m.index + all.length;
    } else pattern.lastIndex = m.index + head.length;
  }
  return out + text.slice(done);
}

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
  const pairs = [QUERY_PAIR, ENCODED_QUERY_PAIR].reduce((t, pattern) => redactPairs(t, pattern, REDACTED, true), text);
  return redactPairs(pairs, JSON_PAIR, `"${REDACTED}"`, false)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(CREDENTIAL_SCHEME, `$1 ${REDACTED}`)
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
    out[key] = isSecret(key, value) ? REDACTED : scrubValue(value, depth + 1, seen);
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
