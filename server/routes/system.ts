/**
 * Operational routes: `GET /healthz`, and in demo mode the mail outbox at `GET /users/dev/outbox`
 * (for this machine only) and a call that always fails, `GET /users/dev/fail`.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../context';
import { AppError, errors } from '../errors';
import { fromThisMachine } from '../net/client-ip';
import { listMail } from '../repos/outbox';

/** Routes of the system domain. */
export function systemRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/healthz', async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch (error) {
      c.get('log').error('health check failed', { error });
      throw new AppError('unavailable', 503, 'server.unavailable');
    }
    return c.json({ status: 'ok' });
  });

  // Mail that would have been sent, for trying flows without an SMTP server. Demo data only, and
  // only for this machine: the mails hold sign-in codes, reset codes and activation links, so
  // whoever can read them can take over any account (HOST=0.0.0.0 lets others reach the server).
  app.get('/users/dev/outbox', async (c) => {
    if (deps.config.seed !== 'demo' || !fromThisMachine(c)) throw errors.routeNotFound();
    return c.json(await listMail(deps.db));
  });

  // A call that always fails as a real fault would (500 with a request id), so the usage tracker
  // of the standalone page can be seen reporting an api-error (test/e2e/tracking.test.ts). Demo only.
  app.get('/users/dev/fail', () => {
    if (deps.config.seed !== 'demo') throw errors.routeNotFound();
    throw new Error('deliberate failure of /users/dev/fail (tracker demo)');
  });

  return app;
}
