/** Organizations and apps (§7 "Organizations and apps") for `<yx-org-switcher>`, `<yx-app-entry>`
 * and the apps check of `<yx-settings>`. */
import { HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';
import {
  LAST_WORKSPACE_PATH,
  MY_APPS_PATH,
  ORGANIZATIONS_PATH,
  organizationPath,
} from '../../src/features/org-switcher/api';
import { ok, route } from './common';

export interface OrgRow {
  _id: string;
  name: string;
  logo: string;
  current?: boolean;
}

const NAMES = ['Acme Robotics', 'Blue Harbor Studio', 'Cedar Health', 'Delta Logistics', 'Evergreen Labs'];

/** Organization number `i`, with a logo served by the account host (the first one is current). */
export const org = (i: number, overrides: Partial<OrgRow> = {}): OrgRow => ({
  _id: `org-${i}`,
  name: NAMES[i - 1] ?? `Organization ${String(i).padStart(3, '0')}`,
  logo: `/users/static/orgs/${(NAMES[i - 1] ?? `o${i}`).toLowerCase().replace(/\W+/g, '-')}.svg`,
  ...(i === 1 ? { current: true } : {}),
  ...overrides,
});

/** Organizations `from`..`to`. */
export const orgRange = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => org(from + k));

/** Five organizations, one without a logo (its initials show). */
export const fewOrgs: OrgRow[] = [...orgRange(1, 4), org(5, { logo: '' })];

export const orgPaths = {
  list: route(ORGANIZATIONS_PATH),
  lastWorkspace: route(LAST_WORKSPACE_PATH),
  myApps: route(MY_APPS_PATH),
  organization: route(organizationPath('') + '{id}'),
  app: route(organizationPath('') + '{orgId}/apps/{appId}'),
};

/**
 * The list, 50 to a page by `next_token` (§4), as the server pages it: the token is the index of
 * the next organization.
 */
export function organizationListHandler(orgs: OrgRow[], pageSize = 50): HttpHandler {
  return http.post(orgPaths.list, async ({ request }) => {
    const body = (await request.json()) as { pagination?: { next_token?: string } };
    const start = Number(body.pagination?.next_token || 0);
    const next = start + pageSize;
    return HttpResponse.json({
      organizations: orgs.slice(start, next),
      pages: next < orgs.length ? { next_token: String(next) } : {},
    });
  });
}

/** Apps installed in every organization, by identity. */
export const INSTALLED_APPS = ['workbench', 'projex', 'codeup', 'flow', 'packages', 'testhub', 'insight', 'lingma'];

/** Switching succeeds; each organization and app can be looked up. */
export function organizationHandlers(orgs: OrgRow[] = fewOrgs, apps: string[] = INSTALLED_APPS): HttpHandler[] {
  return [
    organizationListHandler(orgs),
    http.put(orgPaths.lastWorkspace, ok),
    http.get(orgPaths.myApps, () => HttpResponse.json({ apps: apps.map((identity) => ({ identity })) })),
    http.get(orgPaths.organization, ({ params }) => {
      const found = orgs.find((o) => o._id === params.id) ?? org(1);
      return HttpResponse.json({ result: { _id: found._id, name: found.name, logo: found.logo } });
    }),
    http.get(orgPaths.app, ({ params }) =>
      HttpResponse.json({ result: { identity: params.appId, app: { raw_url: `/${String(params.appId)}/` } } }),
    ),
  ];
}
