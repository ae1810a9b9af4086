import { define, defineElement } from './define';
import { Profile } from '../src/features/profile/Profile';
import { profileCss } from '../src/features/profile/profile.css';

/** The Personal Information tab: avatar, login account, email binding, language and password.
 * @tag yx-profile
 * @attr no-reload - boolean; switching the language re-renders this element in it (its `locale` attribute is set) and fires `yx-locale-change` instead of reloading the page
 * @attr host - API base URL (also: org-id, app-id, csrf-token, locale, flavour, env)
 * @fires yx-profile-update - the avatar, email binding, password or language was saved; detail: { field: 'avatar' | 'email' | 'password' | 'language' }
 * @fires yx-locale-change - with `no-reload`, the language was switched; detail: { locale: 'zh_CN' | 'en_US' }
 * @csspart profile - the whole tab
 * @csspart title - the tab heading
 * @csspart card - the panel with avatar, name, account, email and language
 * @csspart avatar-section - the avatar with its upload control
 * @csspart avatar - the avatar picture, or the initials circle (also `avatar-initials`)
 * @csspart progress - the upload progress bar (`progress-value`: its percentage)
 * @csspart facts - the name / login account / email list
 * @csspart name - the user's name
 * @csspart account - the login account (read-only)
 * @csspart email - the email block, `data-state="none|unverified|verified"`
 * @csspart email-address - the bound address
 * @csspart email-status - the Verified / Not verified badge
 * @csspart language - the language select row
 * @csspart password - the password panel
 * @csspart password-form - the password form
 * @csspart password-rules - the live checklist (`password-rule`: each line, `data-state="met|unmet"`)
 * @csspart email-form - the form in the bind / change dialog
 * @csspart modal - the bind / change email dialog
 * @csspart confirm - the unbind confirmation
 * @csspart hint - help text
 * @csspart error - an inline error message (`form-error`: a form's own)
 * @csspart result - the load error panel with Retry
 * @csspart button - every button (with `upload-button`, `bind-button`, `resend-button`, `change-button`, `unbind-button`, `reveal-button`, `submit-button`, `cancel-button`) */
export class YxProfile extends defineElement(Profile, {
  props: { noReload: 'boolean' },
  styles: [profileCss],
}) {}

define('yx-profile', YxProfile);

declare global {
  interface HTMLElementTagNameMap {
    'yx-profile': YxProfile;
  }
}
