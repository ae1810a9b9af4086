import { define, defineElement } from './define';
import { Login } from '../src/features/login/Login';
import { loginCss } from '../src/features/login/login.css';

/** The login page: account and password (or LDAP / Windows AD), the configured identity
 * providers, and the slider, emailed code and forced password change when the server asks.
 * Without a `csrf-token` it first fetches `/users/ajax/v1/page-settings` for one.
 * @tag yx-login
 * @attr variant - `default` or `lingma`: the AI coding assistant's branding (logo, title, subtitle)
 * @attr next-url - where to go after signing in; same-origin URLs and hash routes only (default: the page's `nextUrl` / `next_url` / `nexturl` parameter, else `#/users/settings/profile`)
 * @attr host - API base URL (also: org-id, app-id, csrf-token, locale, flavour, env)
 * @fires yx-login - signed in; detail: { user, csrfToken } (the session's new CSRF token)
 * @fires yx-navigate - after sign-in, an SSO provider, Forgot Password, or a login failure (`#/login/errors?reason=…`); cancelable; detail: { url }
 * @csspart login - the whole element, `data-step="credentials|slider|code|forced-change|signed-in"`, `data-status`, `data-mode`
 * @csspart header - logo, title and subtitle (`logo`, `title`, `subtitle`)
 * @csspart login-form - the account and password form, `data-mode="password|ldap|windows-ad"`
 * @csspart mode-title - "Sign in with LDAP" in a directory mode
 * @csspart form-error - the message of a refused step (role=alert)
 * @csspart field - each field (with `label`, `input`, `error`, `hint`)
 * @csspart forgot-link - the Forgot Password link
 * @csspart alternatives - the other sign-in methods
 * @csspart slider - the slide-to-verify control (`slider-track`, `slider-handle`, `slider-error`)
 * @csspart code-step - the emailed code step (`code-sent`, `notice`)
 * @csspart forced-change - the set-password step
 * @csspart step-title - the heading of the code and set-password steps
 * @csspart password-rules - the live password checklist (`password-rule`, `data-state="met|unmet"`)
 * @csspart button - every button (with `submit-button`, `password-toggle`, `provider-button`, `mode-button`, `resend-button`, `back-button`, `slider-retry-button`) */
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
