/**
 * The usage tracker's collector (§7 "Usage tracking"): `POST /tracking/logs` keeps the batches the
 * pages send (`src/core/tracker/`), and in demo mode `GET /users/dev/tracking` lists them.
 *
 * The collector exists only while the page settings name it (`trackingEndpoint`: demo mode);
 * otherwise `POST /tracking/logs` is an unknown route like any other.
 *
 * The body is checked against the tracker's wire format (`types.ts`) and limits (`limits.ts`);
 * unknown fields are tolerated (newer pages may add some) but only the validated fields are
 * stored. Entries are attributed by the user fields they carry, so the route works with or without
 * a signed-in user (the login page reports too). It is rate-limited per signed-in user, or per
 * client address for everyone else: an anonymous pre-session costs nothing to open, so keying by
 * it would let one client open a new limit per batch. Kept rows are swept after
 * {@link TRACKING_RETENTION}. Entry contents are never written to the server log.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import * as v from 'valibot';
import { TRACKER_LIMITS, TRACKER_USER_TYPE } from '../../src/core/tracker/limits';
import type { TrackerBatch, TrackerEntry } from '../../src/core/tracker/types';
import type { Config } from '../config';
import type { AppDeps, AppEnv } from '../context';
import { AppError, errors } from '../errors';
import { clientAddress, fromThisMachine } from '../net/client-ip';
import { insertBatch, listTrackingLogs, sweepTrackingLogs } from '../repos/tracking';
import type { TrackingRateLimits, TrackingRetention } from '../repos/tracking';

/** Where pages send their batches (also the page setting `trackingEndpoint`). */
export const TRACKING_LOGS_PATH = '/tracking/logs';

/** Largest accepted body. The tracker sends ≤ 60 KB per request; an entry bigger than that (a
 * long stack) travels alone, and a full js-error entry stays well under this. */
export const TRACKING_BODY_LIMIT_BYTES = 256 * 1024;

/** Most entries in one batch: the tracker's resource-batch size, which also bounds a request. */
export const TRACKING_MAX_ENTRIES = 200;

/** Per signed-in user (or client address) and minute. */
export const TRACKING_RATE_LIMITS: TrackingRateLimits = { windowMs: 60_000, batches: 30, entries: 1_000 };

/** How long kept entries stay, and how many at most: the demo listing shows the last 500, and a
 * flood from many addresses must not fill the disk. */
export const TRACKING_RETENTION: TrackingRetention = { maxAgeMs: 7 * 24 * 3600_000, maxRows: 100_000 };

/** The collector sweeps at most this often (at start, then with the batches it keeps). */
export const TRACKING_SWEEP_EVERY_MS = 5 * 60_000;

/** Whether pages are told to report here (the page setting `trackingEndpoint`), and so whether
 * the collector exists: only the demo, where no real logging service is configured. */
export const trackingEnabled = (config: Pick<Config, 'seed'>): boolean => config.seed === 'demo';

/** Drops entries past {@link TRACKING_RETENTION} (run at start and from the collector). */
export function sweepTracking(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  return sweepTrackingLogs(deps.db, deps.clock.now(), TRACKING_RETENTION);
}

/** The demo listing's length. */
const LISTED = 500;

// ---------------------------------------------------------------- the wire format

const L = TRACKER_LIMITS;
/** Labels the tracker does not cut itself (user ids and names, kinds of things): generous but bounded. */
const LABEL = 1_000;
/** Codes, request ids and error names, which the tracker cuts to 200. */
const SHORT = 200;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const ms = v.pipe(v.number(), v.finite(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const url = text(L.maxUrlLength);

const base = {
  userId: text(LABEL),
  userName: text(LABEL),
  appName: text(LABEL),
  pid: text(LABEL),
  user_type: v.literal(TRACKER_USER_TYPE),
  organizationId: text(LABEL),
  channel: v.optional(text(LABEL)),
  variant: v.optional(text(SHORT)),
  ts: ms,
  url,
};

const resourceTiming = {
  name: url,
  initiatorType: text(LABEL),
  startTime: ms,
  duration: ms,
  transferSize: count,
};

// v.object (not looseObject): unknown fields pass validation but are dropped from the output.
const entrySchema = v.variant('kind', [
  v.object({
    ...base,
    kind: v.literal('api-error'),
    method: text(16),
    requestUrl: url,
    // the tracker's own codes for "no answer" are negative (§8), HTTP statuses three digits
    status: v.pipe(v.number(), v.integer(), v.minValue(-3), v.maxValue(999)),
    errorKind: text(SHORT),
    code: text(SHORT),
    message: text(L.maxResponseMessageLength),
    requestId: v.optional(text(SHORT)),
    durationMs: v.optional(ms),
    requestBody: v.optional(text(L.maxBodyLength)),
    response: v.optional(text(L.maxBodyLength)),
    headers: v.optional(
      v.pipe(
        v.record(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,100}$/)), text(LABEL)),
        v.check((h) => Object.keys(h).length <= 20),
      ),
    ),
  }),
  v.object({
    ...base,
    kind: v.literal('js-error'),
    source: v.picklist(['error', 'unhandledrejection']),
    name: v.optional(text(SHORT)),
    message: text(L.maxErrorMessageLength),
    stack: v.optional(text(L.maxStackLength)),
    filename: v.optional(url),
    line: v.optional(count),
    column: v.optional(count),
  }),
  v.object({
    ...base,
    kind: v.literal('performance'),
    navigationType: text(SHORT),
    loadTime: v.pipe(ms, v.maxValue(L.maxPageLoadMs)),
    dns: ms,
    tcp: ms,
    ttfb: ms,
    download: ms,
    domInteractive: ms,
    domContentLoaded: ms,
    fcp: v.optional(ms),
    transferSize: count,
  }),
  v.object({
    ...base,
    kind: v.literal('long-task'),
    name: text(LABEL),
    startTime: ms,
    duration: v.pipe(ms, v.minValue(L.longTaskMs)),
    containerType: v.optional(text(LABEL)),
    containerSrc: v.optional(url),
  }),
  v.object({
    ...base,
    kind: v.literal('event-timing'),
    name: text(LABEL),
    startTime: ms,
    duration: v.pipe(ms, v.minValue(L.eventTimingMs)),
    processingStart: ms,
    processingEnd: ms,
    interactionId: count,
    target: v.optional(text(LABEL)),
  }),
  v.object({
    ...base,
    ...resourceTiming,
    kind: v.literal('slow-resource'),
    encodedBodySize: count,
    decodedBodySize: count,
  }),
  v.object({
    ...base,
    kind: v.literal('resource-batch'),
    loadTime: ms,
    resources: v.pipe(v.array(v.object(resourceTiming)), v.maxLength(L.resourceBatchSize)),
  }),
]);

/** One request body of the tracker. */
export const trackerBatchSchema = v.object({
  entries: v.pipe(v.array(entrySchema), v.minLength(1), v.maxLength(TRACKING_MAX_ENTRIES)),
});

// Compile-time proof that the schema and types.ts describe the same format: every entry a page
// can send is accepted, and everything accepted is a TrackerEntry.
const _acceptsEveryBatch = (batch: TrackerBatch): v.InferInput<typeof trackerBatchSchema> => batch;
const _storesOnlyEntries = (batch: v.InferOutput<typeof trackerBatchSchema>): TrackerEntry[] => batch.entries;

// ---------------------------------------------------------------- routes

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Whose limits a request counts against: the signed-in user, else the client address (behind a
 * trusted proxy, the one it forwarded), hashed so the table holds neither. Not an anonymous
 * pre-session: anyone can open a fresh one per batch. */
function rateKeyOf(c: Context<AppEnv>, trustProxy: boolean): string {
  const principal = c.get('principal');
  if (principal) return sha256(`user:${principal.user.id}`);
  return sha256(`ip:${clientAddress(c, trustProxy) ?? 'unknown'}`);
}

/** The body as JSON, or 400 `malformed_json` (the size was checked by the body limit). */
async function readBody(c: Context<AppEnv>): Promise<unknown> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw errors.malformedJson();
  }
}

/** Routes of the tracking domain. */
export function trackingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  if (trackingEnabled(deps.config)) collector(app, deps);

  // What the pages reported, for trying the tracker without a logging service. Demo data only, and
  // only for this machine, like the mail outbox: it lists every user's pages and failed calls.
  app.get('/users/dev/tracking', async (c) => {
    if (deps.config.seed !== 'demo' || !fromThisMachine(c)) throw errors.routeNotFound();
    return c.json(await listTrackingLogs(deps.db, LISTED));
  });

  return app;
}

/** `POST /tracking/logs` on `app`. */
function collector(app: Hono<AppEnv>, deps: AppDeps): void {
  // The server swept at start (main.ts); from then on, with the valid batches that arrive.
  let sweptAt = deps.clock.now().getTime();
  const sweepIfDue = async () => {
    const now = deps.clock.now().getTime();
    if (now - sweptAt < TRACKING_SWEEP_EVERY_MS) return;
    sweptAt = now; // before the await: concurrent batches do not all sweep
    await sweepTracking(deps);
  };

  app.post(
    TRACKING_LOGS_PATH,
    async (c, next) => {
      // Checked before reading: sendBeacon sends a JSON Blob's own type, so nothing else is expected.
      if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
        throw new AppError('unsupported_media_type', 415, 'server.invalidField', { field: 'content-type' });
      }
      await next();
    },
    bodyLimit({
      maxSize: TRACKING_BODY_LIMIT_BYTES,
      onError: () => {
        throw errors.tooLarge();
      },
    }),
    async (c) => {
      const parsed = v.safeParse(trackerBatchSchema, await readBody(c));
      // Only the field's path: the message and log must not echo what the page sent.
      if (!parsed.success) throw errors.invalid(v.getDotPath(parsed.issues[0]) || 'body');
      const entries = parsed.output.entries;
      await sweepIfDue();
      const result = await insertBatch(
        deps.db,
        rateKeyOf(c, deps.config.trustProxy),
        entries.map((entry) => ({ kind: entry.kind, entry })),
        deps.clock.now(),
        TRACKING_RATE_LIMITS,
      );
      if (!result.ok) {
        const seconds = result.retryAfterSeconds;
        c.header('Retry-After', String(seconds));
        throw new AppError('too_many_requests', 429, 'login.code.retryAfter', { seconds }, { retry_after: seconds });
      }
      c.get('log').debug('tracking batch kept', { entries: entries.length });
      return c.body(null, 204);
    },
  );
}
