/**
 * Operational routes: `GET /healthz`, and in demo mode the mail outbox at `GET /users/dev/outbox`.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../context';
import { AppError, errors } from '../errors';
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

  // Mail that would have been sent, for trying flows without an SMTP server. Demo data only.
  app.get('/users/dev/outbox', async (c) => {
    if (deps.config.seed !== 'demo') throw errors.routeNotFound();
    return c.json(await listMail(deps.db));
  });

  return app;
}
