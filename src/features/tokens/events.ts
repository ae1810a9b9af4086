/** The events of `<yx-token-manager>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** A token was created. The value itself is never put in an event. */
    'yx-token-create': { tokenId: string; name: string };
    /** A token's name, expiry or permissions changed. */
    'yx-token-update': { tokenId: string; name: string };
    /** A token was deleted. */
    'yx-token-delete': { tokenId: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-token-create': CustomEvent<{ tokenId: string; name: string }>;
    'yx-token-update': CustomEvent<{ tokenId: string; name: string }>;
    'yx-token-delete': CustomEvent<{ tokenId: string }>;
  }
}

export {};
