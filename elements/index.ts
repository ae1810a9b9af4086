/**
 * Every element of the library in one module (`dist/yx-elements.js`), plus the page-wide
 * `configure()` and the event helper types. Host apps that need one element should import its
 * own entry (`dist/elements/<tag>.js`) instead.
 */
export { configure } from '../src/core/settings';
export type { PageSettings, Flavour, Locale, Env } from '../src/core/settings';
export type { YxEventDetailMap } from '../src/core/events';
export { YxErrorPage } from './yx-error-page';
export { YxTokenManager } from './yx-token-manager';
export { YxSshKeys } from './yx-ssh-keys';
export { YxProfile } from './yx-profile';
export { YxEmailVerifyResult } from './yx-email-verify-result';
export { YxLogin } from './yx-login';
export { YxPasswordReset } from './yx-password-reset';
export { YxPackageCredential } from './yx-package-credential';
export { YxThirdPartyBindings } from './yx-third-party-bindings';
export { YxMessageCentre } from './yx-message-centre';
export { YxUnreadBadge } from './yx-unread-badge';
export { YxSettings } from './yx-settings';
export { YxOrgSwitcher } from './yx-org-switcher';
export { YxAppEntry } from './yx-app-entry';
