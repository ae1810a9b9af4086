/**
 * Structured logs: one JSON object per line. Fields whose names look like secrets (passwords,
 * tokens, cookies, authorization, codes, captchas) are replaced before anything is written, at
 * any depth, so a careless `log.info('x', { body })` cannot leak them.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/** Where lines go; tests pass an array's push. @default writes to stdout */
export type LogSink = (line: string) => void;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (e.g. the request id). */
  child(fields: LogFields): Logger;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Field names whose values are never logged. `code` alone is a verification code; error codes
 * are logged as `errorCode`. */
const SECRET_KEY = /pass(word|wd)?|secret|token|cookie|authori[sz]ation|^code$|captcha|umid|session_?id/i;

/** Replaces secret-looking fields with '[redacted]', recursively; Errors become { message, stack }. */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: LogFields = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

export interface LoggerOptions {
  /** @default 'info' */
  level?: LogLevel;
  sink?: LogSink;
}

/** Creates a JSON-lines logger. */
export function createLogger(options: LoggerOptions = {}, base: LogFields = {}): Logger {
  const min = LEVELS[options.level ?? 'info'];
  const sink = options.sink ?? ((line: string) => process.stdout.write(line + '\n'));
  const write = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (LEVELS[level] < min) return;
    const entry = redact({ time: new Date().toISOString(), level, msg, ...base, ...fields });
    sink(JSON.stringify(entry));
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger(options, { ...base, ...fields }),
  };
}
