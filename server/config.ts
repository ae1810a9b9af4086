/**
 * Server configuration, read from the environment once at start (documented in the README).
 */
import { FLAVOURS } from '../src/core/settings';
import type { Flavour } from '../src/core/settings';
import type { LogLevel } from './log';

export interface Config {
  /** @default 8080 */
  port: number;
  /** @default '127.0.0.1' */
  host: string;
  /** PGlite data directory (ignored when databaseUrl is set). @default '.data' */
  dataDir: string;
  /** A PostgreSQL server; unset means embedded PGlite. */
  databaseUrl: string | undefined;
  /** What the first start puts into an empty database. @default 'demo' */
  seed: 'demo' | 'none';
  /** Extra organizations the demo user belongs to (to try paging). @default 0 */
  demoOrgs: number;
  /** @default 'standard' */
  flavour: Flavour;
  /** `smtp://user:pass@host:port`; unset means mail goes to the outbox table. */
  smtpUrl: string | undefined;
  /** Port of the SSH server shown with SSH keys. @default 22 */
  sshPort: number;
  /** Built front end (`npm run build`). @default 'dist' */
  distDir: string;
  /** @default 'info' */
  logLevel: LogLevel;
}

/** A configuration problem, with a message that says how to fix it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** Reads the configuration from `env`; throws {@link ConfigError} on a bad value.
 * @example loadConfig({ PORT: '0', YX_SEED: 'none' }) */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || '.data',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    seed: oneOf(env, 'YX_SEED', ['demo', 'none'] as const, 'demo'),
    demoOrgs: integer(env, 'YX_DEMO_ORGS', 0, 0, 10_000),
    flavour: oneOf(env, 'FLAVOUR', FLAVOURS, 'standard'),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    sshPort: integer(env, 'SSH_PORT', 22, 1, 65535),
    distDir: env.YX_DIST_DIR?.trim() || 'dist',
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
  };
}
