/**
 * Faults: the server process killed with SIGKILL in the middle of writes and started again on the
 * same data, and the database going away and coming back under a running server.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { startPostgres } from '../../scripts/pg-cluster.mjs';
import type { PostgresCluster } from '../../scripts/pg-cluster.mjs';
import { prepareDatabase, startServer } from '../../server/main';
import { systemClock } from '../../server/clock';
import { createLogger } from '../../server/log';
import { createTestDatabase, testConfig } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { Client } from './helpers/client';
import { checkCrashConsistency } from './helpers/crash-checks';
import { CrashJournal, passwordAfter, prepareCrashFixture, startCrashWriters } from './helpers/crash-writers';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the server killed with SIGKILL in the middle of writes', () => {
  let child: ChildProcess | undefined;
  let database: TestDatabase | undefined;
  after(async () => {
    child?.kill('SIGKILL');
    await database?.dispose();
  });

  it('starts again on the same data with every write whole or absent, and every acknowledged one whole', async (t) => {
    // The migrated, seeded test database (PGlite or PostgreSQL) with the writers' accounts and
    // messages added, opened by the child as its own. A new PostgreSQL database starts empty, so
    // it is prepared here as the child would prepare it (on the PGlite template this does nothing).
    database = await createTestDatabase();
    const setUp = await database.open();
    await prepareDatabase(setUp.db, testConfig(), systemClock);
    const fixture = await prepareCrashFixture(setUp.db);
    await setUp.close();
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SSH_PORT: '0',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      ...database.env,
    };
    const url = `http://127.0.0.1:${port}`;
    let stderr = '';
    const start = async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      // Read, so that a full pipe never blocks the server; kept for the failure message.
      child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      await waitFor('the server to be healthy', async () => ((await fetch(`${url}/healthz`)).ok ? true : undefined));
    };
    const stop = async (signal: NodeJS.Signals) => {
      const running = child;
      const exited = new Promise((resolve) => running?.once('exit', resolve));
      running?.kill(signal);
      await exited;
    };
    await start();

    // Tokens and keys, deletes and mark-reads, password changes, email binds and avatar choices,
    // several of each in flight at once; killed at a random moment once each kind is under way.
    const journal = new CrashJournal();
    const writers = startCrashWriters(url, fixture, journal);
    await waitFor(
      'every kind of write to be acknowledged a few times',
      async () => (journal.enough() || journal.unexpected.length > 0 ? true : undefined),
      120_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(journal.progress())}\n${stderr}`);
    });
    assert.deepEqual(journal.unexpected, [], `answers while the server was up\n${stderr}`);
    const delay = Math.floor(Math.random() * 500);
    await new Promise((r) => setTimeout(r, delay));
    await stop('SIGKILL');
    await writers;
    assert.deepEqual(journal.unexpected, [], 'answers before the kill');
    t.diagnostic(
      `killed ${delay} ms after every kind of write was under way; acknowledged: ${JSON.stringify(journal.progress())}`,
    );

    // It starts again on that data, signs in and serves the avatars that survived.
    await start();
    const again = new Client(url);
    assert.equal((await again.login('demo', 'Demo@2026')).status, 200);
    for (const account of fixture.avatarUsers) {
      const owner = new Client(url);
      assert.equal((await owner.login(account.username, passwordAfter(0))).status, 200);
      const { avatar } = (await owner.get('/individual/proxy/me')).body as { avatar: string | null };
      if (avatar === null) continue;
      const served = await fetch(avatar);
      assert.equal(served.status, 200, avatar);
      const chosen = journal.avatars.get(account.id)?.find((c) => c.url === avatar);
      assert.equal((await served.arrayBuffer()).byteLength, chosen?.size, avatar);
    }

    // Then the tables themselves, every row, with the server stopped (PGlite has one owner).
    await stop('SIGTERM');
    const opened = await database.open();
    try {
      for (const remark of await checkCrashConsistency(opened.db, fixture, journal)) t.diagnostic(remark);
    } finally {
      await opened.close();
    }
  });
});

describe('the database going away under a running server', () => {
  let cluster: PostgresCluster | null = null;
  after(async () => {
    await cluster?.stop();
  });

  it('answers 503 with a clear message while it is gone and recovers by itself when it is back', async (t) => {
    cluster = await startPostgres();
    // PGlite runs inside the server process and cannot go away under it, so this needs a
    // PostgreSQL server to pause: a throwaway cluster, whichever database the other tests use.
    if (!cluster) {
      return t.skip(
        'needs a PostgreSQL server to pause (PGlite cannot go away under a running server), and ' +
          'PostgreSQL is not installed and cannot be installed here (see the message above)',
      );
    }
    const logs: string[] = [];
    const server = await startServer(testConfig({ databaseUrl: cluster.url }), {
      log: createLogger({ level: 'debug', sink: (line) => logs.push(line) }),
    });
    try {
      const user = new Client(server.url);
      user.cookies.set('ak_user_locale', 'en_US');
      assert.equal((await user.login('demo', 'Demo@2026')).status, 200);
      assert.equal((await user.get('/individual/proxy/me')).status, 200);

      await cluster.pause();
      const down = await user.get('/individual/proxy/me');
      assert.equal(down.status, 503);
      assert.equal(down.body.code, 'database_unavailable');
      assert.match(down.body.message, /cannot reach its database/);
      assert.equal((await fetch(`${server.url}/healthz`)).status, 503);

      await cluster.resume();
      const back = await waitFor('the service to recover', async () => {
        const answer = await user.get('/individual/proxy/me');
        return answer.status === 200 ? answer : undefined;
      });
      assert.equal(back.status, 200);
      assert.ok(!logs.some((line) => line.includes('Demo@2026')), 'no password in the logs');
    } finally {
      await server.close();
    }
  });
});
