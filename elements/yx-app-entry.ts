import { define, defineElement } from './define';
import { AppEntry } from '../src/features/org-switcher/AppEntry';
import { orgSwitcherCss } from '../src/features/org-switcher/org-switcher.css';

/** The app entry of one organization (`#/users/switch/{organizationId}/app-entry`, §2): a header
 * with the organization's logo and name (`GET /uiless/api/organizations/{id}`), then its installed
 * apps (`GET /uiless/api/my/apps?organization_id=`) with the catalogue's logos and names in the
 * interface language. Choosing an app fetches its address
 * (`GET /uiless/api/organizations/{orgId}/apps/{appId}` → `app.raw_url`), fires a cancelable
 * `yx-navigate` and, unless cancelled, goes there with `location.assign`. Only http(s) and
 * relative addresses are followed. A failed load shows the error panel with Retry. Without any
 * organization (no `organization-id`, `org-id` or `configure({ organizationId })`) it shows the
 * error panel and logs a console warning naming `organization-id`.
 * @tag yx-app-entry
 * @summary The installed apps of one organization; choosing one opens it.
 * @attr organization-id - the organization whose apps to show; without it, the common `org-id` (or `configure({ organizationId })`) is used
 * @attr heading-level - the organization name's heading level, `1` to `6`: `2` (the default) under the host page's own h1; `1` where the element is the page, so the page has its h1 (the standalone `#/users/switch/{organizationId}/app-entry` sets it)
 * @fires yx-navigate - cancelable; an app was chosen; detail: { url } (its `raw_url`)
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart app-entry - the whole element (`data-status` idle | loading | ready | error)
 * @csspart org-header - the organization's logo and name
 * @csspart org-logo - its logo picture, or its initials
 * @csspart org-logo-initials - the initials standing in for a missing or broken logo
 * @csspart org-name - its name (the heading: an h2, or as `heading-level` says)
 * @csspart intro - the sentence under it
 * @csspart apps - the list of installed apps
 * @csspart app - an app's button (`data-app` = its identity; also `button`)
 * @csspart app-logo - the app's logo, or its initials
 * @csspart app-logo-initials - the initials of an app without a usable logo
 * @csspart app-name - the app's name
 * @csspart open-error - why the last app could not be opened
 * @csspart result - the empty or load error panel (with Retry)
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart spinner - shown while loading
 * @csspart skeleton - the loading placeholder
 * @csspart button - every button (each app, Retry) */
export class YxAppEntry extends defineElement(AppEntry, {
  props: { organizationId: 'string', headingLevel: { enum: ['1', '2', '3', '4', '5', '6'], default: '2' } },
  styles: [orgSwitcherCss],
}) {}

define('yx-app-entry', YxAppEntry);

declare global {
  interface HTMLElementTagNameMap {
    'yx-app-entry': YxAppEntry;
  }
}
