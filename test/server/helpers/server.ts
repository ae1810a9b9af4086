/**
 * A real server for tests: the app on an ephemeral port in this process, over a test database,
 * with a clock the test moves and the log lines captured.
 */
import { after, before } from 'node:test';
import type { Config } from '../../../server/config';
import { createLogger } from '../../../server/log';
import { startServer } from '../../../server/main';
import type { RunningServer } from '../../../server/main';
import type { TestDatabase } from './database';
import { createTestDatabase, testConfig } from './database';

/** A clock that only moves when told. Starts at the real time. */
export class FakeClock {
  #now = Date.now();
  now = (): Date => new Date(this.#now);
  advance(ms: number): void {
    this.#now += ms;
  }
}

export interface TestServer extends RunningServer {
  clock: FakeClock;
  /** Every log line written so far (JSON strings). */
  logs: string[];
}

export interface TestServerOptions {
  config?: Partial<Config>;
  clock?: FakeClock;
  logs?: string[];
}

/** Starts a server on `database` (opening it). Close it with `server.close()`. */
export async function startTestServer(database: TestDatabase, options: TestServerOptions = {}): Promise<TestServer> {
  const clock = options.clock ?? new FakeClock();
  const logs = options.logs ?? [];
  const log = createLogger({ level: 'debug', sink: (line) => logs.push(line) });
  const running = await startServer(testConfig(options.config), {
    clock,
    log,
    database: await database.open(),
  });
  return Object.assign(running, { clock, logs });
}

/** The file's server: started over a fresh test database before the file's tests, closed (the
 * database dropped with it) after them. The handle stands for the running server from the
 * `before` hook on; touching it earlier throws.
 * @param options - the server's options, or a function giving them when the server starts (for
 *   values known only then, such as a fake provider's address).
 * @param setUp - what the file needs on the server before its tests. It runs in the same hook,
 *   after the start: a file's own top-level `before` hooks are not ordered after this one.
 * @example const server = useTestServer({ config: { trustProxy: true } }); */
export function useTestServer(
  options: TestServerOptions | (() => TestServerOptions | Promise<TestServerOptions>) = {},
  setUp?: (server: TestServer) => Promise<void>,
): TestServer {
  let database: TestDatabase | undefined;
  let running: TestServer | undefined;
  before(async () => {
    database = await createTestDatabase();
    running = await startTestServer(database, typeof options === 'function' ? await options() : options);
    await setUp?.(running);
  });
  after(async () => {
    await running?.close();
    await database?.dispose();
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!running) throw new Error(`the test server is used before it started (server.${String(key)})`);
      return Reflect.get(running, key);
    },
  });
}

/** Clears a seeded user's sign-in hurdles (forced password change, emailed-code risk check), for
 * tests about something else that sign in as dave or carol. */
export async function clearSignInChecks(server: TestServer, ...usernames: string[]): Promise<void> {
  await server.deps.db
    .updateTable('users')
    .set({ must_change_password: false, risk_check: false })
    .where('username', 'in', usernames)
    .execute();
}
