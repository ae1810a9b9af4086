/**
 * The Hono app: request id and logging, body limit, authentication, CSRF, then one route module
 * per domain, then the page. Built from its dependencies so tests can hand in a fake clock, a
 * captured log and their own database.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { authenticate, csrfProtection } from './auth/middleware';
import type { AppDeps, AppEnv } from './context';
import { errorResponse, errors } from './errors';
import { localeOf, serverTranslator } from './i18n';
import { tenantGate } from './orgs/access';
import { AVATAR_UPLOAD_PATH } from './profile/avatar';
import { avatarErrors } from './profile/errors';
import { appRoutes } from './routes/apps';
import { authRoutes } from './routes/auth';
import { emailRoutes } from './routes/email';
import { identityRoutes } from './routes/identities';
import { loginRoutes } from './routes/login';
import { memberRoutes } from './routes/members';
import { notificationRoutes } from './routes/notifications';
import { objectRoutes } from './routes/objects';
import { organizationRoutes } from './routes/organizations';
import { packageRoutes } from './routes/packages';
import { pageRoutes } from './routes/pages';
import { profileRoutes } from './routes/profile';
import { recoveryRoutes } from './routes/recovery';
import { sshKeyRoutes } from './routes/ssh-keys';
import { systemRoutes } from './routes/system';
import { tokenRoutes } from './routes/tokens';
import { trackingRoutes } from './routes/tracking';
import { bearerAuthenticator } from './tokens/bearer';

/** Largest request body of any kind (an avatar upload is 1 MB plus multipart framing). */
export const BODY_LIMIT_BYTES = 1024 * 1024 + 64 * 1024;

/** An inbound `x-request-id` from a proxy is kept when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** Builds the app. @example serve({ fetch: createApp(deps).fetch, port: 0 }) */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(
    createMiddleware<AppEnv>(async (c, next) => {
      const started = performance.now();
      const inbound = c.req.header('x-request-id');
      const requestId = inbound && REQUEST_ID.test(inbound) ? inbound : randomUUID();
      const log = deps.log.child({ requestId });
      c.set('requestId', requestId);
      c.set('log', log);
      // Until authentication refines it (with the user's saved language), so early errors are localized.
      const locale = localeOf(c, deps.config.flavour);
      c.set('locale', locale);
      c.set('t', serverTranslator(locale));
      c.set('session', null);
      c.set('principal', null);
      await next();
      const headers = c.res.headers;
      // An answer given without reading the body (refused before parsing) leaves the rest of it on
      // the connection; the adapter drains it for a moment and then drops the socket, which a
      // client reusing the kept-alive connection would see as a failure. Tell it to open a new one.
      if (c.req.raw.body && !c.req.raw.bodyUsed) headers.set('Connection', 'close');
      headers.set('x-request-id', requestId);
      headers.set('X-Content-Type-Options', 'nosniff');
      headers.set('Referrer-Policy', 'same-origin');
      headers.set('X-Frame-Options', 'DENY');
      // API answers are per user and must never be cached; static files set their own policy.
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
      // Only the path: query strings can carry tokens (email links, next_url).
      log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        userId: c.get('principal')?.user.id,
      });
    }),
  );
  // An avatar over the limit is told so in the avatar's own words, not as a generic body error.
  const tooLarge = (path: string) => (path === AVATAR_UPLOAD_PATH ? avatarErrors.tooLarge() : errors.tooLarge());
  app.use(bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => errorResponse(tooLarge(c.req.path), c) }));
  // Personal access tokens authenticate `Authorization: Bearer` calls unless a test hands in its own.
  app.use(authenticate({ ...deps, bearer: deps.bearer ?? bearerAuthenticator(deps) }));
  app.use(csrfProtection);
  // Calls naming a tenant must meet its rules (IP allowlist, order, RAM users): orgs/access.ts.
  app.use('/uiless/*', tenantGate(deps));

  app.route('/', systemRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', loginRoutes(deps));
  app.route('/', recoveryRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', emailRoutes(deps));
  app.route('/', objectRoutes(deps));
  app.route('/', memberRoutes(deps));
  app.route('/', tokenRoutes(deps));
  app.route('/', sshKeyRoutes(deps));
  app.route('/', packageRoutes(deps));
  app.route('/', identityRoutes(deps));
  app.route('/', notificationRoutes(deps));
  app.route('/', organizationRoutes(deps));
  app.route('/', appRoutes(deps));
  app.route('/', trackingRoutes(deps));
  app.route('/', pageRoutes(deps));

  app.notFound((c) => errorResponse(errors.routeNotFound(), c));
  app.onError((error, c) => errorResponse(error, c));
  return app;
}
