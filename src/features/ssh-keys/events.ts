/** The events of `<yx-ssh-keys>`, added to the typed event maps by declaration merging. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** A key was added; `fingerprint` is the server's `SHA256:…`. The key text is not included. */
    'yx-ssh-key-add': { id: string; title: string; fingerprint: string };
    /** A key's title, scope or expiry changed. */
    'yx-ssh-key-update': { id: string };
    /** A key was deleted. */
    'yx-ssh-key-delete': { id: string };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-ssh-key-add': CustomEvent<{ id: string; title: string; fingerprint: string }>;
    'yx-ssh-key-update': CustomEvent<{ id: string }>;
    'yx-ssh-key-delete': CustomEvent<{ id: string }>;
  }
}

export {};
