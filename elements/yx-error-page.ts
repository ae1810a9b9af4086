import { define, defineElement } from './define';
import { ErrorPage } from '../src/features/errors/ErrorPage';
import { ERROR_TYPE_NAMES } from '../src/features/errors/types';
import { errorsCss } from '../src/features/errors/errors.css';

/** A full-page error: every error page of the product (bad parameter, no permission, IP not
 * allowed, another organization's link, organization inaccessible, no organization, expired
 * order, 404, 500, resource not in the current organization, generic exception, system error,
 * chunk load failure, login failure, RAM user without access).
 * @tag yx-error-page
 * @summary A full-page error with what to do about it.
 * @attr type - which error: `bad-parameter` | `no-permission` | `ip-restricted` | `other-organization` | `organization-inaccessible` | `no-organization` | `order-expired` | `not-found` | `server-error` | `resource-not-in-organization` | `generic` | `system` | `chunk-load` | `login-failure` | `ram-user` (default `generic`)
 * @attr reason - login failure detail: `type-not-supported` | `bound-account-not-found` | `account-info-missing` | `too-many-requests`
 * @attr request-id - the failing request's id, shown for support
 * @attr home-url - where "Back to Home" goes (default `/`)
 * @attr verify-access - the `/users/errors` checks: with `org-id` and `app-id` set, first ask whether the user has that app in that organization and may open it (`GET /uiless/api/my/apps`, `GET /uiless/api/organizations/{org}/apps/{app}/access`); if both pass, go to the app's `raw_url` (else `/`) with `location.replace` after a cancelable `yx-navigate`; if not, show the page (the IP, order, RAM-user or organization page when the server names that rule). Boolean, default false
 * @fires yx-navigate - a way out was chosen, or the access checks passed; cancelable; detail: { url }
 * @fires yx-relogin - "Sign in Again" or the RAM-user action; cancelable; detail: { url }
 * @fires yx-reload - "Reload" (or the system error's "Retry") was chosen; cancelable (call `preventDefault()` to fetch your own data again instead; else the page reloads); detail: { url } (the address it reloads)
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart error-page - the page (`data-status` idle | checking | passed | failed: of the access checks)
 * @csspart spinner - shown while the access checks run
 * @csspart code - the large error code
 * @csspart title - the message
 * @csspart hint - what to do about it
 * @csspart request-id - the failing request's id
 * @csspart actions - the buttons
 * @csspart button - each button */
export class YxErrorPage extends defineElement(ErrorPage, {
  props: {
    type: { enum: ERROR_TYPE_NAMES, default: 'generic' },
    reason: 'string',
    requestId: 'string',
    homeUrl: 'string',
    verifyAccess: 'boolean',
  },
  styles: [errorsCss],
}) {}

define('yx-error-page', YxErrorPage);

declare global {
  interface HTMLElementTagNameMap {
    'yx-error-page': YxErrorPage;
  }
}
