/** The personal access token API (§7 Tokens) as the server answers it, for `<yx-token-manager>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import { PERMISSIONS_PATH, SCOPES_PATH, SEARCH_PATH, TOKENS_PATH } from '../../src/features/tokens/api';
import type { ScopeNode } from '../../src/features/tokens/api';
import { daysFromNow, ok, route } from './common';

export interface TokenRow {
  token_id: string;
  name: string;
  description?: string;
  token_scopes: string[];
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  expired: boolean;
}

/** A token of the list (never its value), valid for another 30 days unless told otherwise. */
export function token(id: string, overrides: Partial<TokenRow> = {}): TokenRow {
  return {
    token_id: id,
    name: `token-${id}`,
    token_scopes: ['codeup:repository:read'],
    created_at: daysFromNow(-10),
    expires_at: daysFromNow(30),
    last_used_at: null,
    expired: false,
    ...overrides,
  };
}

/** One page of `POST …/tokens:search`: these rows, and `total` tokens in all (it drives the pager). */
export const tokenPage = (tokens: TokenRow[], total = tokens.length) => ({
  access_tokens: tokens,
  pages: { total_size: total },
});

const leaves = (key: string) => [
  { scope_key: `${key}:read`, scope_operate: 'read', scope_desc: null, sub_scopes: [] },
  { scope_key: `${key}:write`, scope_operate: 'write', scope_desc: null, sub_scopes: [] },
];

/** Apps → resources → read / write, as `GET /users/ajax/v1/tokens:scopes` answers. */
export const scopeTree: ScopeNode[] = [
  {
    scope_key: 'codeup',
    scope_desc: 'Codeup',
    sub_scopes: [
      { scope_key: 'codeup:repository', scope_desc: 'Repositories', sub_scopes: leaves('codeup:repository') },
      { scope_key: 'codeup:merge-request', scope_desc: 'Merge requests', sub_scopes: leaves('codeup:merge-request') },
    ],
  },
  {
    scope_key: 'projex',
    scope_desc: 'Projex',
    sub_scopes: [{ scope_key: 'projex:workitem', scope_desc: 'Work items', sub_scopes: leaves('projex:workitem') }],
  },
  {
    scope_key: 'packages',
    scope_desc: 'Packages',
    sub_scopes: [{ scope_key: 'packages:artifact', scope_desc: 'Artifacts', sub_scopes: leaves('packages:artifact') }],
  },
];

/** What the user may grant: everything but writing work items. */
export const grantable = [
  'codeup',
  'codeup:repository',
  'codeup:repository:read',
  'codeup:repository:write',
  'codeup:merge-request',
  'codeup:merge-request:read',
  'codeup:merge-request:write',
  'projex:workitem:read',
  'packages',
  'packages:artifact',
  'packages:artifact:read',
  'packages:artifact:write',
];

/** A list with one token of each kind: in use, about to expire, expired. */
export const mixedTokens: TokenRow[] = [
  token('t1', {
    name: 'ci-deploy',
    description: 'Deploys from the release pipeline',
    token_scopes: ['codeup:repository:read', 'codeup:repository:write', 'packages:artifact:write'],
    last_used_at: daysFromNow(-1),
  }),
  token('t2', { name: 'local-cli', expires_at: daysFromNow(3), last_used_at: daysFromNow(-5) }),
  token('t3', { name: 'old-bot', expires_at: daysFromNow(-3), expired: true }),
];

/** The value a create call answers with, shown once. */
export const NEW_TOKEN_VALUE = 'pt-7f3a9c2e1b5d4a8f9e0c6b2a1d3f5e7c';

export const tokenPaths = {
  search: route(SEARCH_PATH),
  tokens: route(TOKENS_PATH),
  token: route(`${TOKENS_PATH}/{id}`),
  scopes: route(SCOPES_PATH),
  permissions: route(PERMISSIONS_PATH),
};

/** `POST …/tokens:search` answering these tokens (`total` drives the pager). */
export const searchAnswer = (tokens: TokenRow[], total = tokens.length) =>
  http.post(tokenPaths.search, () => HttpResponse.json(tokenPage(tokens, total)));

/** The scope tree and the grantable keys the form needs. */
export const scopeHandlers: HttpHandler[] = [
  http.get(tokenPaths.scopes, () => HttpResponse.json({ token_scopes: scopeTree })),
  http.get(tokenPaths.permissions, () => HttpResponse.json({ token_scopes: grantable })),
];

/** A token API where every call succeeds: the list, scopes, create (with a value), edit, delete. */
export function tokenHandlers(tokens: TokenRow[] = mixedTokens): HttpHandler[] {
  return [
    searchAnswer(tokens),
    ...scopeHandlers,
    http.post(tokenPaths.tokens, () => HttpResponse.json({ token: NEW_TOKEN_VALUE, token_id: 'new1' })),
    http.put(tokenPaths.token, ok),
    http.delete(tokenPaths.token, ok),
  ];
}
