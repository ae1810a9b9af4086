/**
 * `Authorization: Bearer <personal access token>`: turning a value into a principal, the scope
 * check app routes put in front of themselves, and the rule of which routes a token may reach.
 */
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv, BearerAuthenticator } from '../context';
import { AppError, errors } from '../errors';
import * as repo from '../repos/tokens';
import { isWellFormedToken, tokenDigest } from './format';
import { expandScopes, isScopeKey, satisfies } from './scope-tree';
import type { ScopeOperation } from './scope-tree';

/** `last_used_at` is written at most once in this window, not on every call. */
export const TOUCH_EVERY_MS = 60_000;

/** The repository calls the authenticator makes; injectable so a test can count them. */
export interface BearerRepo {
  findLiveTokenByDigest: typeof repo.findLiveTokenByDigest;
  touchToken: typeof repo.touchToken;
}

/**
 * The {@link AppDeps.bearer} hook. Malformed values and bad checksums are refused before any
 * database work; then one indexed lookup by SHA-256 finds a live (unexpired) token and its owner.
 * @example createApp({ ...deps, bearer: bearerAuthenticator(deps) })
 */
export function bearerAuthenticator(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  tokens: BearerRepo = repo,
): BearerAuthenticator {
  return async (value) => {
    if (!isWellFormedToken(value)) return null;
    const now = deps.clock.now();
    const found = await tokens.findLiveTokenByDigest(deps.db, tokenDigest(value), now);
    if (!found) return null;
    const notAfter = new Date(now.getTime() - TOUCH_EVERY_MS);
    if (!found.lastUsedAt || found.lastUsedAt <= notAfter) {
      await tokens.touchToken(deps.db, found.tokenId, now, notAfter);
    }
    return { via: 'bearer', user: found.user, scopes: expandScopes(found.scopes), tokenId: found.tokenId };
  };
}

/** 403 `insufficient_scope`: the token lacks the permission the route needs. */
export const insufficientScope = () => new AppError('insufficient_scope', 403, 'server.tokens.insufficientScope');

/** 403 `session_required`: only a signed-in browser may do this, not a token. */
export const sessionRequired = () => new AppError('session_required', 403, 'server.tokens.sessionRequired');

/**
 * For app routes: a bearer caller needs a token scope covering `key` at `operation` (`write`
 * implies `read`); a session caller passes (their rights are the app's business). Use a resource
 * key when the route touches one resource (`codeup:ssh-key`); an app key (`codeup`) accepts a
 * leaf of any of its resources. 401 without a caller.
 * @example app.get('/codeup/api/v3/user/keys', requireScope('codeup:ssh-key', 'read'), handler)
 */
export function requireScope(key: string, operation: ScopeOperation): MiddlewareHandler<AppEnv> {
  if (!isScopeKey(key) || key.split(':').length > 2)
    throw new Error(`requireScope: "${key}" is not an app or resource`);
  return createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.get('principal');
    if (!principal) throw errors.unauthenticated();
    if (principal.via === 'bearer' && !satisfies(principal.scopes, key, operation)) throw insufficientScope();
    await next();
  });
}

/** 401 without a caller, 403 `session_required` for a bearer caller: for routes a token must
 * never reach. Token management uses it (a token must not mint tokens); so should anything that
 * could take an account over (password, email, sign-in bindings). */
export const requireSessionUser: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  const principal = c.get('principal');
  if (!principal) throw errors.unauthenticated();
  if (principal.via !== 'session') throw sessionRequired();
  await next();
});
