/**
 * Organizations (§7 "Organizations and apps"): the caller's organizations paged 50 at a time with
 * the current one marked, switching the current one (`lastWorkspace`), one organization's summary
 * and its administrators. Access rules are in `../orgs/access.ts`.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { principalOf } from '../auth/middleware';
import { jsonBody } from '../body';
import type { AppDeps, AppEnv } from '../context';
import { AppError, errors } from '../errors';
import { enterOrganization } from '../orgs/access';
import {
  currentOrganizationId,
  listOrganizationsPage,
  organizationAdmins,
  setLastOrganization,
} from '../repos/organizations';
import type { OrgCursor } from '../repos/organizations';
import { requireScope, requireSessionUser } from '../tokens/bearer';

/** Largest (and default) page of the organization list (§9). */
export const ORG_PAGE_SIZE = 50;

const invalid = 'validation.invalidType';
const id = v.pipe(v.string(invalid), v.nonEmpty(invalid), v.maxLength(64, invalid));

const listSchema = v.object(
  {
    user_id: v.nullish(id),
    pagination: v.optional(
      v.object(
        {
          next_token: v.nullish(v.pipe(v.string(invalid), v.maxLength(200, invalid))),
          page_size: v.optional(
            v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid), v.maxValue(ORG_PAGE_SIZE, invalid)),
            ORG_PAGE_SIZE,
          ),
        },
        invalid,
      ),
      {},
    ),
  },
  invalid,
);

const switchSchema = v.object({ organization_id: id }, invalid);

/** The opaque `next_token` for a cursor. @example encodeOrgCursor({ micros: '1', orgId: 'org_a' }) */
export function encodeOrgCursor(cursor: OrgCursor): string {
  return Buffer.from(`${cursor.micros}.${cursor.orgId}`).toString('base64url');
}

/** The cursor a `next_token` stands for; undefined when it is not one of ours. */
export function decodeOrgCursor(token: string): OrgCursor | undefined {
  const m = /^(\d{1,17})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? { micros: m[1]!, orgId: m[2]! } : undefined;
}

/** 403 for asking about another user's organizations. */
const notYourUser = () => new AppError('forbidden', 403, 'server.organizations.notYourUser');

/** Routes of the organizations domain. */
export function organizationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const readOrgs = requireScope('org', 'read');
  const me = (c: Context<AppEnv>) => principalOf(c).user.id;

  app.post('/individual/proxy/my/organizations', readOrgs, async (c) => {
    const body = await jsonBody(c, listSchema);
    const userId = me(c);
    if (body.user_id && body.user_id !== userId) throw notYourUser();
    const token = body.pagination.next_token;
    const after = token ? decodeOrgCursor(token) : undefined;
    if (token && !after) throw errors.invalid('pagination.next_token');
    const [page, current] = await Promise.all([
      listOrganizationsPage(deps.db, userId, after, body.pagination.page_size),
      currentOrganizationId(deps.db, userId),
    ]);
    const last = page.items.at(-1);
    return c.json({
      organizations: page.items.map((o) => ({ _id: o.id, name: o.name, logo: o.logo, current: o.id === current })),
      pages: page.more && last ? { next_token: encodeOrgCursor(last.cursor) } : {},
    });
  });

  // A token must not move the user's browser to another organization.
  app.put('/uiless/api/sdk/users/lastWorkspace', requireSessionUser, async (c) => {
    const { organization_id } = await jsonBody(c, switchSchema);
    await enterOrganization(deps, c, organization_id);
    await setLastOrganization(deps.db, me(c), organization_id);
    return c.json({ result: true });
  });

  app.get('/uiless/api/organizations/:orgId', readOrgs, async (c) => {
    const { org } = await enterOrganization(deps, c, c.req.param('orgId'), true);
    return c.json({ result: { _id: org.id, name: org.name, logo: org.logo } });
  });

  app.get('/uiless/api/organizations/:orgId/appAdmins', readOrgs, async (c) => {
    const { org } = await enterOrganization(deps, c, c.req.param('orgId'));
    return c.json({ result: await organizationAdmins(deps.db, org.id) });
  });

  return app;
}
