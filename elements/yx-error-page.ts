import { define, defineElement } from './define';
import { ErrorPage } from '../src/features/errors/ErrorPage';
import { ERROR_TYPE_NAMES } from '../src/features/errors/types';
import { errorsCss } from '../src/features/errors/errors.css';

/** A full-page error: every error page of the product (bad parameter, no permission, IP not
 * allowed, another organization's link, organization inaccessible, no organization, expired
 * order, 404, 500, resource not in the current organization, generic exception, system error,
 * chunk load failure, login failure, RAM user without access).
 * @tag yx-error-page
 * @attr type - which error: `bad-parameter` | `no-permission` | `ip-restricted` | `other-organization` | `organization-inaccessible` | `no-organization` | `order-expired` | `not-found` | `server-error` | `resource-not-in-organization` | `generic` | `system` | `chunk-load` | `login-failure` | `ram-user` (default `generic`)
 * @attr reason - login failure detail: `type-not-supported` | `bound-account-not-found` | `account-info-missing`
 * @attr request-id - the failing request's id, shown for support
 * @attr home-url - where "Back to Home" goes (default `/`)
 * @fires yx-navigate - a way out was chosen; cancelable; detail: { url }
 * @fires yx-relogin - "Sign in Again" or the RAM-user action; cancelable; detail: { url }
 * @csspart error-page - the page
 * @csspart code - the large error code
 * @csspart title - the message
 * @csspart hint - what to do about it
 * @csspart actions - the buttons
 * @csspart button - each button */
export class YxErrorPage extends defineElement(ErrorPage, {
  props: {
    type: { enum: ERROR_TYPE_NAMES, default: 'generic' },
    reason: 'string',
    requestId: 'string',
    homeUrl: 'string',
  },
  styles: [errorsCss],
}) {}

define('yx-error-page', YxErrorPage);

declare global {
  interface HTMLElementTagNameMap {
    'yx-error-page': YxErrorPage;
  }
}
