import { createElement } from 'react';
import { define, defineElement } from './define';
import { emit } from '../src/core/events';
import { SettingsShell } from '../src/features/settings/SettingsShell';
import type { SettingsShellProps } from '../src/features/settings/SettingsShell';
import type { SectionLoader, SectionTag } from '../src/features/settings/SectionHost';
import { settingsCss } from '../src/features/settings/settings.css';

/** Each section's own bundle, loaded when the section is first shown (rollup splits them out). */
const SECTION_BUNDLES: Record<SectionTag, () => Promise<unknown>> = {
  'yx-profile': () => import('./yx-profile'),
  'yx-token-manager': () => import('./yx-token-manager'),
  'yx-ssh-keys': () => import('./yx-ssh-keys'),
  'yx-package-credential': () => import('./yx-package-credential'),
  'yx-third-party-bindings': () => import('./yx-third-party-bindings'),
};
const loadSection: SectionLoader = (tag) => SECTION_BUNDLES[tag]();

function Settings(props: Omit<SettingsShellProps, 'loadSection'>) {
  return createElement(SettingsShell, { ...props, loadSection });
}

/** The personal settings shell (§2): top bar titled Personal Settings (the title reloads the page;
 * a Help link when `/uiless/api/helpLink/personal-settings` has one), a sidebar with the sections
 * the user may see in this flavour (apps from `/uiless/api/my/apps`), and the section itself,
 * whose element bundle loads on demand. The shell renders nothing while the apps load; a failed
 * fetch or an empty menu shows 'The system is abnormal, please try again' with Retry (reloads).
 * Below 1280 px the sidebar starts collapsed to icons; expanded, its edge drags (or ←/→) down to
 * 200 px. The shell does not follow the address itself: the host sets `section` on each route.
 *
 * Organization change: call `el.changeOrganization(organizationId, url)`, or let any element
 * inside (a section, or an org switcher placed in the `top-bar` slot) fire a cancelable
 * `yx-org-change`. The shell stops that inner event and fires its own `yx-org-change` whose `url`
 * is `url` (same-origin only, else `/`) with `nextUrl` = the current address; unless you cancel
 * it, the page goes there with `location.assign`.
 * @tag yx-settings
 * @summary The personal settings page: top bar, sidebar and the chosen section.
 * @attr section - the section key of `/users/settings/:sidebarKey`: `profile`, `personalAccessToken`, `ssh`, `packagesCredential`, `third-party` or `identity-provider`. Unknown or hidden: redirects to the first entry.
 * @attr version - passed to the token section (`v1`: its list as a modal)
 * @attr view - passed to the token section (`create`: the separate create screen)
 * @attr host - passed on to the section element, as are `org-id`, `app-id`, `csrf-token`, `locale`, `flavour` and `env`
 * @attr flavour - also picks the menu: the global flavour lists profile, token and SSH only (SSH even without code hosting)
 * @fires yx-navigate - cancelable; detail: { url }: a redirect to the first section (then `location.replace`), or a sidebar link click (then the link's own navigation)
 * @fires yx-org-change - cancelable; detail: { organizationId, url } with `url` carrying `nextUrl` (then `location.assign`)
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @slot top-bar - host controls at the end of the top bar (an org switcher, a user menu)
 * @csspart settings - the whole shell (`data-status` loading | ready | error, `data-section`)
 * @csspart top-bar - the top navigation bar
 * @csspart title - the page title
 * @csspart home-link - the link inside the title (reloads the page)
 * @csspart help-link - the Help link (opens in a new tab)
 * @csspart sidebar - the sidebar (`data-state` expanded | collapsed)
 * @csspart sidebar-toggle - the collapse / expand button (also `button`)
 * @csspart nav - the section navigation
 * @csspart nav-link - a section link
 * @csspart nav-link-current - the link of the current section
 * @csspart resizer - the draggable sidebar edge (`role="separator"`)
 * @csspart main - the content region
 * @csspart content - the section frame (`data-status` loading | ready | error)
 * @csspart section - the box holding the section's element
 * @csspart spinner - shown while a section bundle loads
 * @csspart result - the error panel (system abnormal, or a section that failed to load) with Retry
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart button - every button
 * @cssproperty --yx-sidebar-width - the expanded sidebar's starting width, kept between 200 and 480 px; the user's drag or keys override it; default 240px */
export class YxSettings extends defineElement(Settings, {
  props: { section: 'string', version: 'string', view: 'string' },
  styles: [settingsCss],
}) {
  /** Switches organization as if an element inside had fired `yx-org-change`: the shell fires
   * its own cancelable `yx-org-change` with `nextUrl` added to `url`, then goes there. */
  changeOrganization(organizationId: string, url = '/'): void {
    if (this.shadowRoot) emit(this.shadowRoot, 'yx-org-change', { organizationId, url }, { cancelable: true });
  }
}

define('yx-settings', YxSettings);

declare global {
  interface HTMLElementTagNameMap {
    'yx-settings': YxSettings;
  }
}
