/** Data for the <yx-token-manager> tests: the scope tree of §7 and a token builder. */
import type { MockRoute } from '../fixtures/harness';

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const SEARCH = '/users/ajax/v1/my/tokens:search';
export const TOKENS = '/users/ajax/v1/my/tokens';
export const SCOPES = '/users/ajax/v1/tokens:scopes';
export const PERMISSIONS = '/users/ajax/v1/tokens:permissions';

/** Apps → resources → read / write leaves. */
export const scopeTree = [
  {
    scope_key: 'codeup',
    scope_operate: null,
    scope_desc: 'Codeup',
    sub_scopes: [
      {
        scope_key: 'codeup:repository',
        scope_operate: null,
        scope_desc: 'Repositories',
        sub_scopes: [
          { scope_key: 'codeup:repository:read', scope_operate: 'read', scope_desc: null, sub_scopes: [] },
          { scope_key: 'codeup:repository:write', scope_operate: 'write', scope_desc: null, sub_scopes: [] },
        ],
      },
      {
        scope_key: 'codeup:merge-request',
        scope_operate: null,
        scope_desc: 'Merge requests',
        sub_scopes: [
          { scope_key: 'codeup:merge-request:read', scope_operate: 'read', scope_desc: null, sub_scopes: [] },
          { scope_key: 'codeup:merge-request:write', scope_operate: 'write', scope_desc: null, sub_scopes: [] },
        ],
      },
    ],
  },
  {
    scope_key: 'projex',
    scope_operate: null,
    scope_desc: 'Projex',
    sub_scopes: [
      {
        scope_key: 'projex:workitem',
        scope_operate: null,
        scope_desc: 'Work items',
        sub_scopes: [
          { scope_key: 'projex:workitem:read', scope_operate: 'read', scope_desc: null, sub_scopes: [] },
          { scope_key: 'projex:workitem:write', scope_operate: 'write', scope_desc: null, sub_scopes: [] },
        ],
      },
    ],
  },
];

/** Everything but writing work items. */
export const grantable = [
  'codeup',
  'codeup:repository',
  'codeup:repository:read',
  'codeup:repository:write',
  'codeup:merge-request',
  'codeup:merge-request:read',
  'codeup:merge-request:write',
  'projex:workitem:read',
];

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

export const page = (tokens: TokenRow[], total = tokens.length) => ({
  access_tokens: tokens,
  pages: { total_size: total },
});

/** The scope and permission routes every form needs. */
export const scopeRoutes: MockRoute[] = [
  { method: 'GET', path: SCOPES, body: { token_scopes: scopeTree } },
  { method: 'GET', path: PERMISSIONS, body: { token_scopes: grantable } },
];
