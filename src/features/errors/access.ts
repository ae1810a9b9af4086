/**
 * The two checks of the `/users/errors` page (§2): when the organization and the app are known,
 * the page asks whether the user has the app in that organization (the user-apps fetch) and may
 * open it (the access check). Both passing, the user is sent on to the app's `raw_url` (or `/`);
 * otherwise the page shows an error, the most specific one the server's answer names.
 */
import * as v from 'valibot';
import type { HttpClient, HttpError } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';
import type { ErrorType } from './types';

export const MY_APPS_PATH = '/uiless/api/my/apps';
const appPath = (orgId: string, appId: string) =>
  `/uiless/api/organizations/${encodeURIComponent(orgId)}/apps/${encodeURIComponent(appId)}`;
export const accessPath = (orgId: string, appId: string) => `${appPath(orgId, appId)}/access`;
export const appRecordPath = appPath;

const appsSchema = v.object({ apps: v.array(v.object({ identity: v.string() })) });
const accessSchema = v.object({ pass: v.boolean() });
const recordSchema = v.object({ result: v.object({ app: v.object({ raw_url: v.string() }) }) });

/** Organization rule codes (§6, §8) → the error page that explains them. */
const RULE_PAGES: Readonly<Record<string, ErrorType>> = {
  ip_restricted: 'ip-restricted',
  order_expired: 'order-expired',
  ram_user_forbidden: 'ram-user',
  organization_inaccessible: 'organization-inaccessible',
  not_member: 'organization-inaccessible',
  organization_not_found: 'organization-inaccessible',
  no_organization: 'no-organization',
};

/** The error page an organization rule's refusal calls for; undefined for any other failure. */
export function pageForError(error: HttpError): ErrorType | undefined {
  return Object.hasOwn(RULE_PAGES, error.code) ? RULE_PAGES[error.code] : undefined;
}

export type AccessVerdict =
  /** Both checks passed: go to `url` (the app's address, or '/' when it has none we can use). */
  | { pass: true; url: string }
  /** A check failed: show `type` (a rule's own page), or the page asked for when undefined;
   * `denied` when the user lacks the app or may not open it (rather than a failed call). */
  | { pass: false; type: ErrorType | undefined; denied?: boolean };

/** Whether `url` is an http(s) or relative address (raw_url usually lives on another host of the
 * suite, so other origins are fine; `javascript:` and other schemes are not). */
export function isAppUrl(url: string): boolean {
  const value = url.trim();
  if (!value) return false;
  try {
    const { protocol } = new URL(value, location.href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Runs both checks together, then looks up where the app lives. */
export async function verifyAccess(
  http: HttpClient,
  t: Translate,
  orgId: string,
  appId: string,
): Promise<AccessVerdict> {
  const [[appsError, apps], [accessError, access]] = await Promise.all([
    http
      .get(MY_APPS_PATH, { params: { organization_id: orgId } })
      .then((r) => expectShape(r, appsSchema, t, { method: 'GET', url: MY_APPS_PATH })),
    http
      .get(accessPath(orgId, appId))
      .then((r) => expectShape(r, accessSchema, t, { method: 'GET', url: accessPath(orgId, appId) })),
  ]);
  // The access check names the organization's rule best; the apps fetch hits the same rules.
  if (accessError) return { pass: false, type: pageForError(accessError) };
  if (appsError) return { pass: false, type: pageForError(appsError) };
  if (!access.pass || !apps.apps.some((a) => a.identity === appId))
    return { pass: false, type: undefined, denied: true };
  const [recordError, record] = expectShape(await http.get(appRecordPath(orgId, appId)), recordSchema, t, {
    method: 'GET',
    url: appRecordPath(orgId, appId),
  });
  const url = recordError ? '' : record.result.app.raw_url;
  return { pass: true, url: isAppUrl(url) ? url.trim() : '/' };
}
