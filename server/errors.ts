/**
 * Errors are values with a stable `code`, an HTTP status and a message key. One handler turns
 * them (and anything unexpected) into `{ code, message, requestId }` in the request's locale.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageParams } from '../src/core/i18n/index';
import type { AppEnv } from './context';
import type { AnyMessageKey } from './i18n';

/** A failure the client can act on. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    /** Stable machine-readable code, e.g. `csrf_invalid`. */
    readonly code: string,
    readonly status: ContentfulStatusCode,
    readonly messageKey: AnyMessageKey,
    readonly params?: MessageParams,
    /** Extra fields for the body, e.g. `{ field: 'username' }`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
  }
}

/** The errors every domain uses. Domain-specific ones are built where they happen. */
export const errors = {
  invalid: (field: string, messageKey: AnyMessageKey = 'server.invalidField') =>
    new AppError('invalid_request', 400, messageKey, { field }, { field }),
  databaseUnavailable: () => new AppError('database_unavailable', 503, 'server.databaseUnavailable'),
  invalidInput: () => new AppError('invalid_request', 400, 'server.invalidInput'),
  malformedJson: () => new AppError('malformed_json', 400, 'server.malformedJson'),
  tooLarge: () => new AppError('payload_too_large', 413, 'server.payloadTooLarge'),
  routeNotFound: () => new AppError('not_found', 404, 'server.routeNotFound'),
  unauthenticated: () => new AppError('unauthenticated', 401, 'server.unauthenticated'),
  csrf: () => new AppError('csrf_invalid', 403, 'server.csrfInvalid'),
  forbidden: (messageKey: AnyMessageKey = 'server.forbidden') => new AppError('forbidden', 403, messageKey),
};

/** Writes an error body. Unexpected errors are logged with their stack and answered with 500. */
export function errorResponse(error: unknown, c: Context<AppEnv>): Response {
  const requestId = c.get('requestId') ?? '';
  const t = c.get('t');
  if (error instanceof AppError) {
    // The unread rest of an oversized body would poison a kept-alive connection: close it.
    if (error.status === 413) c.header('Connection', 'close');
    const message = t ? t(error.messageKey, error.params) : error.code;
    return c.json({ code: error.code, message, requestId, ...error.extra }, error.status);
  }
  if (isDatabaseDown(error)) {
    c.get('log')?.error('database unavailable', { error: String(error), path: c.req.path });
    return errorResponse(errors.databaseUnavailable(), c);
  }
  if (isDataException(error)) {
    // Input the database cannot hold (a NUL character, a number out of range) is the client's
    // mistake; the statement failed as a whole, so nothing was written.
    c.get('log')?.warn('input refused by the database', { sqlState: error.code, path: c.req.path });
    return errorResponse(errors.invalidInput(), c);
  }
  c.get('log')?.error('unexpected error', { error, method: c.req.method, path: c.req.path });
  const message = t ? t('error.system') : 'System exception, please try again';
  return c.json({ code: 'internal_error', message, requestId }, 500);
}

/** PostgreSQL's "data exception" class (SQLSTATE 22xxx), raised by PGlite and PostgreSQL alike. */
function isDataException(error: unknown): error is { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The database cannot be reached: refused or dropped connections, a server shutting down or
 * starting up (SQLSTATE 08xxx and 57P01–57P03). The pool reconnects on the next query, so the
 * service recovers by itself when the database is back. */
function isDatabaseDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code))) return true;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  // node-postgres reports a connection lost mid-query without a code.
  return /Connection terminated|Client has encountered a connection error/.test(error.message);
}
