/**
 * The tracker's wire format: what the browser POSTs to the collector endpoint.
 *
 * One request body is a {@link TrackerBatch} serialized as JSON (`Content-Type:
 * application/json`), sent by `navigator.sendBeacon` or `fetch` with `credentials: 'same-origin'`.
 * A collector can validate it with these rules:
 * - `entries` is a non-empty array; every entry has the {@link TrackerEntryBase} fields and a
 *   `kind` from {@link TrackerEntryKind}, plus the fields of that kind (no others are required).
 * - Every string is already scrubbed of secrets (see `scrub.ts`) and cut to the lengths of
 *   `TRACKER_LIMITS`: URLs ≤ 30 000, api-error `message` ≤ 50, `requestBody` / `response`
 *   ≤ 10 000, js-error `message` ≤ 10 000 and `stack` ≤ 100 000; a resource batch has ≤ 200 items.
 * - Durations and times are milliseconds, numbers ≥ 0 (performance times rounded to 0.1 ms,
 *   `durationMs` to 1 ms); `startTime` is relative to the page's time origin, `ts` is epoch ms.
 * - `user_type` is always 101; the other user fields are strings, '' when unknown.
 * - Unknown fields should be tolerated (newer pages may add optional ones).
 * - Request headers are never sent, except the names in `SAFE_HEADERS`.
 */

/** Every kind of entry. */
export type TrackerEntryKind =
  'api-error' | 'js-error' | 'performance' | 'long-task' | 'event-timing' | 'slow-resource' | 'resource-batch';

/** Who is using which app (§3 "Tracking user fields"), on every entry. Unknown values are ''. */
export interface TrackerUserFields {
  userId: string;
  userName: string;
  /** The suite app the page belongs to. */
  appName: string;
  /** Product / page id the host assigns. */
  pid: string;
  /** Always 101 (§9). */
  user_type: 101;
  organizationId: string;
  /** The visit's `channel` parameter (§9), when it had one. */
  channel?: string;
  /** `ga` when the `version=ga` cookie marks the variant (§9). */
  variant?: string;
}

/** Fields common to every entry. */
export interface TrackerEntryBase extends TrackerUserFields {
  kind: TrackerEntryKind;
  /** When the entry was recorded, epoch ms. */
  ts: number;
  /** The page's URL, scrubbed, ≤ 30 000 characters. */
  url: string;
}

/** A failed call: HTTP status ≥ 400, a 200 with an error body, or a malformed answer. */
export interface ApiErrorEntry extends TrackerEntryBase {
  kind: 'api-error';
  /** Upper-case HTTP method. */
  method: string;
  /** The called URL, query secrets redacted, ≤ 30 000 characters. */
  requestUrl: string;
  /** HTTP status (200 for an error body on a successful answer). */
  status: number;
  /** `HttpError.kind` ('http', 'server', 'malformed', …) or 'business' for a 200 error body. */
  errorKind: string;
  /** The server's error code, or the kind when the server gave none. */
  code: string;
  /** The message the page showed, ≤ 50 characters. */
  message: string;
  requestId?: string;
  /** Time from request to failure. */
  durationMs?: number;
  /** Scrubbed request body as text, ≤ 10 000 characters. */
  requestBody?: string;
  /** Scrubbed response body as text, ≤ 10 000 characters. */
  response?: string;
  /** Only the allow-listed headers (`SAFE_HEADERS`), names lower-case. */
  headers?: Record<string, string>;
}

/** An uncaught script error or an unhandled promise rejection. */
export interface JsErrorEntry extends TrackerEntryBase {
  kind: 'js-error';
  source: 'error' | 'unhandledrejection';
  /** Error name when known ('TypeError'). */
  name?: string;
  /** ≤ 10 000 characters. */
  message: string;
  /** ≤ 100 000 characters. */
  stack?: string;
  /** Script URL, ≤ 30 000 characters. */
  filename?: string;
  line?: number;
  column?: number;
}

/** The page-load report from navigation timing (times from navigation start). */
export interface PerformanceReportEntry extends TrackerEntryBase {
  kind: 'performance';
  /** 'navigate' | 'reload' | 'back_forward' | 'prerender'. */
  navigationType: string;
  /** `loadEventEnd`: 0 ≤ loadTime ≤ 20 000 (longer loads are not reported). */
  loadTime: number;
  dns: number;
  tcp: number;
  /** Time to first byte (`responseStart`). */
  ttfb: number;
  /** `responseEnd - responseStart`. */
  download: number;
  domInteractive: number;
  domContentLoaded: number;
  /** First contentful paint, when the browser measured one. */
  fcp?: number;
  /** Bytes of the document over the network (0 from cache). */
  transferSize: number;
}

/** A main-thread task of 50 ms or more. */
export interface LongTaskEntry extends TrackerEntryBase {
  kind: 'long-task';
  /** 'self', 'same-origin-descendant', … (the Long Tasks API's culprit). */
  name: string;
  startTime: number;
  /** ≥ 50. */
  duration: number;
  /** Container that ran the task ('iframe', 'window', …) when the browser says. */
  containerType?: string;
  containerSrc?: string;
}

/** An input whose next paint came 100 ms or more after it (Event Timing API). */
export interface EventTimingEntry extends TrackerEntryBase {
  kind: 'event-timing';
  /** Event type ('click', 'keydown', …). */
  name: string;
  startTime: number;
  /** ≥ 100. */
  duration: number;
  processingStart: number;
  processingEnd: number;
  /** Groups the events of one user interaction; 0 when none. */
  interactionId: number;
  /** Tag name (and #id) of the event target, when still in the document. */
  target?: string;
}

/** One resource timing, as listed in a resource batch or a slow-resource entry. */
export interface ResourceTiming {
  /** Resource URL, query secrets redacted, ≤ 30 000 characters. */
  name: string;
  initiatorType: string;
  startTime: number;
  duration: number;
  /** Bytes over the network; 0 from cache or for cross-origin resources without Timing-Allow-Origin. */
  transferSize: number;
}

/** A resource of 300 ms or more, or of 300 000 bytes or more. */
export interface SlowResourceEntry extends TrackerEntryBase, ResourceTiming {
  kind: 'slow-resource';
  encodedBodySize: number;
  decodedBodySize: number;
}

/** The resource timings of a slow page load (> 8 000 ms), sent for 1 % of such loads. */
export interface ResourceBatchEntry extends TrackerEntryBase {
  kind: 'resource-batch';
  /** The load time that qualified the page. */
  loadTime: number;
  /** At most 200, in load order. */
  resources: ResourceTiming[];
}

/** Any entry; switch on `kind`. */
export type TrackerEntry =
  | ApiErrorEntry
  | JsErrorEntry
  | PerformanceReportEntry
  | LongTaskEntry
  | EventTimingEntry
  | SlowResourceEntry
  | ResourceBatchEntry;

/** One request body sent to the collector. */
export interface TrackerBatch {
  entries: TrackerEntry[];
}

type Draft<E> = E extends TrackerEntry ? Omit<E, Exclude<keyof TrackerEntryBase, 'kind'>> : never;

/** An entry before the tracker stamps the common fields (user, `ts`, `url`) on it. */
export type TrackerEntryDraft = Draft<TrackerEntry>;
