/**
 * Server configuration, read from the environment once at start (documented in the README and docs/server.md).
 */
import { FLAVOURS } from '../src/core/settings';
import type { Flavour } from '../src/core/settings';
import type { LogLevel } from './log';
import { oidcConfigFromEnv } from './oidc/client';
import type { OidcConfig } from './oidc/client';
import { ldapConfigFromEnv } from './ldap/config';
import type { LdapConfig } from './ldap/config';
import { ssoConfigFromEnv } from './login/providers';
import type { SsoConfig } from './login/providers';
import { s3ConfigFromEnv } from './storage/s3';
import type { S3Config } from './storage/s3';

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
  /** `YX_DEMO_MESSAGES`: extra messages the demo user gets on the first seed (the 10,000-message
   * benchmark). @default 0 */
  demoMessages: number;
  /** @default 'standard' */
  flavour: Flavour;
  /** `smtp://user:pass@host:port`; unset means mail goes to the outbox table. */
  smtpUrl: string | undefined;
  /** `SSH_PORT`: the SSH endpoint that greets registered keys (server/ssh/server.ts), on `host`;
   * 0 turns it off. @default 2222 */
  sshPort: number;
  /** `OIDC_DINGTALK_*`, `OIDC_LARK_*`: OpenID providers for third-party bindings; unset = unavailable. */
  oidc: OidcConfig;
  /** `OIDC_WECHAT_WORK_*`, `OIDC_ALIYUN_*`: the sign-in-only OpenID providers; unset = not listed. */
  sso: SsoConfig;
  /** `LDAP_URL` and friends (server/ldap/config.ts): LDAP / Windows AD sign-in; unset = off. */
  ldap: LdapConfig | undefined;
  /** Built front end (`npm run build`). @default 'dist' */
  distDir: string;
  /** @default 'info' */
  logLevel: LogLevel;
  /** `PUBLIC_URL`: the origin users reach the server at (emailed links, avatar URLs, OpenID
   * redirect URIs). Unset means the request's own origin when its Host is a loopback name (the
   * demo on one machine), else the server's own `host:port` (server/profile/origin.ts: a Host
   * header is the client's word). An origin only: no path, no trailing slash. */
  publicUrl: string | undefined;
  /** `STORAGE_DIR`: keep uploaded files in this directory; unset means in the database. */
  storageDir: string | undefined;
  /** `S3_BUCKET` and friends (server/storage/s3.ts): keep uploaded files in an S3-compatible
   * bucket; unset = not used. Never set together with storageDir. */
  s3: S3Config | undefined;
  /** `TRUST_PROXY=1`: a reverse proxy sits in front, so the client address is the last
   * `X-Forwarded-For` entry rather than the socket's peer (IP allowlists). @default false */
  trustProxy: boolean;
  /** `SSE_HEARTBEAT_SECONDS`: how often an idle message stream sends a comment, so proxies and
   * load balancers with a shorter idle timeout keep the connection. @default 15 s */
  sseHeartbeatMs: number;
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

/**
 * `PUBLIC_URL` checked (http or https, no query, no path) and without its trailing slash.
 *
 * A path prefix (`https://example.com/devops` behind a proxy mapping `/devops/` to `/`) is refused
 * rather than half-supported: the server's redirects, the page's `/users/…` links, the elements'
 * API paths (the page's `host` is '') and the app logos are all absolute paths on the origin, so
 * only the emailed links would keep the prefix and everything else would leave it.
 */
function publicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL such as https://devops.example.com, got "${value}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
    throw new ConfigError(`PUBLIC_URL must be a plain http(s) URL without query or credentials, got "${value}"`);
  }
  if (url.pathname.replace(/\/+$/, '')) {
    throw new ConfigError(
      `PUBLIC_URL must be an origin without a path, such as https://devops.example.com, got "${value}": ` +
        'the server cannot run under a path prefix; give it its own host name (or port) at the proxy',
    );
  }
  return url.origin;
}

/** The problem a `…FromEnv` reader reported becomes a ConfigError. */
function orFail<T>({ config, problem }: { config: T; problem?: string }): T {
  if (problem) throw new ConfigError(problem);
  return config;
}

function oidcProviders(env: NodeJS.ProcessEnv): OidcConfig {
  const { config, problem } = oidcConfigFromEnv(env);
  if (problem) throw new ConfigError(problem);
  return config;
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
    demoMessages: integer(env, 'YX_DEMO_MESSAGES', 0, 0, 100_000),
    flavour: oneOf(env, 'FLAVOUR', FLAVOURS, 'standard'),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    sshPort: integer(env, 'SSH_PORT', 2222, 0, 65535),
    oidc: oidcProviders(env),
    sso: orFail(ssoConfigFromEnv(env)),
    ldap: orFail(ldapConfigFromEnv(env)),
    distDir: env.YX_DIST_DIR?.trim() || 'dist',
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    publicUrl: publicUrl(env.PUBLIC_URL),
    storageDir: env.STORAGE_DIR?.trim() || undefined,
    s3: orFail(s3ConfigFromEnv(env)),
    trustProxy: oneOf(env, 'TRUST_PROXY', ['0', '1'] as const, '0') === '1',
    sseHeartbeatMs: integer(env, 'SSE_HEARTBEAT_SECONDS', 15, 1, 300) * 1000,
  };
}
