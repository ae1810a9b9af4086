import { define, defineElement } from './define';
import { PackageCredential } from '../src/features/package-credential/PackageCredential';
import { packageCredentialCss } from '../src/features/package-credential/package-credential.css';

/** The packages credential: the username package clients sign in with (with Copy), and its
 * password. The password is never read back: Reset (after a confirmation) generates one and shows
 * it once, masked, with Show and Copy, until the user copies it and chooses "I have saved it" or
 * the element is removed. "Set my own password" sends a password the user chose (checked with the
 * §5 rule). Either way a live countdown says when the new password takes effect (10 s after it is
 * set; the old one, if there was one, works until then). Calls go to
 * `/uiless/proxy/package/api/external/users/…` with the organization as `x-tenant-id`; when the
 * organization (`org-id`, `configure({ organizationId })`) or `host` changes, the element drops
 * what it showed and loads again.
 *
 * The element always renders. Whether the section is offered at all (§2: only when the packages
 * app is installed) is the settings shell's decision; a host embedding this element directly makes
 * that call itself. Repository administrators set what the credential may access (§6): the
 * element says so and offers no permission settings.
 * @tag yx-package-credential
 * @summary The packages username and a password shown once after each reset.
 * @fires yx-package-password-reset - a new password was generated or set; detail: { effectiveAt } (ISO; the password is not included)
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart package-credential - the whole element (`data-status` idle | loading | ready | error)
 * @csspart title - the heading
 * @csspart intro - the sentence under the heading
 * @csspart credential - the username, password and actions once loaded
 * @csspart field - a field: a read-only value with its Copy button, or a field of the form
 * @csspart username-field - the username's field
 * @csspart password-field - the new password's field
 * @csspart label - a field's label
 * @csspart required - the required mark of a label
 * @csspart hint - a field's help text
 * @csspart error - a field's error message
 * @csspart input - every text box
 * @csspart username-value - the username's box
 * @csspart password-value - the new password's box
 * @csspart copy-status - the note shown when copying must be done by hand
 * @csspart password - the password row when no password is shown
 * @csspart password-hidden - why the password is not shown
 * @csspart secret - the new password, shown once (`data-state` new | copied)
 * @csspart secret-title - its heading
 * @csspart secret-note - the note to save it now
 * @csspart effect-note - when the new password takes effect (`data-state` pending | effective)
 * @csspart announcer - the visually hidden status read out when the countdown starts and ends
 * @csspart custom-form - the "set my own password" form
 * @csspart custom-title - its heading
 * @csspart form-error - why setting the password failed
 * @csspart permissions-note - the note that repository administrators set the permissions
 * @csspart result - the error panel with Retry
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart skeleton - the loading placeholder
 * @csspart spinner - shown while the "set my own password" form is still loading
 * @csspart confirm - the reset confirmation (`role="alertdialog"`)
 * @csspart confirm-header - its heading row
 * @csspart confirm-title - its title
 * @csspart confirm-description - its message
 * @csspart confirm-body - its body
 * @csspart confirm-footer - its buttons
 * @csspart overlay - the backdrop behind the confirmation
 * @csspart close-button - the × of a dialog (the confirmation has none)
 * @csspart button - every button
 * @csspart reset-button - Reset password
 * @csspart custom-button - Set my own password
 * @csspart copy-button - every Copy button
 * @csspart username-copy - copies the username
 * @csspart password-copy - copies the new password
 * @csspart reveal-button - shows or hides the new password
 * @csspart done-button - "I have saved it"
 * @csspart submit-button - sends the password of the form
 * @csspart cancel-button - Cancel (the form or the confirmation)
 * @csspart confirm-button - the confirmation's OK */
export class YxPackageCredential extends defineElement(PackageCredential, { styles: [packageCredentialCss] }) {}

define('yx-package-credential', YxPackageCredential);

declare global {
  interface HTMLElementTagNameMap {
    'yx-package-credential': YxPackageCredential;
  }
}
