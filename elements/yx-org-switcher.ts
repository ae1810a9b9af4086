import { define, defineElement } from './define';
import { OrgSwitcher } from '../src/features/org-switcher/OrgSwitcher';
import { orgSwitcherCss } from '../src/features/org-switcher/org-switcher.css';

/** Switch Organization (§2, §4): the user's organizations with their logos (initials when there
 * is no http(s) or relative logo URL), the current one marked 'Current'. The list comes 50 to a
 * page from `POST /individual/proxy/my/organizations`; scrolling to its end or 'Load more' appends
 * the next page (`next_token`), and a filter box narrows what is loaded. When an organization id
 * is known (`org-id`, else the page's `organizationId`), that organization is read
 * (`GET /uiless/api/organizations/{id}`) and listed first, marked, wherever its page is; with an
 * `app-id`, the app is read (`GET /uiless/apps/{id}`) and named in the intro.
 *
 * Choosing an organization saves it (`PUT /uiless/api/sdk/users/lastWorkspace`), then fires a
 * cancelable `yx-org-change` and, unless cancelled, goes to `next-url` (else the page's
 * `nextUrl` parameter; same-origin only, else `/`) with `location.assign`. A failed switch keeps
 * the list and says 'Failed to switch the organization' with the reason.
 *
 * Keyboard: the organizations are a list of buttons (not a listbox: choosing one is an action that
 * leaves the page, not a selection), reached with Tab and chosen with Enter or Space; ↑/↓, Home
 * and End also move between them. Inside `<yx-settings>` the shell takes the `yx-org-change` over
 * and adds its own `nextUrl`.
 * @tag yx-org-switcher
 * @summary The user's organizations; choosing one switches to it.
 * @attr next-url - where to go after switching. @default the page's `nextUrl` / `next_url` / `nexturl`, else `/`
 * @attr user-id - sent as `user_id` when listing. @default left out (the signed-in user)
 * @attr heading-level - the title's heading level, `1` to `6`: `2` (the default) under the host page's own h1; `1` where the element is the page, so the page has its h1 (the standalone `#/users/switch/organization` sets it)
 * @fires yx-org-change - cancelable; the organization was saved as the last workspace; detail: { organizationId, url }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart org-switcher - the whole element (`data-status` idle | loading | ready | error)
 * @csspart title - the 'Switch Organization' heading (an h2, or as `heading-level` says)
 * @csspart intro - the sentence under it
 * @csspart field - the filter field
 * @csspart label - the filter's label
 * @csspart required - the required mark of a label
 * @csspart input - the filter box
 * @csspart hint - a field's help text
 * @csspart error - a field's error message
 * @csspart count - how many organizations are loaded / shown
 * @csspart scroller - the scrolling box around the list
 * @csspart list - the list of organizations
 * @csspart org - an organization's button (`data-id`, `data-current`; also `button`)
 * @csspart logo - its logo picture, or its initials
 * @csspart logo-initials - the initials standing in for a missing or broken logo
 * @csspart org-name - its name
 * @csspart current-badge - the 'Current' mark
 * @csspart sentinel - the invisible end of the list that loads the next page on scroll
 * @csspart load-more-button - 'Load more' (also `button`)
 * @csspart no-match - the filter matched nothing
 * @csspart switch-error - why the last switch failed
 * @csspart add-error - why the next page failed
 * @csspart result - the empty or load error panel (with Retry)
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart spinner - shown while the first page loads
 * @csspart skeleton - the loading placeholder
 * @csspart button - every button */
export class YxOrgSwitcher extends defineElement(OrgSwitcher, {
  props: { nextUrl: 'string', userId: 'string', headingLevel: { enum: ['1', '2', '3', '4', '5', '6'], default: '2' } },
  styles: [orgSwitcherCss],
}) {}

define('yx-org-switcher', YxOrgSwitcher);

declare global {
  interface HTMLElementTagNameMap {
    'yx-org-switcher': YxOrgSwitcher;
  }
}
