/**
 * The calls of the organization switcher and the app entry (§7 "Organizations and apps") and the
 * shapes their answers must have. Every call resolves to an `[error, result]` pair; an answer of
 * the wrong shape becomes a `malformed` error through `expectShape`.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const ORGANIZATIONS_PATH = '/individual/proxy/my/organizations';
export const LAST_WORKSPACE_PATH = '/uiless/api/sdk/users/lastWorkspace';
export const MY_APPS_PATH = '/uiless/api/my/apps';
export const appInfoPath = (appId: string) => `/uiless/apps/${encodeURIComponent(appId)}`;
export const organizationPath = (id: string) => `/uiless/api/organizations/${encodeURIComponent(id)}`;
export const organizationAppPath = (orgId: string, appId: string) =>
  `${organizationPath(orgId)}/apps/${encodeURIComponent(appId)}`;

/** §9: organizations come 50 to a page. */
export const ORGANIZATION_PAGE_SIZE = 50;

/** One organization (§3); `_id` becomes `id`, a missing logo '' and a missing flag false. */
export interface Organization {
  id: string;
  name: string;
  logo: string;
  current: boolean;
}

const organizationSchema = v.pipe(
  v.object({ _id: v.string(), name: v.string(), logo: v.nullish(v.string()), current: v.nullish(v.boolean()) }),
  v.transform(({ _id, name, logo, current }): Organization => ({
    id: _id,
    name,
    logo: logo ?? '',
    current: current ?? false,
  })),
);

const pageSchema = v.object({
  organizations: v.array(organizationSchema),
  pages: v.nullish(v.object({ next_token: v.nullish(v.string()) })),
});

export interface OrganizationPage {
  organizations: Organization[];
  /** The token of the next page; undefined on the last one. */
  nextToken: string | undefined;
}

const oneOrganizationSchema = v.object({
  result: v.object({ _id: v.string(), name: v.string(), logo: v.nullish(v.string()) }),
});
export interface OrganizationInfo {
  id: string;
  name: string;
  logo: string;
}

const appInfoSchema = v.object({
  result: v.object({ id: v.string(), name: v.string(), nameCN: v.nullish(v.string()) }),
});
/** The app the page belongs to (§4 `appInfo`), from the catalogue service. */
export interface AppInfo {
  id: string;
  name: string;
  /** The Chinese name; the English one when the service has none. */
  nameCN: string;
}

const appsSchema = v.object({ apps: v.array(v.object({ identity: v.string() })) });

const appRecordSchema = v.object({
  result: v.object({ identity: v.nullish(v.string()), app: v.object({ raw_url: v.string() }) }),
});

export interface OrgSwitcherApi {
  /** One page of the user's organizations; no token = the first page. */
  list(options: { userId?: string; nextToken?: string }): Promise<HttpResult<OrganizationPage>>;
  /** Makes the organization the user's current workspace. */
  setLastWorkspace(organizationId: string): Promise<HttpResult<unknown>>;
  organization(id: string): Promise<HttpResult<OrganizationInfo>>;
  /** The catalogue entry of an app (`GET /uiless/apps/{appId}`). */
  appInfo(appId: string): Promise<HttpResult<AppInfo>>;
  /** Identities of the apps installed in the organization. */
  apps(organizationId: string): Promise<HttpResult<string[]>>;
  /** The app's address in the organization (`app.raw_url`). */
  appUrl(organizationId: string, appId: string): Promise<HttpResult<string>>;
}

export function createOrgSwitcherApi(http: HttpClient, t: Translate): OrgSwitcherApi {
  return {
    async list({ userId, nextToken }) {
      const body = {
        ...(userId ? { user_id: userId } : {}),
        pagination: { next_token: nextToken ?? '', page_size: ORGANIZATION_PAGE_SIZE },
      };
      const request = { method: 'POST', url: ORGANIZATIONS_PATH };
      const [error, page] = expectShape(await http.post(ORGANIZATIONS_PATH, body), pageSchema, t, request);
      if (error) return [error, null];
      return [null, { organizations: page.organizations, nextToken: page.pages?.next_token || undefined }];
    },
    setLastWorkspace: (organizationId) => http.put(LAST_WORKSPACE_PATH, { organization_id: organizationId }),
    async organization(id) {
      const url = organizationPath(id);
      const [error, body] = expectShape(await http.get(url), oneOrganizationSchema, t, { method: 'GET', url });
      if (error) return [error, null];
      const { _id, name, logo } = body.result;
      return [null, { id: _id, name, logo: logo ?? '' }];
    },
    async appInfo(appId) {
      const url = appInfoPath(appId);
      const [error, body] = expectShape(await http.get(url), appInfoSchema, t, { method: 'GET', url });
      if (error) return [error, null];
      const { id, name, nameCN } = body.result;
      return [null, { id, name, nameCN: nameCN || name }];
    },
    async apps(organizationId) {
      const request = { method: 'GET', url: MY_APPS_PATH };
      const [error, body] = expectShape(
        await http.get(MY_APPS_PATH, { params: { organization_id: organizationId } }),
        appsSchema,
        t,
        request,
      );
      if (error) return [error, null];
      return [null, body.apps.map((app) => app.identity)];
    },
    async appUrl(organizationId, appId) {
      const url = organizationAppPath(organizationId, appId);
      const [error, body] = expectShape(await http.get(url), appRecordSchema, t, { method: 'GET', url });
      if (error) return [error, null];
      return [null, body.result.app.raw_url];
    },
  };
}
