/** The events of `<yx-package-credential>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** A new password was generated or set; it works from `effectiveAt` (ISO). The password itself
     * is not included. */
    'yx-package-password-reset': { effectiveAt: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-package-password-reset': CustomEvent<{ effectiveAt: string }>;
  }
}

export {};
