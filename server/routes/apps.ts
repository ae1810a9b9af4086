/**
 * Apps (§7 "Organizations and apps"): catalogue entries, catalogue search, an organization's app
 * record with its `raw_url`, the caller's permissions on it, the user-apps fetch and the access
 * check the `/users/errors` page runs, plus help links. The suite's apps themselves are not part
 * of this server, so each app's `raw_url` answers with a small placeholder page: a redirect from
 * the errors page lands somewhere real.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { APPS } from '../../src/core/catalogue';
import { principalOf, requireUser } from '../auth/middleware';
import { jsonBody } from '../body';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../errors';
import { enterOrganization, orgErrors } from '../orgs/access';
import { findApp, findInstalledApp, installedAppIds, searchApps } from '../repos/apps';
import type { AppRow } from '../repos/apps';
import { currentOrganizationId } from '../repos/organizations';
import { requireScope } from '../tokens/bearer';

/** Help pages by id (`GET /uiless/api/helpLink/{id}`), served by the docs app's placeholder. */
export const HELP_LINKS: Readonly<Record<string, string>> = {
  'personal-settings': '/docs/#personal-settings',
  'access-token': '/docs/#access-token',
  'ssh-key': '/docs/#ssh-key',
  'packages-credential': '/docs/#packages-credential',
  'third-party': '/docs/#third-party',
};

/** Apps only administrators may open, and apps members may read but only administrators change. */
const ADMIN_ONLY = new Set(['org-admin']);
const ADMIN_WRITES = new Set(['org-member']);

/** What a member may do in an installed app. */
export function appPermissions(appId: string, role: 'admin' | 'member') {
  const admin = role === 'admin';
  return {
    read: admin || !ADMIN_ONLY.has(appId),
    write: admin || !(ADMIN_ONLY.has(appId) || ADMIN_WRITES.has(appId)),
    admin,
  };
}

const appErrors = {
  notFound: () => new AppError('app_not_found', 404, 'server.apps.notFound'),
  notInstalled: () => new AppError('app_not_installed', 404, 'server.apps.notInstalled'),
  helpLink: () => new AppError('not_found', 404, 'server.helpLink.notFound'),
};

const invalid = 'validation.invalidType';
const searchSchema = v.object(
  {
    organization_id: v.nullish(v.pipe(v.string(invalid), v.nonEmpty(invalid), v.maxLength(64, invalid))),
    keyword: v.nullish(v.pipe(v.string(invalid), v.trim(), v.maxLength(100, invalid))),
  },
  invalid,
);

const CATALOGUE_ORDER = new Map(APPS.map((a, i) => [a.id as string, i]));

/** Catalogue order first (the order the suite shows apps in), unknown ids last by id. */
function byCatalogue(a: AppRow, b: AppRow): number {
  const ia = CATALOGUE_ORDER.get(a.id) ?? Infinity;
  const ib = CATALOGUE_ORDER.get(b.id) ?? Infinity;
  return ia === ib ? a.id.localeCompare(b.id) : ia - ib;
}

/** A catalogue entry as §3 names its fields. */
function catalogueJson(app: AppRow) {
  return {
    id: app.id,
    name: app.name,
    nameCN: app.name_cn,
    ...(app.vpc_id ? { vpcId: app.vpc_id } : {}),
    logoUrlCDN: app.logo_url_cdn,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Routes of the apps domain. */
export function appRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const readOrgs = requireScope('org', 'read');

  /** The organization a user-apps call is about: the one asked for, else the current one. */
  const targetOrg = async (c: Context<AppEnv>, asked: string | undefined | null) => {
    const orgId = asked || (await currentOrganizationId(deps.db, principalOf(c).user.id));
    if (!orgId) throw orgErrors.noOrganization();
    return enterOrganization(deps, c, orgId);
  };

  app.get('/uiless/apps/:appId', requireUser, async (c) => {
    const found = await findApp(deps.db, c.req.param('appId'));
    if (!found) throw appErrors.notFound();
    return c.json({ result: catalogueJson(found) });
  });

  app.post('/uiless/api/apps:search', readOrgs, async (c) => {
    const body = await jsonBody(c, searchSchema);
    const orgId = body.organization_id ? (await enterOrganization(deps, c, body.organization_id)).org.id : undefined;
    const rows = await searchApps(deps.db, {
      ...(orgId ? { orgId } : {}),
      ...(body.keyword ? { keyword: body.keyword } : {}),
    });
    return c.json({ result: rows.sort(byCatalogue).map(catalogueJson) });
  });

  app.get('/uiless/api/my/apps', readOrgs, async (c) => {
    const { org } = await targetOrg(c, c.req.query('organization_id'));
    const ids = await installedAppIds(deps.db, org.id);
    ids.sort((a, b) => (CATALOGUE_ORDER.get(a) ?? Infinity) - (CATALOGUE_ORDER.get(b) ?? Infinity));
    return c.json({ apps: ids.map((identity) => ({ identity })) });
  });

  app.get('/uiless/api/organizations/:orgId/apps/:appId', readOrgs, async (c) => {
    const { org } = await enterOrganization(deps, c, c.req.param('orgId'));
    const installed = await findInstalledApp(deps.db, org.id, c.req.param('appId'));
    if (!installed) throw appErrors.notInstalled();
    return c.json({ result: { identity: installed.id, app: { raw_url: installed.raw_url } } });
  });

  app.get('/uiless/api/organizations/:orgId/apps/:appId/permissions', readOrgs, async (c) => {
    const { org, role } = await enterOrganization(deps, c, c.req.param('orgId'));
    const installed = await findInstalledApp(deps.db, org.id, c.req.param('appId'));
    if (!installed) throw appErrors.notInstalled();
    return c.json({ result: appPermissions(installed.id, role) });
  });

  // The errors page's first check. A broken organization rule answers with its own error code
  // (so the page can say which); passing them, the app must be installed and open to the caller.
  app.get('/uiless/api/organizations/:orgId/apps/:appId/access', readOrgs, async (c) => {
    const { org, role } = await enterOrganization(deps, c, c.req.param('orgId'));
    const installed = await findInstalledApp(deps.db, org.id, c.req.param('appId'));
    return c.json({ pass: Boolean(installed && appPermissions(installed.id, role).read) });
  });

  app.get('/uiless/api/helpLink/:id', requireUser, (c) => {
    const key = c.req.param('id');
    if (!Object.hasOwn(HELP_LINKS, key)) throw appErrors.helpLink();
    return c.json({ link: HELP_LINKS[key] });
  });

  for (const entry of APPS) {
    const page = (c: Context<AppEnv>) => {
      const name = c.get('locale') === 'zh_CN' ? entry.nameCN : entry.name;
      const title = escapeHtml(`${name} — demo`);
      c.header('Content-Security-Policy', "default-src 'none'");
      return c.html(
        `<!doctype html><html lang="${c.get('locale') === 'zh_CN' ? 'zh-CN' : 'en'}"><meta charset="utf-8">` +
          `<title>${title}</title><h1>${title}</h1><p><a href="/users/">/users/</a></p></html>`,
      );
    };
    app.get(`/${entry.id}`, page);
    app.get(`/${entry.id}/`, page);
  }

  return app;
}
