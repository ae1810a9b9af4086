/** The events of `<yx-org-switcher>`, added to the typed event maps by declaration merging. The
 * settings shell declares `yx-org-change` with the same detail: features do not import each other.
 * (`<yx-app-entry>` fires the core `yx-navigate` only.) */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** The user switched organization (lastWorkspace saved); `url` is where to go next.
     * Cancelable: call `preventDefault()` to navigate yourself. */
    'yx-org-change': { organizationId: string; url: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-org-change': CustomEvent<{ organizationId: string; url: string }>;
  }
}

export {};
