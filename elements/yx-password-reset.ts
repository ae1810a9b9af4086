import { define, defineElement } from './define';
import { PasswordReset } from '../src/features/password-reset/PasswordReset';
import { resetCss } from '../src/features/password-reset/reset.css';

/** Forgot password, in three steps with a step indicator: confirm the account, verify by an
 * emailed 6-digit code, set the new password (live rule checklist, show/hide toggles); then a
 * success screen. An account with no email is told at step 1 that no code can be sent.
 * Without a `csrf-token` it fetches one from `/users/ajax/v1/page-settings`.
 * @tag yx-password-reset
 * @summary Forgot password: account, emailed code, new password.
 * @fires yx-navigate - "Return to Login" on any step or the success screen; cancelable; detail: { url } (`{host}/users/#/users/login`)
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart password-reset - the whole element, `data-step="account|verify|reset|done"`, `data-status`
 * @csspart title - the page heading
 * @csspart steps - the step indicator
 * @csspart step - one step of it (`data-state="done|current|todo"`)
 * @csspart step-title - the current step's heading
 * @csspart account-step - step 1's form
 * @csspart verify-step - step 2's form
 * @csspart verify-intro - where the code was sent
 * @csspart notice - the note under the code field
 * @csspart reset-step - step 3's form
 * @csspart form-error - the message of a refused step (role=alert)
 * @csspart field - each field: label, control, hint and error
 * @csspart label - a field's label
 * @csspart required - the required mark of a label
 * @csspart input - a text box
 * @csspart hint - a field's help text
 * @csspart error - a field's error message
 * @csspart password-rules - the live password checklist
 * @csspart password-rule - one rule of it (`data-state="met|unmet"`)
 * @csspart result - the success screen
 * @csspart result-icon - its icon
 * @csspart result-title - its title
 * @csspart result-description - its explanation
 * @csspart result-actions - its buttons
 * @csspart login-link - the "Return to Login" link under each step
 * @csspart spinner - shown while a step loads
 * @csspart button - every button
 * @csspart submit-button - the button that sends a step
 * @csspart password-toggle - shows or hides a new password (step 3)
 * @csspart send-button - sends (or sends again) the code
 * @csspart login-button - Return to Login on the success screen */
export class YxPasswordReset extends defineElement(PasswordReset, { styles: [resetCss] }) {}

define('yx-password-reset', YxPasswordReset);

declare global {
  interface HTMLElementTagNameMap {
    'yx-password-reset': YxPasswordReset;
  }
}
