/**
 * Who is calling, in what language, and whether an unsafe request carries the right CSRF token.
 *
 * Authentication order: an `Authorization: Bearer` header (through the pluggable
 * {@link AppDeps.bearer}; the cookie is then ignored), else the session cookie.
 */
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppDeps, AppEnv, Principal } from '../context';
import type { UserRow } from '../db/schema';
import { findUserById } from '../repos/users';
import { errors } from '../errors';
import { localeOf, serverTranslator } from '../i18n';
import { loadSession, safeEqual } from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `POST` paths that skip the CSRF check. Keep this list tiny; each entry needs its reason.
 *
 * - `/tracking/logs`, the usage tracker's collector: pages report with `navigator.sendBeacon`
 *   (so reports survive the page closing), and a beacon cannot carry an `X-CSRF-Token` header.
 *   A forged cross-site request gains nothing there: it is a write-only log sink (it changes no
 *   account state and answers no data), entries are attributed by the data they carry, not by
 *   the session, each session or address is rate-limited, and what is kept is never read back
 *   to other users (only the demo-mode dev listing shows it).
 */
export const CSRF_EXEMPT_PATHS: ReadonlySet<string> = new Set(['/tracking/logs']);

/** The bearer token of the request, if it sent one. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/** Sets `session`, `principal`, `locale` and `t` for the rest of the request. */
export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    let principal: Principal | null = null;
    let session = null;
    const token = bearerToken(c.req.header('authorization'));
    if (token !== undefined) {
      principal = deps.bearer ? await deps.bearer(token) : null;
    } else {
      const found = await loadSession(deps, c);
      session = found?.session ?? null;
      if (found?.user) principal = { via: 'session', user: found.user, session: found.session };
    }
    c.set('session', session);
    c.set('principal', principal);
    const locale = localeOf(c, deps.config.flavour, principal?.user.locale);
    c.set('locale', locale);
    c.set('t', serverTranslator(locale));
    await next();
  });
}

/**
 * Unsafe requests (POST, PUT, PATCH, DELETE) riding on the session cookie must send the
 * session's token as `X-CSRF-Token`, else 403 `csrf_invalid`. Bearer requests skip this (a
 * browser never adds that header on its own). Requests without a session pass here and meet
 * {@link requireUser} or {@link requireSession}.
 */
export const csrfProtection: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get('session');
  const exempt = c.req.method === 'POST' && CSRF_EXEMPT_PATHS.has(c.req.path);
  if (!SAFE_METHODS.has(c.req.method) && !exempt && session && c.get('principal')?.via !== 'bearer') {
    const sent = c.req.header('x-csrf-token') ?? '';
    if (!safeEqual(sent, session.csrf_token)) throw errors.csrf();
  }
  await next();
});

/** 401 `unauthenticated` unless a user is signed in (cookie or bearer). */
export const requireUser: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('principal')) throw errors.unauthenticated();
  await next();
});

/** For unsafe public routes (sign-in): a session or pre-session must exist, so that
 * {@link csrfProtection} has checked a token; otherwise 403 `csrf_invalid`. */
export const requireSession: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('session')) throw errors.csrf();
  await next();
});

/** The signed-in principal; only call after {@link requireUser}. */
export function principalOf(c: { get(key: 'principal'): Principal | null }): Principal {
  const p = c.get('principal');
  if (!p) throw errors.unauthenticated();
  return p;
}

/** The caller's whole user row, for the few routes that need more than the principal carries
 * (profile views, email and password changes). A user deleted since the session was read is
 * signed out. Only call after {@link requireUser}. */
export async function currentUser(deps: Pick<AppDeps, 'db'>, c: Context<AppEnv>): Promise<UserRow> {
  const user = await findUserById(deps.db, principalOf(c).user.id);
  if (!user) throw errors.unauthenticated();
  return user;
}
