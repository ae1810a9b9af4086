/**
 * The calls of the personal access tokens feature (§7) and the shapes their answers must have.
 * Every call resolves to an `[error, result]` pair; an answer of the wrong shape becomes a
 * `malformed` error through `expectShape`, so the screen shows its error state instead of crashing.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const TOKENS_PATH = '/users/ajax/v1/my/tokens';
export const SEARCH_PATH = '/users/ajax/v1/my/tokens:search';
export const SCOPES_PATH = '/users/ajax/v1/tokens:scopes';
export const PERMISSIONS_PATH = '/users/ajax/v1/tokens:permissions';

/** Ids may come as numbers from some back ends; the UI keeps them as strings. */
const idSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

/** One token of the list. It never carries the token's value. */
export const accessTokenSchema = v.object({
  token_id: idSchema,
  name: v.string(),
  description: v.nullish(v.string()),
  token_scopes: v.nullish(v.array(v.string())),
  created_at: v.string(),
  expires_at: v.string(),
  last_used_at: v.nullish(v.string()),
  expired: v.nullish(v.boolean()),
});
export type AccessToken = v.InferOutput<typeof accessTokenSchema>;

export const tokenPageSchema = v.object({
  access_tokens: v.array(accessTokenSchema),
  // The total drives pagination; an answer without it is read as "this page is everything".
  pages: v.nullish(v.object({ total_size: v.number() })),
});

/** A node of the scope tree: apps, then resources, then `read` / `write` leaves. */
export interface ScopeNode {
  scope_key: string;
  scope_operate?: string | null | undefined;
  scope_desc?: string | null | undefined;
  sub_scopes?: ScopeNode[] | null | undefined;
}

const scopeNodeSchema: v.GenericSchema<ScopeNode> = v.object({
  scope_key: v.pipe(v.string(), v.nonEmpty()),
  scope_operate: v.nullish(v.string()),
  scope_desc: v.nullish(v.string()),
  sub_scopes: v.nullish(v.array(v.lazy(() => scopeNodeSchema))),
});

/** `{ token_scopes: [...] }`, or a bare array from older servers. */
const scopeTreeSchema = v.union([
  v.array(scopeNodeSchema),
  v.pipe(
    v.object({ token_scopes: v.array(scopeNodeSchema) }),
    v.transform((o) => o.token_scopes),
  ),
]);

const permissionsSchema = v.union([
  v.array(v.string()),
  v.pipe(
    v.object({ token_scopes: v.array(v.string()) }),
    v.transform((o) => o.token_scopes),
  ),
]);

const createdSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty()), token_id: idSchema });

export interface TokenPage {
  tokens: AccessToken[];
  total: number;
}

export interface CreateTokenBody {
  name: string;
  description?: string;
  /** End of the chosen day minus 2 s, ISO. */
  expires_at: string;
  token_scopes: string[];
  /** Now, ISO. */
  created_at: string;
}

export interface UpdateTokenBody {
  name: string;
  expires_at: string;
  token_scopes: string[];
}

export interface TokensApi {
  search(query: { includeExpired: boolean; page: number; pageSize: number }): Promise<HttpResult<TokenPage>>;
  create(body: CreateTokenBody): Promise<HttpResult<{ token: string; tokenId: string }>>;
  update(tokenId: string, body: UpdateTokenBody): Promise<HttpResult<unknown>>;
  remove(tokenId: string): Promise<HttpResult<unknown>>;
  scopes(): Promise<HttpResult<ScopeNode[]>>;
  permissions(): Promise<HttpResult<string[]>>;
}

/** The token calls bound to one element's HTTP client. */
export function createTokensApi(http: HttpClient, t: Translate): TokensApi {
  const byId = (tokenId: string) => `${TOKENS_PATH}/${encodeURIComponent(tokenId)}`;
  return {
    async search({ includeExpired, page, pageSize }) {
      const body = { include_expired: includeExpired, pagination: { current_page: page, page_size: pageSize } };
      const [error, value] = expectShape(await http.post(SEARCH_PATH, body), tokenPageSchema, t, {
        method: 'POST',
        url: SEARCH_PATH,
      });
      if (error) return [error, null];
      return [null, { tokens: value.access_tokens, total: value.pages?.total_size ?? value.access_tokens.length }];
    },
    async create(body) {
      const [error, value] = expectShape(await http.post(TOKENS_PATH, body), createdSchema, t, {
        method: 'POST',
        url: TOKENS_PATH,
      });
      if (error) return [error, null];
      return [null, { token: value.token, tokenId: value.token_id }];
    },
    update: (tokenId, body) => http.put(byId(tokenId), body),
    remove: (tokenId) => http.delete(byId(tokenId)),
    async scopes() {
      return expectShape(await http.get(SCOPES_PATH), scopeTreeSchema, t, { method: 'GET', url: SCOPES_PATH });
    },
    async permissions() {
      return expectShape(await http.get(PERMISSIONS_PATH), permissionsSchema, t, {
        method: 'GET',
        url: PERMISSIONS_PATH,
      });
    },
  };
}
