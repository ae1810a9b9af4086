/**
 * The usage tracker's business constants (§9), in one place so the front end and the collector
 * validate against the same numbers.
 */

/** Fixed `user_type` of every tracking report (§3, §9). */
export const TRACKER_USER_TYPE = 101;

/** Limits of the usage tracker (§9). All lengths are in UTF-16 code units (`String#length`),
 * which is what a JavaScript collector measures too. */
export const TRACKER_LIMITS = {
  /** Longest URL kept (page URL, request URL, resource name, script filename). */
  maxUrlLength: 30_000,
  /** Entries held while offline (or waiting for the idle send); the oldest are dropped first. */
  offlineQueueSize: 500,
  /** Longest request body / response text kept on an api-error entry. */
  maxBodyLength: 10_000,
  /** Longest server message kept on an api-error entry ("response messages cut to 50"). */
  maxResponseMessageLength: 50,
  /** Longest JS error message kept. */
  maxErrorMessageLength: 10_000,
  /** Longest JS error stack kept. */
  maxStackLength: 100_000,
  /** Share of page loads whose resource timings are sent (1 %). */
  resourceSampleRate: 0.01,
  /** Only page loads slower than this (ms) may send their resource timings. */
  resourceSampleMinLoadMs: 8_000,
  /** Most resource timings in one resource-batch entry. */
  resourceBatchSize: 200,
  /** A batch is sent this long (ms) after the last report. */
  idleSendMs: 1_000,
  /** A page-load report above this (ms) is discarded as unreliable (e.g. a background tab). */
  maxPageLoadMs: 20_000,
  /** A resource at least this slow (ms) is reported on its own. */
  slowResourceMs: 300,
  /** A resource at least this big (bytes transferred) is reported on its own. */
  slowResourceBytes: 300_000,
  /** Shortest long task reported (ms). */
  longTaskMs: 50,
  /** Shortest event (input to next paint, ms) reported. */
  eventTimingMs: 100,
  /** Wait after the load event before the page-load report, so `loadEventEnd` is final. */
  pageCompleteWaitMs: 100,
} as const;

/** Not in §9: the idle wait restarts on every report, so a steady trickle of reports could
 * postpone the send forever. A batch never waits longer than this after its first entry. */
export const MAX_BATCH_DELAY_MS = 10_000;

/** Browsers refuse `sendBeacon` and `fetch(…, { keepalive: true })` bodies above 64 KiB (in
 * flight, per page); requests are split to stay under it, with room for other beacons. */
export const MAX_BEACON_BYTES = 60_000;
