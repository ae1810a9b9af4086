/**
 * A fresh database for one test file.
 *
 * - PGlite (default): a copy of a template data directory that is already migrated and seeded.
 *   initdb costs ~4 s and ~0.8 GB, loading a dumped template ~1 s, so the template is built once
 *   and cached in `.test-data/` under a hash of everything that shapes it.
 * - PostgreSQL (`DATABASE_URL` set): a new database on that server per file, dropped at the end.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../../server/config';
import type { Config } from '../../../server/config';
import { openDatabase } from '../../../server/db/index';
import type { OpenDatabase } from '../../../server/db/index';
import { PGliteDialect } from '../../../server/db/pglite-dialect';
import type { Database } from '../../../server/db/schema';
import { prepareDatabase } from '../../../server/main';
import { systemClock } from '../../../server/clock';

/** The configuration the template and every test server share (a demo seed, standard flavour). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), port: 0, logLevel: 'debug', distDir: '.test-data/no-dist', ...overrides };
}

/** One test file's database; `open()` may be called again after the previous one closed (restarts). */
export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** Where it lives, for a server started as a child process: `DATA_DIR` (PGlite) or `DATABASE_URL`. */
  env?: { DATA_DIR: string } | { DATABASE_URL: string };
  open(): Promise<OpenDatabase>;
  /** Removes the data (directory or database). */
  dispose(): Promise<void>;
}

const SHAPING = [
  'server/db',
  'server/seed.ts',
  'server/seed-data.ts',
  'server/seed-messages.ts',
  'src/core/catalogue.ts',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!path.endsWith('.ts')) {
    return readdirSync(path, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .sort()
      .map((f) => join(path, f));
  }
  return [path];
}

function templateFile(): string {
  const hash = createHash('sha256');
  for (const file of SHAPING.flatMap(filesUnder)) hash.update(file).update(readFileSync(file));
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version);
  return join('.test-data', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** The migrated, seeded template tarball, built on first use. */
async function pgliteTemplate(): Promise<Blob> {
  const file = templateFile();
  if (!existsSync(file)) {
    const started = performance.now();
    const pglite = await PGlite.create();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    await prepareDatabase(db, testConfig(), systemClock);
    const dump = await pglite.dumpDataDir('gzip');
    await db.destroy();
    mkdirSync('.test-data', { recursive: true });
    // Templates of other sources go; this one's, and its partial files (another test file may be
    // building it at the same moment, side by side), stay.
    const name = basename(file);
    for (const old of readdirSync('.test-data').filter(
      (f) => f.startsWith('pglite-template-') && !f.startsWith(name),
    )) {
      rmSync(join('.test-data', old), { force: true });
    }
    // Write then rename, so a half-written template is never picked up.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    console.log(`# built PGlite template ${file} in ${Math.round(performance.now() - started)} ms`);
  }
  return new Blob([readFileSync(file)]);
}

/** A fresh database for this file: PGlite from the template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return createPostgresDatabase(url);
  const template = await pgliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'yx-test-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir, template }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(url: string): Promise<TestDatabase> {
  const name = `yx_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: own.toString() },
    open: () => openDatabase({ databaseUrl: own.toString() }),
    dispose: () => admin(`drop database if exists ${name} with (force)`),
  };
}
