/**
 * A real server for tests: the app on an ephemeral port in this process, over a test database,
 * with a clock the test moves and the log lines captured.
 */
import type { Config } from '../../../server/config';
import { createLogger } from '../../../server/log';
import { startServer } from '../../../server/main';
import type { RunningServer } from '../../../server/main';
import type { TestDatabase } from './database';
import { testConfig } from './database';

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

/** Clears a seeded user's sign-in hurdles (forced password change, emailed-code risk check), for
 * tests about something else that sign in as dave or carol. */
export async function clearSignInChecks(server: TestServer, ...usernames: string[]): Promise<void> {
  await server.deps.db
    .updateTable('users')
    .set({ must_change_password: false, risk_check: false })
    .where('username', 'in', usernames)
    .execute();
}
