/** The events of `<yx-error-page>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** Reload was chosen; `url` is the address it reloads. Cancelable: call `preventDefault()` to
     * fetch your own data again instead of reloading the whole page. */
    'yx-reload': { url: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-reload': CustomEvent<{ url: string }>;
  }
}

export {};
