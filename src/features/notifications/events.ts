/** The events of `<yx-message-centre>` and `<yx-unread-badge>`, added to the typed event maps by
 * declaration merging. */
import type {} from '../../core/events';
import type { MessageTab } from './api';

/** The view of the message centre: its tab and app filter (`null`: all apps). */
export interface MessagesViewDetail {
  tab: MessageTab;
  app: string | null;
}

declare module '../../core/events' {
  interface YxEventDetailMap {
    /** The total number of unread messages changed (also sent once when it is first known). */
    'yx-unread-change': { count: number };
    /** The user chose another tab or app filter (not sent when the `tab` or `app` attribute
     * changed the view): a host keeps it in its address, so a reload or a link opens it again. */
    'yx-messages-view': MessagesViewDetail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'yx-unread-change': CustomEvent<{ count: number }>;
    'yx-messages-view': CustomEvent<MessagesViewDetail>;
  }
}

export {};
