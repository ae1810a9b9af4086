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
import { startServer } from '../../server/main';
import { createLogger } from '../../server/log';
import { createTestDatabase, testConfig } from './helpers/database';
import type { TestDatabase } from './helpers/database';
import { Client } from './helpers/client';
import { newEd25519PublicKey } from './helpers/ssh-key';

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

  it('starts again on the same data with no half-created token, key or message', async () => {
    // The migrated, seeded test database (PGlite or PostgreSQL), opened by the child as its own.
    database = await createTestDatabase();
    await (await database.open()).close();
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
    const start = async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      await waitFor('the server to be healthy', async () => ((await fetch(`${url}/healthz`)).ok ? true : undefined));
    };
    await start();

    const user = new Client(url);
    assert.equal((await user.login('demo', 'Demo@2026')).status, 200);
    // Writers that each make a token or a key (each with its security message) as fast as they can.
    let n = 0;
    const acknowledged = new Set<string>();
    const writer = async () => {
      for (;;) {
        const name = `kill-${n++}`;
        const answer =
          n % 2
            ? await user.post('/users/ajax/v1/tokens', {
                name,
                token_scopes: ['codeup:repository:read'],
                expires_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
              })
            : await user.post('/codeup/api/v3/user/keys', { title: name, key: newEd25519PublicKey(), scope: 'read' });
        if (answer.status === 201) acknowledged.add(name);
      }
    };
    const writers = Promise.allSettled([writer(), writer(), writer(), writer()]);
    await waitFor('some writes', async () => (acknowledged.size >= 10 ? true : undefined));
    const killed = child;
    const exited = new Promise((resolve) => killed?.once('exit', resolve));
    killed?.kill('SIGKILL');
    await exited;
    await writers;

    await start();
    // Read what survived through the server's own API, as the user sees it.
    const again = new Client(url);
    assert.equal((await again.login('demo', 'Demo@2026')).status, 200);
    const tokens = await again.post('/users/ajax/v1/my/tokens:search', {
      include_expired: true,
      pagination: { current_page: 1, page_size: 100 },
    });
    assert.equal(tokens.status, 200, tokens.text);
    const keys = await again.get('/codeup/api/v3/user/keys');
    assert.equal(keys.status, 200, keys.text);
    const messages = await again.post('/users/ajax/v1/notifications/inbox/messages:list', {
      tab: 'all',
      page_size: 100,
    });
    assert.equal(messages.status, 200, messages.text);

    const tokenNames = new Set<string>(
      tokens.body.access_tokens.map((t: { name: string }) => t.name).filter((name: string) => name.startsWith('kill-')),
    );
    const keyNames = new Set<string>(
      keys.body.map((k: { title: string }) => k.title).filter((t: string) => t.startsWith('kill-')),
    );
    const noticed = new Set<string>(
      messages.body.messages
        .map((m: { title: string; content: string }) => /kill-\d+/.exec(`${m.title} ${m.content}`)?.[0])
        .filter((name: string | undefined): name is string => Boolean(name)),
    );
    // Every acknowledged write survived, and every token or key has its message and vice versa.
    for (const name of acknowledged) assert.ok(tokenNames.has(name) || keyNames.has(name), `${name} was lost`);
    assert.deepEqual([...noticed].sort(), [...tokenNames, ...keyNames].sort());
  });
});

describe('the database going away under a running server', () => {
  let cluster: PostgresCluster | null = null;
  after(async () => {
    await cluster?.stop();
  });

  it('answers 503 with a clear message while it is gone and recovers by itself when it is back', async (t) => {
    cluster = await startPostgres();
    if (!cluster) return t.skip('PostgreSQL is not installed and cannot be installed here (see the message above)');
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
