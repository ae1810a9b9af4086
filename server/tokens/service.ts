/**
 * Personal access tokens: what the routes do, between validation and SQL. Every rule that can
 * refuse a request is checked before anything is written, so a refused request writes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context';
import { AppError } from '../errors';
import { rulesRefusal } from '../orgs/access';
import type { AccessContext } from '../orgs/access';
import * as repo from '../repos/tokens';
import type { TokenRecord } from '../repos/tokens';
import type { Locale } from '../../src/core/settings';
import { notify } from '../notifications/notify';
import { noticeTime } from '../time';
import type { Notice } from '../notifications/notify';
import { newTokenValue, tokenDigest } from './format';
import { cachedPage } from './page-cache';
import { expandScopes, grantableLeaves, unknownScopes } from './scope-tree';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Most tokens one user may hold (expired ones count until deleted). */
export const MAX_TOKENS_PER_USER = 200;

/** The token errors the front end maps (src/features/tokens/errors.ts). */
export const tokenErrors = {
  notFound: () => new AppError('token_not_found', 404, 'tokens.error.notFound'),
  expired: () => new AppError('token_expired', 409, 'tokens.error.expired'),
  scopeNotAllowed: () =>
    new AppError('scope_not_allowed', 400, 'tokens.error.scopeNotAllowed', undefined, { field: 'token_scopes' }),
  unknownScope: (scope: string) =>
    new AppError(
      'invalid_request',
      400,
      'server.tokens.unknownScope',
      { scope: scope.slice(0, 100) },
      {
        field: 'token_scopes',
      },
    ),
  quota: () => new AppError('token_quota_exceeded', 409, 'tokens.error.quota'),
};

/** A token as the list shows it (§3, §7). Never its value. */
export interface TokenJson {
  token_id: string;
  name: string;
  description: string | null;
  token_scopes: string[];
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  expired: boolean;
}

/** The security notice of a created or deleted token; its name is quoted as text (notify escapes it). */
function tokenNotice(what: 'Created' | 'Deleted', name: string, locale: Locale, at: Date): Notice {
  return {
    app: 'yunxiao',
    type: what === 'Created' ? 'token_created' : 'token_deleted',
    title: { key: `server.message.token${what}.title` },
    // Each language writes the time its own way.
    content: { key: `server.message.token${what}.body`, params: { name, time: (l) => noticeTime(at, l) } },
    locale,
    at,
  };
}

/** The list shape of one token, with `expired` judged at `now`. */
export function tokenJson(row: TokenRecord, now: Date): TokenJson {
  return {
    token_id: row.id,
    name: row.name,
    description: row.description,
    // Older rows may hold parent keys; clients always get leaves.
    token_scopes: expandScopes(row.scopes),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expired: row.expires_at.getTime() <= now.getTime(),
  };
}

/** The leaf keys this user may grant now (`tokens:permissions`). */
export async function permissionsOf(deps: Deps, userId: string): Promise<string[]> {
  const { apps, inSomeOrg } = await repo.grantContext(deps.db, userId);
  return grantableLeaves(apps, inSomeOrg);
}

/** Checks requested keys and returns the leaves to store: unknown keys are a 400, keys outside
 * `allowed` are `scope_not_allowed`. */
function leavesToStore(requested: readonly string[], allowed: readonly string[]): string[] {
  const unknown = unknownScopes(requested);
  if (unknown.length > 0) throw tokenErrors.unknownScope(unknown[0]!);
  const leaves = expandScopes(requested);
  const ok = new Set(allowed);
  if (leaves.some((leaf) => !ok.has(leaf))) throw tokenErrors.scopeNotAllowed();
  return leaves;
}

/** A validated creation request. */
export interface NewTokenInput {
  name: string;
  description?: string | null | undefined;
  expiresAt: Date;
  scopes: readonly string[];
}

/** Creates a token and returns its value: the only time the value exists outside the caller.
 * `locale` is the request's language, which the security notice is written in. */
export async function createToken(deps: Deps, userId: string, input: NewTokenInput, locale: Locale) {
  const scopes = leavesToStore(input.scopes, await permissionsOf(deps, userId));
  const token = newTokenValue();
  const id = `pat_${randomBytes(10).toString('hex')}`;
  // The server's clock, not the client's created_at: it orders the list and must not be forged.
  const now = deps.clock.now();
  const inserted = await repo.insertTokenWithinQuota(
    deps.db,
    {
      id,
      user_id: userId,
      name: input.name,
      description: input.description ?? null,
      scopes,
      token_hash: tokenDigest(token),
      created_at: now,
      expires_at: input.expiresAt,
    },
    MAX_TOKENS_PER_USER,
    (tx) => notify(tx, userId, tokenNotice('Created', input.name, locale, now)),
  );
  if (!inserted) throw tokenErrors.quota();
  return { token, token_id: id };
}

/** A validated edit request. */
export interface TokenUpdateInput {
  name: string;
  /** Left as it is when undefined. */
  description?: string | null | undefined;
  expiresAt: Date;
  scopes: readonly string[];
}

/** Updates a live token of the user: 404 if not theirs, 409 `token_expired` if expired. A token
 * may keep a permission its owner can no longer grant, but cannot gain one. */
export async function updateToken(deps: Deps, userId: string, tokenId: string, input: TokenUpdateInput) {
  const now = deps.clock.now();
  const current = await repo.findToken(deps.db, userId, tokenId);
  if (!current) throw tokenErrors.notFound();
  if (current.expires_at.getTime() <= now.getTime()) throw tokenErrors.expired();
  const allowed = [...(await permissionsOf(deps, userId)), ...expandScopes(current.scopes)];
  const scopes = leavesToStore(input.scopes, allowed);
  const changed = await repo.updateLiveToken(deps.db, userId, tokenId, now, {
    name: input.name,
    expires_at: input.expiresAt,
    scopes,
    ...(input.description !== undefined ? { description: input.description } : {}),
  });
  if (!changed) {
    // Deleted or expired since the look-up a moment ago: say which.
    throw (await repo.findToken(deps.db, userId, tokenId)) ? tokenErrors.expired() : tokenErrors.notFound();
  }
  const updated = await repo.findToken(deps.db, userId, tokenId);
  return updated ? tokenJson(updated, now) : undefined;
}

/** Deletes a token of the user (expired ones too) and leaves a security notice in `locale` (the
 * request's language); 404 if not theirs. */
export async function deleteToken(deps: Deps, userId: string, tokenId: string, locale: Locale): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (tx) => {
    const current = await repo.findToken(tx, userId, tokenId);
    if (!current || !(await repo.deleteToken(tx, userId, tokenId))) return false;
    await notify(tx, userId, tokenNotice('Deleted', current.name, locale, deps.clock.now()));
    return true;
  });
  if (!deleted) throw tokenErrors.notFound();
}

/** A validated `tokens:search` request. */
export interface SearchInput {
  includeExpired: boolean;
  page: number;
  pageSize: number;
}

/**
 * One page of the user's tokens, newest first (`tokens:search`), as the JSON text of the answer.
 * `tokensVersion` is the user's `tokens_version` as the request's session read it: the answer
 * comes from the exact cache of page-cache.ts while that version and the clock allow, already
 * serialized, since it is sent as is.
 */
export async function searchTokens(
  deps: Deps,
  userId: string,
  tokensVersion: number,
  input: SearchInput,
): Promise<string> {
  const now = deps.clock.now();
  const key = { userId, ...input };
  return cachedPage(deps.db, key, tokensVersion, now, async () => {
    const [{ rows, total }, next] = await Promise.all([
      repo.pageTokens(deps.db, {
        userId,
        now,
        includeExpired: input.includeExpired,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      }),
      repo.nextExpiry(deps.db, userId, now),
    ]);
    const page = { access_tokens: rows.map((r) => tokenJson(r, now)), pages: { total_size: total } };
    return { value: JSON.stringify(page), validUntil: next?.getTime() ?? Infinity };
  });
}

/**
 * All tokens of `targetId` (`tokens:batch`): one's own, or a member's of an organization the
 * caller administers and may enter from this request right now (`access`: the rules
 * `enterOrganization` applies — open, RAM user, IP allowlist, order). An admin only of
 * organizations that refuse them gains nothing through them. Anyone else is 403 whether or not
 * the user exists, so ids cannot be probed.
 */
export async function tokensOfUser(deps: Deps, callerId: string, targetId: string, access: AccessContext) {
  if (
    targetId !== callerId &&
    // A refusal is a plain "no" here; a fault (the query, bad data) is not, and answers 5xx.
    !(await repo.administeredOrgsOf(deps.db, callerId, targetId)).some((m) => rulesRefusal(m, access) === null)
  ) {
    throw new AppError('forbidden', 403, 'server.tokens.notYourUser');
  }
  const now = deps.clock.now();
  return { access_tokens: (await repo.listTokens(deps.db, targetId)).map((r) => tokenJson(r, now)) };
}
