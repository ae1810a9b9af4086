/**
 * Page settings (with the pre-session CSRF token) and sign-out with its same-origin `next_url`.
 * Sign-in itself (`POST /users/ajax/login`) is in routes/login.ts.
 */
import { Hono } from 'hono';
import { LOGOUT_PAGE_CSP, logoutPage } from '../auth/logout-page';
import { endSession } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../context';
import { pageSettingsFor } from '../page-settings';
import { publicOrigin } from '../profile/origin';

/** Where sign-in lives on the standalone page (§2 hash route). */
export const LOGIN_PAGE = '/users/#/users/login';

/**
 * A path that a browser reads as protocol-relative (`//evil/x`; `/\evil` too, as WHATWG URL
 * parsing turns the backslash into a slash) when it stands at the start of a Location.
 */
const OTHER_HOST_PATH = /^\/[/\\]/;

/**
 * `next_url` made safe: a path, hash or same-origin URL is kept (as path + query + hash);
 * anything pointing elsewhere (`//evil`, `https://evil`, `javascript:`) is dropped. So is a target
 * whose path, once resolved, begins with two slashes (`/..//evil`, `/%2e%2e//evil`,
 * `https://this-origin//evil`): the resolved URL is same-origin, but its path alone, which is
 * what comes out, is a protocol-relative link to another host.
 */
export function sameOriginTarget(next: string | undefined, origin: string): string | undefined {
  if (!next || next.length > 2000) return undefined;
  try {
    const url = new URL(next, origin);
    // Serialised by the URL parser, a hash route is header-safe: tabs and newlines are gone and
    // other control or non-ASCII characters percent-encoded (a raw one would throw in a Location).
    if (next.startsWith('#')) return url.hash || undefined;
    if (url.origin !== origin || OTHER_HOST_PATH.test(url.pathname)) return undefined;
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
    // The origin the browser is on (behind an HTTPS proxy, not the one this server is reached at).
    const origin = publicOrigin(c, deps.config);
    const next = sameOriginTarget(c.req.query('next_url'), origin);
    const session = c.get('session');
    if (session?.user_id && c.req.header('sec-fetch-site') === 'cross-site') {
      // Another website sent the browser here: ask first (logout-page.ts). Relative links, so a
      // path prefix added by a proxy stays.
      const page = logoutPage(
        c.get('locale'),
        new URL(origin).host,
        `logout${new URL(c.req.url).search}`,
        next?.startsWith('#') ? `./${next}` : (next ?? './'),
      );
      c.header('Content-Security-Policy', LOGOUT_PAGE_CSP);
      c.header('Cache-Control', 'no-store');
      return c.html(page);
    }
    await endSession(deps, c, session);
    return c.redirect(next ? `${LOGIN_PAGE}?nextUrl=${encodeURIComponent(next)}` : LOGIN_PAGE, 302);
  });

  return app;
}
