/**
 * The usage tracker (§7 "Usage tracking", §8, §9): api errors, script errors and performance of
 * the page, posted in batches to a collector. Opt-in: without an endpoint it does nothing at all.
 */
import { addHttpErrorListener as addGlobalHttpErrorListener } from '../http';
import type { HttpErrorListener } from '../http';
import { resolveEnvironment } from './env';
import type { TrackerEnvironment } from './env';
import { apiErrorDraft, jsErrorDraft, reportFromHttpError } from './errors';
import type { ApiErrorReport } from './errors';
import { IGNORED_API_PATHS } from './ignore';
import { TRACKER_LIMITS, TRACKER_USER_TYPE } from './limits';
import { watchPageLoad, watchPerformance } from './performance';
import { scrubUrl } from './scrub';
import { createTransport } from './transport';
import type { TrackerEntry, TrackerEntryDraft, TrackerUserFields } from './types';

/** Who is using the page, read at every report (so a sign-in or organization switch applies at
 * once). Missing values are sent as ''. */
export interface TrackerUser {
  userId?: string;
  userName?: string;
  appName?: string;
  pid?: string;
  organizationId?: string;
  /** §9: where the visit came from (a `channel` parameter) and the page's variant (`ga` for the
   * `version=ga` cookie). Sent only when set. */
  channel?: string;
  variant?: string;
}

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** Collector URL the batches are POSTed to. Empty or missing turns the tracker off. */
  endpoint?: string | null;
  /** The user fields of every entry. @default () => ({}) */
  user?: () => TrackerUser;
  /** Suite calls whose expected failures are not reported. @default IGNORED_API_PATHS */
  ignoredPaths?: readonly (string | RegExp)[];
  /** Observe page load, long tasks, event timing and resources. @default true */
  performance?: boolean;
  /** Report the failed calls of every HTTP client. @default true */
  httpErrors?: boolean;
  /** Replaces pieces of the browser (tests). @default the real page */
  env?: Partial<TrackerEnvironment>;
  /** Where failed calls are observed. @default addHttpErrorListener of core/http */
  addHttpErrorListener?: (listener: HttpErrorListener) => () => void;
}

/** A usage tracker; see {@link createTracker}. Its methods never throw. */
export interface Tracker {
  /** False when no endpoint is configured: every method is then a no-op. */
  readonly enabled: boolean;
  /** Whether `start()` is in effect. */
  readonly started: boolean;
  /** Installs the listeners and observers. Calling it twice is harmless. */
  start(): void;
  /** Removes every listener, timer and observer it installed and sends what is queued. */
  stop(): void;
  /** Reports a failed call the HTTP client does not see, e.g. a 200 answer with
   * `{ code, message }` of an error. Ignored calls (§8) are dropped. Only while started. */
  reportApiError(report: ApiErrorReport): void;
  /** Sends what is queued now (when online). */
  flush(): void;
  /** Entries waiting to be sent (e.g. while offline). */
  readonly pending: number;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function absolute(endpoint: string, pageUrl: string): string {
  try {
    return new URL(endpoint, pageUrl || undefined).href;
  } catch {
    return endpoint;
  }
}

const disabled: Tracker = {
  enabled: false,
  started: false,
  start() {},
  stop() {},
  reportApiError() {},
  flush() {},
  pending: 0,
};

/**
 * Creates the usage tracker. Nothing is installed until `start()`.
 * @example
 * const tracker = createTracker({
 *   endpoint: '/tracking/batch',
 *   user: () => ({ userId: me.id, userName: me.name, appName: 'settings', pid: 'yx-settings', organizationId }),
 * });
 * tracker.start();
 */
export function createTracker(options: TrackerOptions): Tracker {
  if (!options.endpoint) return disabled;
  const env = resolveEnvironment(options.env);
  const endpoint = absolute(
    options.endpoint,
    safely(() => env.pageUrl(), ''),
  );
  const transport = createTransport(endpoint, env);
  const ignoredPaths = options.ignoredPaths ?? IGNORED_API_PATHS;
  const onHttpError = options.addHttpErrorListener ?? addGlobalHttpErrorListener;
  let stops: (() => void)[] = [];
  let started = false;
  // the page loads once: a stop() and start() later must not report it again
  let pageLoadDone = false;

  const userFields = (): TrackerUserFields => {
    const user = safely(() => options.user?.() ?? {}, {} as TrackerUser);
    return {
      userId: stringOf(user.userId),
      userName: stringOf(user.userName),
      appName: stringOf(user.appName),
      pid: stringOf(user.pid),
      user_type: TRACKER_USER_TYPE,
      organizationId: stringOf(user.organizationId),
      ...(user.channel ? { channel: stringOf(user.channel) } : {}),
      ...(user.variant ? { variant: stringOf(user.variant) } : {}),
    };
  };

  const emit = (draft: TrackerEntryDraft) => {
    if (!started) return;
    const entry = {
      ...userFields(),
      ts: safely(() => env.now(), 0),
      url: scrubUrl(
        safely(() => env.pageUrl(), ''),
        TRACKER_LIMITS.maxUrlLength,
      ),
      ...draft,
    } as TrackerEntry;
    transport.push(entry);
  };

  const listen = (target: EventTarget, type: string, handler: (event: Event) => void) => {
    const guarded = (event: Event) => safely(() => handler(event), undefined);
    target.addEventListener(type, guarded);
    stops.push(() => target.removeEventListener(type, guarded));
  };

  const onScriptError = (event: Event) => {
    const draft = jsErrorDraft(event);
    if (draft) emit(draft);
  };

  const tracker: Tracker = {
    enabled: true,
    get started() {
      return started;
    },
    get pending() {
      return transport.size;
    },
    start() {
      if (started) return;
      safely(() => {
        started = true;
        listen(env.window, 'error', onScriptError);
        listen(env.window, 'unhandledrejection', onScriptError);
        listen(env.window, 'online', () => transport.flush());
        listen(env.window, 'pagehide', () => transport.flush());
        listen(env.document, 'visibilitychange', () => {
          if (env.document.visibilityState === 'hidden') transport.flush();
        });
        if (options.httpErrors !== false) {
          stops.push(
            onHttpError((error, info) => {
              const draft = apiErrorDraft(reportFromHttpError(error, info?.durationMs), ignoredPaths);
              if (draft) emit(draft);
            }),
          );
        }
        if (options.performance !== false) {
          const watch = { env, endpoint, emit };
          stops.push(watchPerformance(watch));
          if (!pageLoadDone) stops.push(watchPageLoad(watch, () => (pageLoadDone = true)));
        }
      }, undefined);
      // drain what an earlier session kept while offline
      if (transport.size && safely(() => env.isOnline(), true)) transport.flush();
    },
    stop() {
      if (!started) return;
      for (const stop of stops) safely(stop, undefined);
      stops = [];
      safely(() => transport.flush(), undefined);
      transport.cancel();
      started = false;
    },
    reportApiError(report) {
      safely(() => {
        const draft = apiErrorDraft(report, ignoredPaths);
        if (draft) emit(draft);
      }, undefined);
    },
    flush() {
      safely(() => transport.flush(), undefined);
    },
  };
  return tracker;
}

/** Runs `fn`, returning `fallback` if it throws: the tracker never throws into the page. */
function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
