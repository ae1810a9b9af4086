/** The events of `<yx-third-party-bindings>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** The user chose Bind; the element navigates to the provider next (through `yx-navigate`). */
    'yx-identity-bind': { provider: string };
    /** An account was unbound. */
    'yx-identity-unbind': { provider: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-identity-bind': CustomEvent<{ provider: string }>;
    'yx-identity-unbind': CustomEvent<{ provider: string }>;
  }
}

export {};
