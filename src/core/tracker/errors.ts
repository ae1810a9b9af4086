/**
 * Turns failed calls and uncaught script errors into entry drafts, after the ignore rules of §8
 * and with every text scrubbed and cut to the limits of §9.
 */
import type { HttpError } from '../http';
import { isIgnoredApiFailure, isIgnoredErrorText } from './ignore';
import { TRACKER_LIMITS } from './limits';
import { cut, safeHeaders, scrubCut, scrubUrl, toLoggedText } from './scrub';
import type { JsErrorEntry, TrackerEntryDraft } from './types';

/** A failed call as the page reports it to {@link Tracker.reportApiError}. */
export interface ApiErrorReport {
  /** @default 'GET' */
  method?: string;
  /** The called URL (absolute or relative). */
  url: string;
  /** HTTP status; 200 for a successful answer carrying `{ code, message }` of an error. */
  status: number;
  /** `HttpError.kind`. @default 'business' for status 200, otherwise 'http' / 'server' by status */
  kind?: string;
  /** The server's error code. @default the response body's `code` */
  code?: string;
  /** The message the page showed. @default the response body's `message` */
  message?: string;
  requestId?: string;
  /** Logged scrubbed, up to 10 000 characters. */
  requestBody?: unknown;
  /** The decoded response body; logged scrubbed, up to 10 000 characters. */
  response?: unknown;
  /** Only the allow-listed ones are kept (`SAFE_HEADERS`). */
  headers?: Record<string, string> | Headers;
  durationMs?: number;
}

/** An api-error entry without the common fields. */
export type ApiErrorDraft = Extract<TrackerEntryDraft, { kind: 'api-error' }>;
/** A js-error entry without the common fields. */
export type JsErrorDraft = Extract<TrackerEntryDraft, { kind: 'js-error' }>;

const bodyField = (body: unknown, name: string): string | undefined => {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value ? value : undefined;
};

/** The report of a failed call of the HTTP client (`addHttpErrorListener`). The client keeps no
 * request body, so a caller that wants it logged reports through `reportApiError` itself. */
export function reportFromHttpError(error: HttpError, durationMs?: number): ApiErrorReport {
  return {
    method: error.method,
    url: error.url,
    status: error.status,
    kind: error.kind,
    code: error.code,
    message: error.message,
    ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
    ...(error.body !== undefined ? { response: error.body } : {}),
    ...(durationMs !== undefined ? { durationMs } : {}),
  };
}

/** The api-error draft of a report, or `undefined` when §8 says to ignore it. */
export function apiErrorDraft(
  report: ApiErrorReport,
  ignoredPaths?: readonly (string | RegExp)[],
): ApiErrorDraft | undefined {
  const status = Number.isFinite(report.status) ? report.status : -1;
  const code = report.code ?? bodyField(report.response, 'code');
  const message = report.message ?? bodyField(report.response, 'message') ?? `HTTP ${status}`;
  const failure = { url: report.url, status, code, message, body: report.response };
  if (isIgnoredApiFailure(failure, ignoredPaths)) return undefined;
  const kind = report.kind ?? (status === 200 ? 'business' : status >= 500 ? 'server' : 'http');
  const requestBody = toLoggedText(report.requestBody, TRACKER_LIMITS.maxBodyLength);
  const response = toLoggedText(report.response, TRACKER_LIMITS.maxBodyLength);
  const headers = safeHeaders(report.headers);
  const requestId = report.requestId ?? bodyField(report.response, 'requestId');
  return {
    kind: 'api-error',
    method: (report.method ?? 'GET').toUpperCase().slice(0, 16),
    requestUrl: scrubUrl(report.url, TRACKER_LIMITS.maxUrlLength),
    status,
    errorKind: kind,
    code: scrubCut(code ?? kind, 200),
    message: scrubCut(message, TRACKER_LIMITS.maxResponseMessageLength),
    ...(requestId ? { requestId: cut(requestId, 200) } : {}),
    ...(report.durationMs !== undefined ? { durationMs: Math.max(0, Math.round(report.durationMs)) } : {}),
    ...(requestBody !== undefined ? { requestBody } : {}),
    ...(response !== undefined ? { response } : {}),
    ...(headers ? { headers } : {}),
  };
}

function describeReason(reason: unknown): { name?: string; message: string; stack?: string } {
  if (reason instanceof Error) {
    return { name: reason.name, message: reason.message, ...(reason.stack ? { stack: reason.stack } : {}) };
  }
  if (typeof reason === 'string') return { message: reason };
  return { message: toLoggedText(reason, TRACKER_LIMITS.maxErrorMessageLength) ?? String(reason) };
}

/** The js-error draft of a window 'error' / 'unhandledrejection' event, or `undefined` when the
 * event is browser noise, an extension's error, or not a script error at all. */
export function jsErrorDraft(event: Event): JsErrorDraft | undefined {
  let source: JsErrorEntry['source'];
  let described: { name?: string; message: string; stack?: string };
  let filename: string | undefined;
  let line: number | undefined;
  let column: number | undefined;
  if (event.type === 'unhandledrejection') {
    source = 'unhandledrejection';
    described = describeReason((event as PromiseRejectionEvent).reason);
  } else if (event.type === 'error' && 'message' in event) {
    const e = event as ErrorEvent;
    source = 'error';
    described = e.error instanceof Error ? describeReason(e.error) : { message: String(e.message ?? '') };
    if (!described.message && e.message) described.message = String(e.message);
    filename = e.filename || undefined;
    line = e.lineno || undefined;
    column = e.colno || undefined;
  } else {
    // an 'error' event without a message is a failed <img>/<script> load, not a script error
    return undefined;
  }
  if (isIgnoredErrorText(described.message, described.stack, filename)) return undefined;
  return {
    kind: 'js-error',
    source,
    ...(described.name ? { name: cut(described.name, 200) } : {}),
    message: scrubCut(described.message, TRACKER_LIMITS.maxErrorMessageLength),
    ...(described.stack ? { stack: scrubCut(described.stack, TRACKER_LIMITS.maxStackLength) } : {}),
    ...(filename ? { filename: scrubUrl(filename, TRACKER_LIMITS.maxUrlLength) } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}
