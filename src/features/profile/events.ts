/** The events of `<yx-profile>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';
import type { Locale } from '../../core/settings';

/** What a `yx-profile-update` says changed. */
export type ProfileField = 'avatar' | 'email' | 'password' | 'language';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** The avatar, the email binding, the password or the language preference was saved. */
    'yx-profile-update': { field: ProfileField };
    /** The interface language changed; other elements of the page should follow. */
    'yx-locale-change': { locale: Locale };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-profile-update': CustomEvent<{ field: ProfileField }>;
    'yx-locale-change': CustomEvent<{ locale: Locale }>;
  }
}

export {};
