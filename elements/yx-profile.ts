import { define, defineElement } from './define';
import { Profile, preloadPasswordSection } from '../src/features/profile/Profile';
import { profileCss } from '../src/features/profile/profile.css';

/** The Personal Information tab: avatar, login account, email binding, language and password.
 * @tag yx-profile
 * @summary Personal information: avatar, account, email, language and password.
 * @attr no-reload - boolean; switching the language (Switch language, after choosing one) re-renders this element in it (its `locale` attribute is set) and fires `yx-locale-change` instead of reloading the page
 * @fires yx-profile-update - the avatar (or its removal), email binding, password or language was saved; detail: { field: 'avatar' | 'email' | 'password' | 'language' }
 * @fires yx-locale-change - with `no-reload`, the language was switched; detail: { locale: 'zh_CN' | 'en_US' }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart profile - the whole tab
 * @csspart title - the tab heading
 * @csspart card - the panel with avatar, name, account, email and language
 * @csspart avatar-section - the avatar with its upload and remove controls
 * @csspart avatar - the avatar picture, or the initials circle
 * @csspart avatar-initials - the initials circle of a user without an avatar
 * @csspart progress - the upload progress bar
 * @csspart progress-value - its percentage
 * @csspart facts - the name / login account / email list
 * @csspart name - the user's name
 * @csspart account - the login account (read-only)
 * @csspart email - the email block, `data-state="none|unverified|verified"`, `data-pending="pending|expired"` while a change waits
 * @csspart email-address - the bound address
 * @csspart email-status - the Verified / Not verified badge
 * @csspart email-none - "No email bound"
 * @csspart email-pending - a change waiting for its link, `data-state="pending|expired"`
 * @csspart email-pending-address - the new address it waits for
 * @csspart email-pending-status - its Pending verification / Link expired badge
 * @csspart language - the language select row
 * @csspart select - the language select
 * @csspart switch-language-button - applies the language chosen in the select (shown once it differs from the language in force; also `button`)
 * @csspart password - the password panel
 * @csspart password-form - the password form
 * @csspart password-rules - the live checklist
 * @csspart password-rule - one rule of it (`data-state="met|unmet"`)
 * @csspart field - each field: label, control, hint and error
 * @csspart label - a field's label
 * @csspart required - the required mark of a label
 * @csspart input - a text box
 * @csspart hint - help text
 * @csspart error - a field's error message
 * @csspart form-error - a form's own error message
 * @csspart modal - the bind / change email dialog
 * @csspart modal-header - its heading row
 * @csspart modal-title - its title
 * @csspart modal-body - its body
 * @csspart modal-footer - its buttons
 * @csspart email-form - the form in the dialog
 * @csspart current-email - the address being changed
 * @csspart keeps-current - the note that the verified address stays until the new one is verified
 * @csspart confirm - the unbind or avatar removal confirmation (`role="alertdialog"`)
 * @csspart confirm-header - its heading row
 * @csspart confirm-title - its title
 * @csspart confirm-description - its message
 * @csspart confirm-body - its body
 * @csspart confirm-footer - its buttons
 * @csspart overlay - the backdrop behind a dialog
 * @csspart close-button - the × of the email dialog
 * @csspart result - the load error panel with Retry
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart spinner - a busy indicator
 * @csspart skeleton - the loading placeholder
 * @csspart button - every button
 * @csspart upload-button - uploads an avatar
 * @csspart avatar-remove-button - removes the avatar, after a confirmation (shown while there is one; also `button`)
 * @csspart bind-button - binds an email
 * @csspart resend-button - sends the verification email again
 * @csspart change-button - changes the email
 * @csspart unbind-button - unbinds the email
 * @csspart cancel-change-button - cancels a waiting email change
 * @csspart reveal-button - shows or hides a password
 * @csspart submit-button - saves a form
 * @csspart cancel-button - Cancel (a dialog or the confirmation)
 * @csspart confirm-button - the confirmation's OK */
export class YxProfile extends defineElement(Profile, {
  props: { noReload: 'boolean' },
  styles: [profileCss],
  load: preloadPasswordSection,
}) {}

define('yx-profile', YxProfile);

declare global {
  interface HTMLElementTagNameMap {
    'yx-profile': YxProfile;
  }
}
