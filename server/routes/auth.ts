/**
 * Page settings (with the pre-session CSRF token) and sign-out with its same-origin `next_url`.
 * Sign-in itself (`POST /users/ajax/login`) is in routes/login.ts.
 */
import { Hono } from 'hono';
import { endSession } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../context';
import { pageSettingsFor } from '../page-settings';

/** Where sign-in lives on the standalone page (§2 hash route). */
export const LOGIN_PAGE = '/users/#/users/login';

/**
 * `next_url` made safe: a path, hash or same-origin URL is kept (as path + query + hash);
 * anything pointing elsewhere (`//evil`, `https://evil`, `javascript:`) is dropped.
 */
export function sameOriginTarget(next: string | undefined, origin: string): string | undefined {
  if (!next || next.length > 2000) return undefined;
  if (next.startsWith('#')) return next;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}

/** Routes of the auth domain. */
export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/users/ajax/v1/page-settings', async (c) => c.json(await pageSettingsFor(deps, c)));

  app.get('/users/logout', async (c) => {
    await endSession(deps, c, c.get('session'));
    const origin = new URL(c.req.url).origin;
    const next = sameOriginTarget(c.req.query('next_url'), origin);
    return c.redirect(next ? `${LOGIN_PAGE}?nextUrl=${encodeURIComponent(next)}` : LOGIN_PAGE, 302);
  });

  return app;
}
