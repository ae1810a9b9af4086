/** The events of `<yx-login>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';
import type { LoginUser } from './api';

/** Detail of `yx-login`: who signed in, and the session's new CSRF token for the calls that follow. */
export interface YxLoginDetail {
  user: LoginUser;
  csrfToken: string;
}

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** Sign-in succeeded; the element navigates next (through `yx-navigate`). */
    'yx-login': YxLoginDetail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-login': CustomEvent<YxLoginDetail>;
  }
}

export {};
