import { define, defineElement } from './define';
import { PasswordReset } from '../src/features/password-reset/PasswordReset';
import { resetCss } from '../src/features/password-reset/reset.css';

/** Forgot password, in three steps with a step indicator: confirm the account, verify by an
 * emailed 6-digit code, set the new password (live rule checklist); then a success screen.
 * Without a `csrf-token` it fetches one from `/users/ajax/v1/page-settings`.
 * @tag yx-password-reset
 * @attr host - API base URL (also: org-id, app-id, csrf-token, locale, flavour, env)
 * @fires yx-navigate - "Return to Login" on any step or the success screen; cancelable; detail: { url } (`#/users/login`)
 * @csspart password-reset - the whole element, `data-step="account|verify|reset|done"`, `data-status`
 * @csspart title - the page heading
 * @csspart steps - the step indicator; each `step` has `data-state="done|current|todo"`
 * @csspart step-title - the current step's heading
 * @csspart account-step - step 1's form
 * @csspart verify-step - step 2's form (`verify-intro`, `notice`)
 * @csspart reset-step - step 3's form
 * @csspart form-error - the message of a refused step (role=alert)
 * @csspart field - each field (with `label`, `input`, `error`, `hint`)
 * @csspart password-rules - the live password checklist (`password-rule`, `data-state="met|unmet"`)
 * @csspart result - the success screen
 * @csspart login-link - the "Return to Login" link under each step
 * @csspart button - every button (with `submit-button`, `send-button`, `login-button`) */
export class YxPasswordReset extends defineElement(PasswordReset, { styles: [resetCss] }) {}

define('yx-password-reset', YxPasswordReset);

declare global {
  interface HTMLElementTagNameMap {
    'yx-password-reset': YxPasswordReset;
  }
}
