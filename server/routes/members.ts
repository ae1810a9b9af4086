/**
 * Member name lookups (§7): `GET /api/members/list?userIds=a,b` and, for private deployments,
 * `GET /api/organizations/{orgId}/members/list`. Answers `[{ _userId, name }]`; ids the caller
 * may not see (no shared organization) or that do not exist are simply left out.
 */
import { Hono } from 'hono';
import { principalOf } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../context';
import { errors } from '../errors';
import { isMember, namesVisibleTo, orgMemberNames } from '../repos/members';
import { requireScope } from '../tokens/bearer';

/** Most ids one lookup may ask for. */
export const MAX_LOOKUP_IDS = 100;

function parseIds(raw: string | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0 || ids.length > MAX_LOOKUP_IDS || ids.some((id) => id.length > 64)) {
    throw errors.invalid('userIds');
  }
  return ids;
}

/** Routes of the members domain. */
export function memberRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Names of colleagues are organization data: a token needs the organization scope.
  const readOrgs = requireScope('org', 'read');

  app.get('/api/members/list', readOrgs, async (c) => {
    const ids = parseIds(c.req.query('userIds'));
    return c.json(await namesVisibleTo(deps.db, principalOf(c).user.id, ids));
  });

  app.get('/api/organizations/:orgId/members/list', readOrgs, async (c) => {
    const ids = parseIds(c.req.query('userIds'));
    const orgId = c.req.param('orgId');
    if (!(await isMember(deps.db, orgId, principalOf(c).user.id))) throw errors.forbidden('server.notMember');
    return c.json(await orgMemberNames(deps.db, orgId, ids));
  });

  return app;
}
