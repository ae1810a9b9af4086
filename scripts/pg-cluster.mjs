// A throwaway PostgreSQL server for the server tests (scripts/test.mjs) and for trying the server
// against a real PostgreSQL:
//   node scripts/pg-cluster.mjs          → starts one, prints DATABASE_URL, stops on Ctrl-C
//   const pg = await startPostgres()     → { url, stop() } or null (with the reason printed)
// It uses Debian's postgresql (installed with apt-get when missing and running as root), runs
// initdb in a temp dir and listens on 127.0.0.1 on a free port; as root it runs everything as
// the `postgres` OS user, because PostgreSQL refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const isRoot = process.getuid?.() === 0;

/** The newest /usr/lib/postgresql/<v>/bin with initdb, or $PG_BIN, or pg_config --bindir. */
function findBinDir() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = pgConfig.status === 0 ? pgConfig.stdout.trim() : '';
  return dir && existsSync(join(dir, 'initdb')) ? dir : null;
}

function installPostgres() {
  console.log('[pg-cluster] PostgreSQL not found: installing Debian package "postgresql" with apt-get …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { stdio: 'inherit', env });
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function runPg(bin, args, options = {}) {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh PostgreSQL cluster with a database `yx`. Returns `{ url, pause, resume, stop }`, or null (after
 * printing why) when PostgreSQL is missing and cannot be installed.
 */
export async function startPostgres() {
  let bin = findBinDir();
  if (!bin && isRoot && spawnSync('apt-get', ['--version']).status === 0) {
    try {
      installPostgres();
    } catch (error) {
      console.error(`[pg-cluster] apt-get install postgresql failed: ${error.message}`);
    }
    bin = findBinDir();
  }
  if (!bin) {
    console.error(
      '[pg-cluster] No PostgreSQL found. Install it (Debian: apt-get install postgresql), set PG_BIN to its bin ' +
        'directory, or run as root so this script can install it. Skipping the PostgreSQL run.',
    );
    return null;
  }
  if (isRoot && spawnSync('id', ['postgres']).status !== 0) {
    console.error('[pg-cluster] Running as root but there is no "postgres" user to run the server as. Skipping.');
    return null;
  }

  const dir = mkdtempSync(join(tmpdir(), 'yx-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const pgCtl = join(bin, 'pg_ctl');
  let running = false;
  let options = '';
  const stopSync = () => {
    if (running) {
      running = false;
      try {
        runPg(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* already gone */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // If the caller dies without stop(), do not leave a server behind.
  process.once('exit', stopSync);

  try {
    runPg(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    // Durability is pointless for a throwaway test cluster; these make it several times faster.
    options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    runPg(pgCtl, ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
    running = true;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database yx');
    await admin.end();
  } catch (error) {
    console.error(`[pg-cluster] Could not start PostgreSQL: ${error.stderr || error.message}`);
    stopSync();
    return null;
  }

  const url = `postgres://postgres@127.0.0.1:${port}/yx`;
  console.log(`[pg-cluster] PostgreSQL (${bin}) on ${url}`);
  return {
    url,
    /** Shuts the server down, keeping its data (a database outage, for fault tests). */
    async pause() {
      // fast: ends every connection at once, but keeps what was committed (the cluster runs with
      // synchronous_commit off, so an immediate stop could lose the last commits).
      runPg(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    /** Starts it again on the same data and port. */
    async resume() {
      runPg(pgCtl, ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
    },
    async stop() {
      process.removeListener('exit', stopSync);
      stopSync();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cluster = await startPostgres();
  if (!cluster) process.exit(1);
  console.log(`DATABASE_URL=${cluster.url}\nPress Ctrl-C to stop.`);
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
