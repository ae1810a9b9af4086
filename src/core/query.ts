/**
 * Query parameters and redirect targets (§9). Pages are hash-routed, so a "search" may be a real
 * `location.search`, a hash such as `#/users/login?nextUrl=…`, or a whole URL.
 */

function paramsOf(search: string): URLSearchParams {
  const q = search.indexOf('?');
  let query = q >= 0 ? search.slice(q + 1) : search;
  // A hash after the query belongs to the page, not to the parameters.
  const hash = query.indexOf('#');
  if (hash >= 0 && q >= 0) query = query.slice(0, hash);
  return new URLSearchParams(query);
}

/** The page's parameters: the real query string, then the query of a hash route
 * (`#/users/emails?token=…`), so hash-routed pages with a query string of their own see both. */
export const currentSearch = (): string => {
  if (typeof location === 'undefined') return '';
  const hash = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  return '?' + [location.search.replace(/^\?/, ''), hash].filter(Boolean).join('&');
};

/** One query parameter, or null.
 * @param search - @default location.search and the query part of location.hash */
export function getQueryParam(name: string, search: string = currentSearch()): string | null {
  return paramsOf(search).get(name);
}

function firstOf(search: string, names: readonly string[]): string | null {
  const params = paramsOf(search);
  for (const name of names) {
    const value = params.get(name);
    if (value) return value;
  }
  return null;
}

/** Where to go after sign-in: `nextUrl`, `next_url` or `nexturl`. */
export function getNextUrl(search: string = currentSearch()): string | null {
  return firstOf(search, ['nextUrl', 'next_url', 'nexturl']);
}

/** The app id: `appId`, `appid` or `app_id`. */
export function getAppId(search: string = currentSearch()): string | null {
  return firstOf(search, ['appId', 'appid', 'app_id']);
}

/** The URL when it stays on `origin` (relative paths, hash routes, same-origin absolute URLs),
 * else null: protocol-relative `//host`, `javascript:` and other schemes, other origins, and
 * backslash or control-character tricks that browsers would normalise into one of those. Also
 * null when the path, resolved against the origin, begins with `//` (`/..//evil`, `/%2e%2e//evil`,
 * `https://this-origin//evil`): the URL itself is same-origin, but the value is passed on (as a
 * sign-in `next_url`) to a server that redirects to its path alone, which reads as `//evil`.
 * Resolving against the origin's root is the worst case: `..` cannot climb higher elsewhere.
 * @example safeRedirect('#/users/settings') // '#/users/settings'
 * @example safeRedirect('//evil.example')  // null
 * @example safeRedirect('/..//evil.example') // null */
export function safeRedirect(
  url: string | null | undefined,
  origin: string = typeof location === 'undefined' ? '' : location.origin,
): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (!value || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.startsWith('#')) return value;
  if (value.startsWith('//')) return null;
  let target: URL;
  let base: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.pathname.startsWith('//')) return null;
  return target.origin === base.origin ? value : null;
}
