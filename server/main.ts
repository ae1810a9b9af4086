/**
 * Start-up: environment → configuration → database (migrated, seeded) → app → listening.
 * `npm run server` runs this file; `npm start` (scripts/start.mjs) builds first, then calls main().
 */
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { sweepSessions } from './auth/sessions';
import { systemClock } from './clock';
import type { Clock } from './clock';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/index';
import type { OpenDatabase } from './db/index';
import { migrate } from './db/migrate';
import { serverTranslator } from './i18n';
import { createLogger } from './log';
import type { Logger } from './log';
import { providersJson } from './login/providers';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { closeMessageHub } from './notifications/hub';
import { OIDC_PROVIDERS } from './oidc/client';
import { sweepTracking } from './routes/tracking';
import { markUnseeded, seedCatalogue, seedDemo } from './seed';
import { DEMO_ACCOUNTS } from './seed-data';
import { avatarSweepDone } from './profile/avatar';
import { startSshServer } from './ssh/server';
import type { SshServer } from './ssh/server';
import { storageDescription, storageFor } from './storage/index';
import { bearerAuthenticator } from './tokens/bearer';

/** A running server. */
export interface RunningServer {
  url: string;
  port: number;
  database: OpenDatabase;
  deps: AppDeps;
  /** Whether this start wrote the demo data. */
  seeded: boolean;
  /** The SSH endpoint, when it runs (see {@link StartOptions.ssh}). */
  ssh: SshServer | undefined;
  /** Stops accepting, finishes requests in flight (5 s at most), closes mail and the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  log?: Logger;
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: OpenDatabase;
  /** Also run the SSH endpoint on `config.sshPort` (unless 0). Off by default so test servers do
   * not all claim port 2222; main() turns it on. @default false */
  ssh?: boolean;
}

/** Prepares the database: migrations, app catalogue, demo seed (first start only). */
export async function prepareDatabase(db: OpenDatabase['db'], config: Config, clock: Clock): Promise<boolean> {
  await migrate(db);
  await seedCatalogue(db);
  if (config.seed === 'none') {
    await markUnseeded(db);
    return false;
  }
  return seedDemo(db, {
    clock,
    flavour: config.flavour,
    extraOrgs: config.demoOrgs,
    extraMessages: config.demoMessages,
  });
}

/** Opens the database, prepares it and listens on `config.host:config.port` (0 = any free port). */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger({ level: config.logLevel });
  const database = options.database ?? (await openDatabase(config));
  let server: Server | undefined;
  let ssh: SshServer | undefined;
  try {
    // A wrong bucket or key fails the start, not the first upload.
    await storageFor({ db: database.db, clock, config }).check?.();
    const seeded = await prepareDatabase(database.db, config, clock);
    const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, log) : outboxMailer(database.db, clock);
    const bearer = bearerAuthenticator({ db: database.db, clock });
    const deps: AppDeps = { db: database.db, config, clock, mailer, log, bearer };
    await sweepSessions(deps);
    await sweepTracking(deps);
    const app = createApp(deps);
    const port = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
        resolve(info.port),
      ) as Server;
      server.once('error', reject);
    });
    if (options.ssh && config.sshPort !== 0)
      ssh = await startSshServer(deps, { host: config.host, port: config.sshPort });
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const close = once(async () => {
      await ssh?.close();
      // Open message streams never go idle: end them first, or closing would wait 5 s for them.
      await closeMessageHub(database.db);
      await closeServer(server!);
      mailer.close();
      // Like a request under way, a look for left-over avatar files ends before the database.
      await avatarSweepDone(database.db);
      await database.close();
    });
    return { url: `http://${host}:${port}`, port, database, deps, seeded, ssh, close };
  } catch (error) {
    await ssh?.close();
    if (server) await closeServer(server);
    await database.close();
    throw error;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Keep-alive clients that never go idle must not hold shutdown hostage.
    setTimeout(() => server.closeAllConnections(), 5000).unref();
  });
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** The start-up banner: URL, where the data is, the sign-in methods, the demo accounts and the
 * start-up time.
 * @param startedAt - `performance.now()` at process start. */
export function banner(running: RunningServer, config: Config, startedAt: number): string {
  const lines = [
    '',
    `  yx account server ready in ${Math.round(performance.now() - startedAt)} ms`,
    `  URL:       ${running.url}/users/`,
    `  Database:  ${running.database.kind} (${running.database.location})${running.seeded ? ', demo data written' : ''}`,
    `  Mail:      ${mailLine(running)}`,
    `  Storage:   ${storageDescription(config)}`,
    `  Sign-in:   ${signInLine(config)}`,
  ];
  if (running.ssh) {
    lines.push(
      `  SSH:       ssh -T -p ${running.ssh.port} git@${config.host} (host key ${running.ssh.hostKeyFingerprint})`,
    );
  }
  if (config.seed === 'demo') {
    lines.push('  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(6)} / ${a.password.padEnd(11)} ${a.note}`);
  }
  return lines.join('\n') + '\n';
}

/** Runs the server from the environment until SIGINT / SIGTERM.
 * @param startedAt - `performance.now()` at process start, for the start-up figure. @default 0 */
export async function main(startedAt = 0): Promise<RunningServer> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const running = await startServer(config, { ssh: true });
  process.stdout.write(banner(running, config, startedAt));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C: leave now
    stopping = true;
    running.deps.log.info('shutting down', { signal });
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.deps.log.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return running;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}

/**
 * The sign-in methods and account bindings turned on, by the names the login page shows in
 * English. Names only: an issuer or `LDAP_URL` may carry credentials, and the banner is often
 * pasted into tickets.
 * @example signInLine(config) // 'password, DingTalk, LDAP, Windows AD; bindings: DingTalk'
 */
export function signInLine(config: Pick<Config, 'oidc' | 'sso' | 'ldap'>): string {
  const t = serverTranslator('en_US');
  const { providers, ldap } = providersJson(config, t);
  const directories = ldap.kinds.map((kind) => t(kind === 'windows-ad' ? 'page.login.windowsAd' : 'page.login.ldap'));
  const bindings = OIDC_PROVIDERS.filter((id) => config.oidc[id]).map((id) => t(`page.login.${id}`));
  const methods = ['password', ...providers.map((p) => p.name), ...directories].join(', ');
  return `${methods}; bindings: ${bindings.join(', ') || 'none'}`;
}

/** Where mail goes: SMTP, the demo outbox page, or nowhere (email features then answer 503). */
function mailLine(running: RunningServer): string {
  if (running.deps.mailer.kind === 'smtp') return 'SMTP';
  if (running.deps.config.seed === 'demo') return `outbox (${running.url}/users/dev/outbox)`;
  return 'not configured: set SMTP_URL (email binding and emailed codes answer email_service_not_configured)';
}
