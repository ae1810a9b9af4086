/**
 * Data for the <yx-token-manager> tests. The rows, pages and grantable keys come from the Storybook
 * mocks, so stories and tests build them in one place. The scope tree stays here: it is smaller
 * than the stories' one (no Packages app), which the tests' assertions count on, and it keeps the
 * server's `scope_operate: null` on apps and resources.
 */
import type { MockRoute } from '../fixtures/harness';
import { grantable as storyGrantable } from '../../../stories/mocks/tokens';

export { daysFromNow } from '../../../stories/mocks/common';
export { token, tokenPage as page } from '../../../stories/mocks/tokens';

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

/** Everything but writing work items: the stories' keys without the Packages app, which this tree leaves out. */
export const grantable = storyGrantable.filter((key) => !key.startsWith('packages'));

/** The scope and permission routes every form needs. */
export const scopeRoutes: MockRoute[] = [
  { method: 'GET', path: SCOPES, body: { token_scopes: scopeTree } },
  { method: 'GET', path: PERMISSIONS, body: { token_scopes: grantable } },
];
