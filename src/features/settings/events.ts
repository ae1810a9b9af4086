/** The events of `<yx-settings>`, added to the typed event maps by declaration merging. The
 * org switcher declares `yx-org-change` with the same detail: features do not import each other. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** The user changed organization; `url` is where to go (for the shell: with `nextUrl` = the
     * current address). Cancelable: call `preventDefault()` to switch yourself. */
    'yx-org-change': { organizationId: string; url: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-org-change': CustomEvent<{ organizationId: string; url: string }>;
  }
}

export {};
