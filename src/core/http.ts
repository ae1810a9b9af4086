/**
 * The HTTP client of every element (§7, §8). One client per element instance, on the platform's
 * fetch.
 * Every call resolves to an `[error, result]` pair and never rejects, so components handle
 * failures as values.
 */
import { configure, onConfigure, resolveSettings } from './settings';
import type { PageSettings } from './settings';
import { emit } from './events';
import { reloginTarget } from './flavours';
import { createTranslator, LOCALE_HEADER, resolveLocale } from './i18n/index';
import type { MessageKey, MessageParams, Translate } from './i18n/index';

/** Why a call failed. `http`: a 4xx answer; `server`: status ≥ 500; the others never got a usable answer. */
export type HttpErrorKind = 'http' | 'server' | 'timeout' | 'offline' | 'malformed' | 'aborted' | 'network';

/** Status codes the tracker (§8) uses for calls that never got an answer. */
export const STATUS_NETWORK = 0;
export const STATUS_ABORTED = -2;
export const STATUS_TIMEOUT = -3;

/** Default request timeout (§9). */
export const DEFAULT_TIMEOUT_MS = 5000;

export interface HttpErrorInit {
  kind: HttpErrorKind;
  status: number;
  code: string;
  message: string;
  messageKey: MessageKey;
  messageParams?: MessageParams;
  requestId?: string;
  body?: unknown;
  method: string;
  url: string;
}

/** A failed call. `message` is already localized; `messageKey` (+ `messageParams`) lets a caller
 * re-translate. For 4xx answers `message` is the server's own message when it sent one. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  /** HTTP status, or 0 (network/offline), -2 (aborted), -3 (timeout). */
  readonly status: number;
  /** The server's `code`, or the kind for calls without an answer. */
  readonly code: string;
  readonly requestId?: string;
  /** The decoded response body, when there was one. */
  readonly body?: unknown;
  readonly messageKey: MessageKey;
  readonly messageParams?: MessageParams;
  readonly method: string;
  readonly url: string;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.name = 'HttpError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.messageKey = init.messageKey;
    this.method = init.method;
    this.url = init.url;
    if (init.messageParams !== undefined) this.messageParams = init.messageParams;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    if (init.body !== undefined) this.body = init.body;
  }
}

/** `[error, null]` on failure, `[null, value]` on success. */
export type HttpResult<T> = [HttpError, null] | [null, T];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'get' | 'post' | 'put' | 'patch' | 'delete';
export type QueryParams = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

export interface HttpRequestConfig {
  url: string;
  /** @default 'GET' */
  method?: HttpMethod;
  /** Query parameters; `undefined` / `null` values are left out. */
  params?: QueryParams;
  /** A plain object is sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Aborts this call alone (the client's own signal aborts every call). */
  signal?: AbortSignal;
  /** @default the client's timeoutMs (5000) */
  timeoutMs?: number;
  /** 'json' parses JSON (text/plain answers come back as a string); 'text' and 'blob' skip parsing.
   * @default 'json' */
  responseType?: 'json' | 'text' | 'blob';
}

export type HttpConfig = Omit<HttpRequestConfig, 'url' | 'method' | 'data'>;

export interface HttpClientOptions {
  /** Read on every call, so attribute changes apply at once. */
  settings: () => PageSettings;
  /** Translator for error messages. @default one for settings().locale or the §4 locale rules */
  t?: Translate;
  /** The element's lifetime: aborting it aborts every call in flight (e.g. on disconnect). */
  signal?: AbortSignal;
  /** @default 5000 */
  timeoutMs?: number;
  /** Replaces `fetch` (tests, service workers). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Where the client announces that the session ended (`yx-session-end`): the element, so the
   * event bubbles out of it like every `yx-` event. @default window */
  target?: EventTarget;
}

export interface HttpClient {
  request<T = unknown>(config: HttpRequestConfig): Promise<HttpResult<T>>;
  get<T = unknown>(url: string, config?: HttpConfig): Promise<HttpResult<T>>;
  delete<T = unknown>(url: string, config?: HttpConfig): Promise<HttpResult<T>>;
  post<T = unknown>(url: string, body?: unknown, config?: HttpConfig): Promise<HttpResult<T>>;
  put<T = unknown>(url: string, body?: unknown, config?: HttpConfig): Promise<HttpResult<T>>;
  patch<T = unknown>(url: string, body?: unknown, config?: HttpConfig): Promise<HttpResult<T>>;
}

/** Observes failed calls (the usage tracker does). */
export type HttpErrorListener = (error: HttpError, info: { durationMs: number }) => void;
const errorListeners = new Set<HttpErrorListener>();

/** Registers a listener called with every failed call of every client; returns the unsubscribe function. */
export function addHttpErrorListener(listener: HttpErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

/** The server's code for a 401 that means "nobody is signed in". Other 401s (a wrong password at
 * sign-in, a package client's bad credential) are answers to what was sent, not a session end. */
export const SESSION_END_CODE = 'unauthenticated';

/**
 * A route of the account host's standalone page, served at `/users/`: where an element on a host
 * app's page sends people (a bare hash route would stay on the host's own page). With no host
 * (same origin) it is `/users/#…`, a mere hash change on the standalone page itself.
 * @example accountPageUrl('https://devops.example.com/', '#/users/notifications') // 'https://devops.example.com/users/#/users/notifications'
 * @example accountPageUrl('', '#/users/settings/profile') // '/users/#/users/settings/profile'
 */
export function accountPageUrl(host: string, route: string): string {
  return `${host.replace(/\/+$/, '')}/users/${route}`;
}

/** Where a page whose session ended signs in again (§2): the account host's sign-in page coming
 * back to `here`, or in the global flavour the cloud provider's home page.
 * @param here - the address to come back to. @default location.href
 * @example sessionEndUrl({ ...settings, host: '' }, 'https://x/app') // '/users/#/users/login?nextUrl=https%3A%2F%2Fx%2Fapp' */
export function sessionEndUrl(settings: Pick<PageSettings, 'host' | 'flavour'>, here = location.href): string {
  const target = reloginTarget(settings.flavour, here);
  // The sign-in page is a hash route of the account host's standalone page, not of the host app.
  return target.startsWith('#') ? accountPageUrl(settings.host, target) : target;
}

/** The page's CSRF token when the end of the session was announced, or null while it was not: the
 * many calls that fail with it (every element on the screen, a poll) announce it once, until a
 * new session begins. */
let announcedWith: string | null = null;
const pageCsrfToken = () => resolveSettings({}, () => {}).csrfToken;
const rearm = () => {
  announcedWith = null;
};
if (typeof window !== 'undefined') window.addEventListener('yx-login', rearm);
// A host that signs users in its own way hands the elements the new session's token
// (docs/embedding.md): that is a new session too.
onConfigure(() => {
  if (announcedWith !== null && pageCsrfToken() !== announcedWith) rearm();
});

/** Fires the cancelable `yx-session-end` once; unless a listener takes it over, goes to sign in. */
function announceSessionEnd(target: EventTarget | undefined, settings: PageSettings): void {
  if (announcedWith !== null || typeof window === 'undefined') return;
  announcedWith = pageCsrfToken();
  // A removed element's event would reach nobody: the page hears it instead.
  const from = target && !(target instanceof Node && !target.isConnected) ? target : window;
  const url = sessionEndUrl(settings);
  if (emit(from, 'yx-session-end', { url }, { cancelable: true })) location.assign(url);
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/** The host joined to a relative path (a path whose query carries a next URL with `//` in it is
 * still relative), then the query parameters. */
function buildUrl(host: string, url: string, params?: QueryParams): string {
  let full = ABSOLUTE.test(url) || !host ? url : host + (url.startsWith('/') ? url : '/' + url);
  if (params) {
    const query = new URLSearchParams();
    const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
    for (const [key, value] of entries) if (value !== undefined && value !== null) query.append(key, String(value));
    const text = query.toString();
    if (text) full += (full.includes('?') ? '&' : '?') + text;
  }
  return full;
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return url;
  }
}

const stringField = (body: unknown, ...names: string[]): string | undefined => {
  if (!body || typeof body !== 'object') return undefined;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
};

/** Plain objects and arrays go as JSON; FormData, URLSearchParams, Blob and strings as they are
 * (the browser sets their content type). */
const isJson = (data: unknown): data is object =>
  typeof data === 'object' &&
  data !== null &&
  !(
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof Blob ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );

const encodeBody = (data: unknown): BodyInit | undefined =>
  isJson(data) ? JSON.stringify(data) : ((data ?? undefined) as BodyInit | undefined);

const contentTypeOf = (data: unknown): Record<string, string> =>
  isJson(data) ? { 'content-type': 'application/json' } : {};

/** Later header sets win whatever the case of their names (a plain object would send both
 * `X-CSRF-Token` and `x-csrf-token`, joined into one value). */
function lowerCased(...sets: Array<Record<string, string> | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const set of sets) for (const [name, value] of Object.entries(set ?? {})) out[name.toLowerCase()] = value;
  return out;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the server tells a page its session's CSRF token (also before sign-in). */
export const PAGE_SETTINGS_PATH = '/users/ajax/v1/page-settings';

/** The session's current CSRF token, or null when it cannot be had. */
async function currentCsrfToken(host: string, doFetch: typeof fetch, signal: AbortSignal): Promise<string | null> {
  try {
    const response = await doFetch(buildUrl(host, PAGE_SETTINGS_PATH), {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      signal,
    });
    if (!response.ok) return null;
    return stringField(await response.json(), 'csrfToken') ?? null;
  } catch {
    return null;
  }
}

/** The CSRF tokens the server refused as stale (as `host token`), and each API host's token since.
 * A page may go on handing an element a stale token (a `csrf-token` attribute written by the
 * server outranks configure()): the current one goes instead, so writes cost one 403 per token
 * rotation, not one per call. A new token the host sets is not among them, and goes as it is. */
const staleTokens = new Set<string>();
const currentTokens = new Map<string, string>();

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

type HeaderBuilder = (settings: PageSettings, path: string) => Record<string, string>;

function createClient(options: HttpClientOptions, baseHeaders: HeaderBuilder): HttpClient {
  async function request<T>(config: HttpRequestConfig, retried = false): Promise<HttpResult<T>> {
    const started = Date.now();
    const settings = options.settings();
    const t = options.t ?? createTranslator(settings.locale ?? resolveLocale());
    const method = (config.method ?? 'GET').toUpperCase();
    const url = buildUrl(settings.host, config.url, config.params);

    const fail = (kind: HttpErrorKind, status: number, key: MessageKey, extra: Partial<HttpErrorInit> = {}) => {
      const error = new HttpError({
        kind,
        status,
        code: kind,
        messageKey: key,
        message: t(key, extra.messageParams),
        method,
        url,
        ...extra,
      });
      for (const listener of errorListeners) {
        try {
          listener(error, { durationMs: Date.now() - started });
        } catch {
          // an observer must never break the call it observes
        }
      }
      return [error, null] as HttpResult<T>;
    };

    const outer = [options.signal, config.signal].filter((s): s is AbortSignal => Boolean(s));
    if (outer.some((s) => s.aborted)) return fail('aborted', STATUS_ABORTED, 'http.aborted');
    if (isOffline()) return fail('offline', STATUS_NETWORK, 'http.offline');

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), config.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = AbortSignal.any([timeout.signal, ...outer]);
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const whyAborted = () =>
      timeout.signal.aborted
        ? fail('timeout', STATUS_TIMEOUT, 'http.timeout')
        : fail('aborted', STATUS_ABORTED, 'http.aborted');

    const sent = lowerCased(
      // The element's own language, when it has one: the server answers in it (server/i18n.ts).
      settings.locale && { [LOCALE_HEADER]: settings.locale },
      baseHeaders(settings, pathOf(config.url)),
      config.headers,
      contentTypeOf(config.data),
    );
    if (staleTokens.has(`${settings.host} ${sent['x-csrf-token']}`)) {
      sent['x-csrf-token'] = currentTokens.get(settings.host)!;
    }
    let status: number;
    let headers: Headers;
    let body: unknown;
    let malformed = false;
    try {
      const response = await doFetch(url, {
        method,
        headers: sent,
        body: encodeBody(config.data),
        credentials: 'include',
        signal,
      });
      ({ status, headers } = response);
      if (config.responseType === 'blob') body = await response.blob();
      else {
        // Raw text decoded here, so a broken JSON body is told apart from a text answer.
        const text = await response.text();
        if (text.trim() !== '') {
          if (config.responseType === 'text') body = text;
          else {
            try {
              body = JSON.parse(text);
            } catch {
              body = text;
              malformed = !/^text\/plain/i.test(headers.get('content-type') ?? '');
            }
          }
        }
      }
    } catch {
      // A body cut short by the timeout or an abort rejects too: the signal says which it was.
      if (signal.aborted) return whyAborted();
      return isOffline()
        ? fail('offline', STATUS_NETWORK, 'http.offline')
        : fail('network', STATUS_NETWORK, 'http.network');
    } finally {
      clearTimeout(timer);
    }

    const requestId = stringField(body, 'requestId', 'request_id') ?? headers.get('x-request-id') ?? undefined;
    const withId = requestId !== undefined ? { requestId } : {};

    if (status >= 500) {
      const key: MessageKey = requestId ? 'error.systemWithRequestId' : 'error.system';
      return fail('server', status, key, {
        code: stringField(body, 'code') ?? 'server_error',
        body,
        ...withId,
        ...(requestId ? { messageParams: { requestId } } : {}),
      });
    }
    if (status === 403 && stringField(body, 'code') === 'csrf_invalid' && !retried && !SAFE.has(method)) {
      // The page's token went stale (a sign-in elsewhere rotated it): fetch the session's current
      // one, hand it to every element, remember it in place of the stale one (which an attribute
      // may go on supplying), and try once more.
      const limit = AbortSignal.timeout(config.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const token = await currentCsrfToken(settings.host, doFetch, AbortSignal.any([limit, ...outer]));
      if (token) {
        if (sent['x-csrf-token']) staleTokens.add(`${settings.host} ${sent['x-csrf-token']}`);
        staleTokens.delete(`${settings.host} ${token}`);
        currentTokens.set(settings.host, token);
        // The same visit's token, not a new session: an end already announced stays announced.
        if (announcedWith !== null) announcedWith = token;
        configure({ csrfToken: token });
        return request<T>({ ...config, headers: { ...config.headers, 'X-CSRF-Token': token } }, true);
      }
    }
    if (status < 200 || status >= 300) {
      const serverMessage = stringField(body, 'message');
      // A refused bearer token is the token's problem (expired, revoked), not the session's.
      if (status === 401 && stringField(body, 'code') === SESSION_END_CODE && !('authorization' in sent)) {
        announceSessionEnd(options.target, settings);
      }
      return fail('http', status, 'http.failed', {
        code: stringField(body, 'code') ?? `http_${status}`,
        messageParams: { status },
        body,
        ...withId,
        ...(serverMessage ? { message: serverMessage } : {}),
      });
    }
    if (malformed) return fail('malformed', status, 'http.malformed', { body, ...withId });
    return [null, (body === undefined ? null : body) as T];
  }

  return {
    request,
    get: (url, config) => request({ ...config, url, method: 'GET' }),
    delete: (url, config) => request({ ...config, url, method: 'DELETE' }),
    post: (url, data, config) => request({ ...config, url, data, method: 'POST' }),
    put: (url, data, config) => request({ ...config, url, data, method: 'PUT' }),
    patch: (url, data, config) => request({ ...config, url, data, method: 'PATCH' }),
  };
}

/** The general client (§7): base URL = host, 5000 ms timeout, cookies, `X-Requested-With`,
 * `X-CSRF-Token` when known, and `x-app-id` / `x-tenant-id` on paths containing `/uiless/`.
 * @example
 * const http = createHttpClient({ settings: () => resolveSettings(attrs), signal });
 * const [error, me] = await http.get<User>('/individual/proxy/me');
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  return createClient(options, (s, path) => {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    if (s.csrfToken) headers['X-CSRF-Token'] = s.csrfToken;
    if (path.includes('/uiless/')) {
      if (s.appId) headers['x-app-id'] = s.appId;
      if (s.organizationId) headers['x-tenant-id'] = s.organizationId;
    }
    return headers;
  });
}

/** The UI-less client (§7): cookies, `Authorization: Bearer <accessToken>` when one is set,
 * `x-tenant-id` and `x-app-id` on every call, 5000 ms timeout, the same result pairs. The CSRF
 * token is sent too when known, so cookie-authenticated writes pass the server's check. */
export function createUilessClient(options: HttpClientOptions): HttpClient {
  return createClient(options, (s) => {
    const headers: Record<string, string> = {};
    if (s.accessToken) headers['Authorization'] = `Bearer ${s.accessToken}`;
    if (s.organizationId) headers['x-tenant-id'] = s.organizationId;
    if (s.appId) headers['x-app-id'] = s.appId;
    if (s.csrfToken) headers['X-CSRF-Token'] = s.csrfToken;
    return headers;
  });
}
