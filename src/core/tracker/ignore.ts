/**
 * What the tracker does not report (§8 "Tracker ignores"): expected failures of suite calls that
 * every page makes, calls that never got an answer, and browser noise that is not our bug.
 */

/**
 * Suite calls whose 400/401/402/403/404 answers, and 200 answers with an error body, are
 * expected (a signed-out visitor, a missing flag, an app the user may not open) and not reported.
 *
 * A string matches when the request path contains it followed by the end of the path, `/`, `:`
 * or `.`; so `/keys` matches `/api/v3/user/keys` and `/keys/12` but not `/keystore`, and
 * `/individual/proxy/me` does not match `/individual/proxy/members`. A RegExp is tested against
 * the whole path.
 */
export const IGNORED_API_PATHS: readonly (string | RegExp)[] = [
  '/feature-flags',
  '/featureFlags',
  '/individual/proxy/me',
  '/navigation',
  '/navigations',
  '/unread',
  ':countGroupByApp',
  '/workitems',
  '/permissions',
  '/metric-cards',
  '/metricCards',
  '/keys',
  '/secrets',
];

/** Statuses ignored on {@link IGNORED_API_PATHS}. */
export const IGNORED_PATH_STATUSES: readonly number[] = [400, 401, 402, 403, 404];

/** Statuses ignored on every path: no answer (0 network/offline, -1 unknown, -2 aborted,
 * -3 timeout). The user saw a clear message, and an offline page could not report anyway. */
export const IGNORED_STATUSES: readonly number[] = [0, -1, -2, -3];

/** Server error codes never reported (a known, harmless add-on lookup failure). */
export const IGNORED_API_CODES: readonly string[] = ['AS_ACK_ADDON_DESCRIBE_ADDONS_FAILED'];

/** The last-workspace call answers 200 'update failed' when there is nothing to update. */
export const LAST_WORKSPACE_PATH = '/uiless/api/sdk/users/lastWorkspace';

/** Error messages that are browser noise: the ResizeObserver loop warning Chrome raises as an
 * error, and the SecurityError of storage access in sandboxed / privacy-mode frames. */
export const IGNORED_ERROR_MESSAGES: readonly string[] = ['ResizeObserver loop', 'The operation is insecure'];

/** Errors thrown by browser extensions' own scripts injected into the page. */
export const EXTENSION_URL_PREFIXES: readonly string[] = [
  'chrome-extension://',
  'moz-extension://',
  'safari-extension://',
  'safari-web-extension://',
];

/** The path of a request URL (relative URLs included); the URL itself when it cannot be parsed. */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
}

/** Whether `path` is one of the listed suite calls. */
export function isIgnoredPath(path: string, patterns: readonly (string | RegExp)[] = IGNORED_API_PATHS): boolean {
  return patterns.some((pattern) => {
    if (pattern instanceof RegExp) return pattern.test(path);
    for (let at = path.indexOf(pattern); at !== -1; at = path.indexOf(pattern, at + 1)) {
      const next = path.charAt(at + pattern.length);
      if (next === '' || next === '/' || next === ':' || next === '.') return true;
    }
    return false;
  });
}

/** What the ignore rules need to know about a failed call. */
export interface ApiFailure {
  url: string;
  status: number;
  code?: string;
  message?: string;
  /** The decoded response body; its `code` / `message` count as well. */
  body?: unknown;
}

const field = (body: unknown, name: string): string => {
  if (!body || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** Whether a text is browser noise or comes from a browser extension. */
export function isIgnoredErrorText(...texts: (string | undefined)[]): boolean {
  return texts.some(
    (text) =>
      typeof text === 'string' &&
      (IGNORED_ERROR_MESSAGES.some((m) => text.includes(m)) || EXTENSION_URL_PREFIXES.some((p) => text.includes(p))),
  );
}

/** Whether a failed call is left out of the reports (§8). */
export function isIgnoredApiFailure(failure: ApiFailure, patterns?: readonly (string | RegExp)[]): boolean {
  const { status } = failure;
  if (IGNORED_STATUSES.includes(status)) return true;
  if ([failure.code ?? '', field(failure.body, 'code')].some((code) => IGNORED_API_CODES.includes(code))) return true;
  const path = pathOf(failure.url);
  const listed = isIgnoredPath(path, patterns);
  if (listed && (IGNORED_PATH_STATUSES.includes(status) || status === 200)) return true;
  const message = `${failure.message ?? ''} ${field(failure.body, 'message')}`;
  if (status === 200 && path.endsWith(LAST_WORKSPACE_PATH) && /update failed/i.test(message)) return true;
  return isIgnoredErrorText(failure.message, field(failure.body, 'message'));
}
