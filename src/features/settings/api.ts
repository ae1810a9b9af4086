/**
 * The calls of the settings shell (§2, §7): the identities of the apps the user has (which
 * sections the menu shows) and the configured help link. Every call resolves to an
 * `[error, result]` pair; a malformed answer becomes a `malformed` error through `expectShape`.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const MY_APPS_PATH = '/uiless/api/my/apps';
/** The help-link id of the personal settings page. */
export const HELP_LINK_ID = 'personal-settings';
export const helpLinkPath = (id: string) => `/uiless/api/helpLink/${encodeURIComponent(id)}`;

const appsSchema = v.object({
  apps: v.array(v.object({ identity: v.string() })),
});

const helpSchema = v.object({ link: v.nullish(v.string()) });

export interface SettingsApi {
  /** The identities of the user's apps in the organization (`organization_id`, '' = the current one). */
  myApps(organizationId: string): Promise<HttpResult<string[]>>;
  /** The help URL, or null when none is configured (404, empty, or not an http(s) address). */
  helpLink(id?: string): Promise<HttpResult<string | null>>;
}

/** Only http(s) links may become an `href`: a configured `javascript:` URL must not run. */
export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createSettingsApi(http: HttpClient, t: Translate): SettingsApi {
  return {
    async myApps(organizationId) {
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
    async helpLink(id = HELP_LINK_ID) {
      const url = helpLinkPath(id);
      const [error, body] = expectShape(await http.get(url), helpSchema, t, { method: 'GET', url });
      if (error) return error.status === 404 ? [null, null] : [error, null];
      const link = body.link?.trim();
      return [null, link && isWebUrl(link) ? link : null];
    },
  };
}
