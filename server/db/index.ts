/**
 * Opens the database: PGlite (embedded PostgreSQL) in a data directory by default, or a
 * PostgreSQL server when a URL is given. Both come back as the same Kysely instance.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

/** Where the data lives. `databaseUrl` wins over `dataDir`. */
export interface DatabaseOptions {
  /** `postgres://…`; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files (in `<dataDir>/pglite`). @default '.data' */
  dataDir?: string | undefined;
  /** A `dumpDataDir()` tarball to start a NEW data directory from (tests use a migrated one). */
  template?: Blob | undefined;
}

/** An open database. */
export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Where the data is, for messages: the data directory or the URL without its password. */
  location: string;
  /** Closes cleanly (PGlite flushes and releases its directory). Safe to call twice. */
  close(): Promise<void>;
}

/** Opens (creating when needed) the database described by `options`. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPGlite(resolve(options.dataDir ?? '.data'), options.template);
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A client losing its connection must not crash the process: the pool reports idle ones here,
  // and a checked-out one (which Kysely does not listen to) would otherwise throw as an uncaught
  // 'error' event. Its query still fails (→ 503), the pool drops it, and the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return { db, kind: 'postgres', location: redactUrl(url), close: once(() => db.destroy()) };
}

async function openPGlite(dataDir: string, template: Blob | undefined): Promise<OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  try {
    const dir = join(dataDir, 'pglite');
    const fresh = !existsSync(join(dir, 'PG_VERSION'));
    const pglite = await PGlite.create({ dataDir: dir, ...(fresh && template ? { loadDataDir: template } : {}) });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    const close = once(async () => {
      await db.destroy();
      // Kysely skips the driver's destroy when no query ever ran; PGlite must close regardless.
      if (!pglite.closed) await pglite.close();
      releaseLock();
    });
    return { db, kind: 'pglite', location: dataDir, close };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** PGlite is single-process: a second server on the same directory would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'server.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data directory ${dataDir} is in use by process ${pid}. Stop that server, or use another DATA_DIR ` +
          '(or DATABASE_URL to share one PostgreSQL between servers).',
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** The URL with its password replaced, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}
