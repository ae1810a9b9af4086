import { define, defineElement } from './define';
import { Login } from '../src/features/login/Login';
import { loginCss } from '../src/features/login/login.css';

/** The login page: account and password (or LDAP / Windows AD), the configured identity
 * providers, and the slider, emailed code and forced password change when the server asks.
 * Without a `csrf-token` it first fetches `/users/ajax/v1/page-settings` for one.
 * @tag yx-login
 * @summary The sign-in page, with every step the server may ask for.
 * @attr variant - `default` or `lingma`: the AI coding assistant's branding (logo, title, subtitle)
 * @attr next-url - where to go after signing in; same-origin URLs and hash routes only (default: the page's `nextUrl` / `next_url` / `nexturl` parameter, else the profile settings on the account host's standalone page, `{host}/users/#/users/settings/profile`, `/users/#/users/settings/profile` without a `host`)
 * @fires yx-login - signed in; detail: { user, csrfToken } (the session's new CSRF token)
 * @fires yx-navigate - after sign-in, an SSO provider, Forgot Password, or a login failure (`{host}/users/#/login/errors?reason=…`); cancelable; detail: { url }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart login - the whole element, `data-step="credentials|slider|code|forced-change|signed-in"`, `data-status`, `data-mode`
 * @csspart header - logo, title and subtitle
 * @csspart logo - the `lingma` variant's logo
 * @csspart title - the page title
 * @csspart subtitle - the line under the title
 * @csspart login-form - the account and password form, `data-mode="password|ldap|windows-ad"`
 * @csspart mode-title - "Sign in with LDAP" in a directory mode
 * @csspart form-error - the message of a refused step (role=alert)
 * @csspart field - each field: label, control, hint and error
 * @csspart label - a field's label
 * @csspart required - the required mark of a label
 * @csspart input - a text box
 * @csspart hint - a field's help text
 * @csspart error - a field's error message
 * @csspart forgot-link - the Forgot Password link
 * @csspart alternatives - the other sign-in methods
 * @csspart alternatives-error - why the other sign-in methods could not be loaded (role=status, empty otherwise)
 * @csspart slider - the slide-to-verify control
 * @csspart slider-track - its track
 * @csspart slider-handle - its handle
 * @csspart slider-error - why the slide was refused
 * @csspart code-step - the emailed code step
 * @csspart code-reason - why a code is needed (the account's risk check)
 * @csspart code-sent - where the code was sent
 * @csspart notice - the note under the code field
 * @csspart forced-change - the set-password step
 * @csspart step-title - the heading of the code and set-password steps
 * @csspart password-rules - the live password checklist
 * @csspart password-rule - one rule of it (`data-state="met|unmet"`)
 * @csspart spinner - a busy indicator
 * @csspart button - every button
 * @csspart submit-button - the button that sends a step
 * @csspart password-toggle - shows or hides the password
 * @csspart provider-button - signs in with an identity provider
 * @csspart mode-button - switches between password, LDAP and Windows AD
 * @csspart resend-button - sends the code again
 * @csspart back-button - back to the account and password
 * @csspart slider-retry-button - loads a new slider
 * @csspart alternatives-retry-button - loads the other sign-in methods again */
export class YxLogin extends defineElement(Login, {
  props: {
    variant: { enum: ['default', 'lingma'], default: 'default' },
    nextUrl: 'string',
  },
  styles: [loginCss],
}) {}

define('yx-login', YxLogin);

declare global {
  interface HTMLElementTagNameMap {
    'yx-login': YxLogin;
  }
}
