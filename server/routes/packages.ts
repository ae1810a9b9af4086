/**
 * The packages credential (§7 "Packages"): the username a package client signs in with, setting
 * or generating its password, and a registry-style HTTP Basic check of the pair. A new password
 * takes effect 10 s after it is set (§4, §9); until then the old one keeps working.
 */
import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { passwordSchema } from '../../src/core/validation/rules';
import { check, readJson } from '../body';
import { principalOf } from '../auth/middleware';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/password';
import type { AppDeps, AppEnv } from '../context';
import { AppError, errorResponse } from '../errors';
import { clientAddress } from '../net/client-ip';
import { hit } from '../repos/login-limits';
import * as repo from '../repos/packages';
import { requireScope, requireSessionUser } from '../tokens/bearer';

/** §9: a new credential password works this long after it is set. */
export const PASSWORD_DELAY_MS = 10_000;
const BASE = '/uiless/proxy/package/api/external/users';

/** The brute-force guard of the verify endpoint: this many wrong or malformed Basic checks from
 * one client address in a fixed window, then 429 until the window ends. A real package client
 * with a stale password fails a handful of times, not ten in a minute. */
export const VERIFY_FAILURE_LIMIT = 10;
export const VERIFY_WINDOW_MS = 60_000;
const VERIFY_KEY_PREFIX = 'packages:verify:';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
// Symbols of §5's first reading: no quotes or backslash, so the value pastes into shells and
// config files (.npmrc, settings.xml) as is.
const SYMBOLS = '@#$%^&*';

/** A random 24-character password that satisfies {@link passwordSchema} (~140 bits). */
export function generatePassword(length = 24): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

const setSchema = v.object({ password: v.optional(passwordSchema) }, 'validation.invalidType');

/** `user:password` of an `Authorization: Basic` header (RFC 7617), if well formed. */
function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || decoded.length > 1024) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** 429 until the address's window, started at `since`, ends; the password is not even tried. */
function tooMany(c: Context<AppEnv>, since: Date, now: Date): Response {
  const seconds = Math.max(1, Math.ceil((since.getTime() + VERIFY_WINDOW_MS - now.getTime()) / 1000));
  const error = new AppError('too_many_requests', 429, 'login.code.retryAfter', { seconds }, { retry_after: seconds });
  const res = errorResponse(error, c);
  res.headers.set('Retry-After', String(seconds));
  return res;
}

/** Routes of the packages domain. */
export function packageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get(`${BASE}/userInfo`, requireScope('packages', 'read'), async (c) => {
    const user = principalOf(c).user;
    const credential = await repo.credentialOf(deps.db, user.id, user.username, deps.clock.now());
    // Never the password itself, only whether there is one (live or on its way), so the page can
    // tell "never shown again" from "none set yet".
    const passwordSet = credential.password_hash !== null || credential.pending_hash !== null;
    return c.json({ username: credential.username, password_set: passwordSet });
  });

  // Only a signed-in browser: a leaked access token must not be able to mint a credential.
  app.post(`${BASE}/user/password`, requireSessionUser, async (c) => {
    const body = check(setSchema, await readJson(c));
    const user = principalOf(c).user;
    const now = deps.clock.now();
    await repo.credentialOf(deps.db, user.id, user.username, now);
    const password = body.password ?? generatePassword();
    const effectiveAt = new Date(now.getTime() + PASSWORD_DELAY_MS);
    await repo.queuePassword(deps.db, user.id, await hashPassword(password), effectiveAt, now);
    const effective_at = effectiveAt.toISOString();
    // A generated password is shown once, here; a chosen one is never echoed back.
    return c.json(body.password === undefined ? { password, effective_at } : { effective_at });
  });

  // For package clients (npm, Maven, Docker…): 200 when the Basic pair is live, else 401.
  app.get(`${BASE}/verify`, async (c: Context<AppEnv>) => {
    const now = deps.clock.now();
    // Per address, not per username: a guesser spreads over names. Only failures stay counted, so
    // a CI farm behind one address that checks a good credential all day is never slowed down;
    // a success does not clear earlier failures, or a guesser could interleave their own credential.
    const key = `${VERIFY_KEY_PREFIX}${clientAddress(c, deps.config.trustProxy) ?? 'unknown'}`;
    const recent = await repo.failuresInWindow(deps.db, key, now, VERIFY_WINDOW_MS);
    if (recent && recent.hits >= VERIFY_FAILURE_LIMIT) return tooMany(c, recent.since, now);
    // Each check takes its slot before the password is tried, so a burst of parallel guesses
    // cannot all slip past the look above; a success gives its slot back.
    const slot = await hit(deps.db, key, now, VERIFY_WINDOW_MS);
    if (slot.hits > VERIFY_FAILURE_LIMIT) return tooMany(c, slot.since, now);
    const given = basicCredentials(c.req.header('authorization'));
    const live = given && (await repo.liveCredential(deps.db, given.username, now));
    // An unknown user costs as much as a wrong password: no username probing by timing.
    const ok = live?.hash ? await verifyPassword(live.hash, given!.password) : await verifyDummy(given?.password ?? '');
    if (ok && live) {
      await repo.releaseSlot(deps.db, key, slot.since);
      return c.json({ username: live.username });
    }
    // A new window for this address: a good moment to drop other addresses' finished windows.
    if (slot.hits === 1) await repo.sweepFailureWindows(deps.db, VERIFY_KEY_PREFIX, now, VERIFY_WINDOW_MS);
    const res = errorResponse(new AppError('invalid_credential', 401, 'server.packages.badCredential'), c);
    res.headers.set('WWW-Authenticate', 'Basic realm="packages"');
    return res;
  });

  return app;
}
