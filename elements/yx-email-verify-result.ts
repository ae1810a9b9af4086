import { define, defineElement } from './define';
import { EmailVerifyResult } from '../src/features/email-verify/EmailVerifyResult';
import { emailVerifyCss } from '../src/features/email-verify/email-verify.css';

/** The email verification result page (`#/users/emails?token=…`): verifies the activation link,
 * then redirects after a countdown (with Enter Now), or says why the link failed. A link opened
 * again (its address already verified) shows the success panel too, saying so.
 * @tag yx-email-verify-result
 * @summary Verifies an email activation link and says how it went.
 * @attr token - the activation link's token; default: the page's `token` query parameter (search or hash). None at all shows "link invalid"
 * @attr seconds - seconds before the redirect after success (0–3600, default 5)
 * @attr next-url - where to go after success; same-origin URLs and hash routes only (default: the profile settings on the account host's standalone page, `{host}/users/#/users/settings/profile`, `/users/#/users/settings/profile` without a `host`; "Go to Personal Settings" goes there too)
 * @fires yx-navigate - the redirect, Enter Now, or "Go to Personal Settings"; cancelable (the element then leaves the page as it is); detail: { url }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart email-verify - the whole page, `data-status="loading|success|error"`, `data-reason` on failure (`invalid-link`, `expired`, `token-mismatch`, `activate-mismatch`, `binding-status`, `already-bound`, `other`)
 * @csspart title - the page heading (h1)
 * @csspart spinner - the verifying indicator
 * @csspart result - the success or failure panel
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart address - the verified address
 * @csspart already-verified - "This email address is already verified", in place of the address when the link was used before
 * @csspart countdown - "Redirecting in N seconds"
 * @csspart button - every button
 * @csspart enter-button - Enter Now
 * @csspart settings-button - Go to Personal Settings */
export class YxEmailVerifyResult extends defineElement(EmailVerifyResult, {
  props: {
    token: 'string',
    seconds: { number: { min: 0, max: 3600, default: 5 } },
    nextUrl: 'string',
  },
  styles: [emailVerifyCss],
}) {}

define('yx-email-verify-result', YxEmailVerifyResult);

declare global {
  interface HTMLElementTagNameMap {
    'yx-email-verify-result': YxEmailVerifyResult;
  }
}
