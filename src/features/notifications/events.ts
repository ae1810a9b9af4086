/** The events of `<yx-message-centre>` and `<yx-unread-badge>`, added to the typed event maps by
 * declaration merging. */
import type {} from '../../core/events';

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** The total number of unread messages changed (also sent once when it is first known). */
    'yx-unread-change': { count: number };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-unread-change': CustomEvent<{ count: number }>;
  }
}

export {};
