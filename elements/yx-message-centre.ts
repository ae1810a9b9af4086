import { define, defineElement } from './define';
import { MessageCentre, preloadMessageList } from '../src/features/notifications/MessageCentre';
import { notificationsCss } from '../src/features/notifications/notifications.css';

/** The message centre (route `#/users/notifications`): tabs All / Unread with the unread count,
 * the 'All Messages' app filter, Mark all read, Clear all read (confirmed: the deletion is
 * permanent), and a virtualised, infinitely loading list of messages whose HTML content is
 * sanitised (Trusted Types policy `yx-message-content` where a host enforces them). Counts and new
 * messages arrive live over Server-Sent Events (`…/messages/stream`), or by polling every 30 s
 * when the stream is unavailable; the stream is closed when the element is removed.
 * Its module holds only the first screen; the list, the live stream and (for messages with markup)
 * DOMPurify load on demand, the list in parallel with the first page of messages.
 * Keyboard: one message at a time is in the Tab order; Up / Down (Page Up / Page Down), Home /
 * End move between messages, Enter or Space opens one (which marks it read), Tab reaches its
 * title, links, Mark read and Delete.
 * @tag yx-message-centre
 * @summary The user's messages, live, with read / unread tabs and an app filter.
 * @attr heading-level - the title's heading level, `1` to `6`: `2` (the default) under the host page's own h1; `1` where the element is the page, so the page has its h1 (the standalone `#/users/notifications` sets it)
 * @attr tab - the tab shown, `all` (the default) or `unread`: read at the start and whenever it changes (the user may then choose another; the element does not write it back); another value is ignored with a console warning
 * @attr app - the app filter, an app id (`codeup`): only that app's messages; absent or empty, all apps. Read like `tab`; a value that is no app id (spaces, more than 64 characters) is ignored with a console warning
 * @fires yx-messages-view - the user chose another tab or app filter (not sent when `tab` or `app` changed the view); keep it in the address so a reload or a link opens the same view; detail: { tab: 'all' | 'unread', app: string | null } (null: all apps)
 * @fires yx-unread-change - the total unread count changed (also once when first known); detail: { count }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @cssproperty --yx-message-list-height - the list's maximum height before it scrolls; default 560px
 * @csspart message-centre - the whole element (`data-status`, `data-tab`, `data-live`: connecting | open | polling | closed)
 * @csspart title - the heading (an h2, or as `heading-level` says)
 * @csspart tabs - the All / Unread tabs
 * @csspart tab-list - the row of tabs
 * @csspart tab - one tab (`data-state` active | inactive)
 * @csspart tab-panel - the content of the chosen tab
 * @csspart tab-count - the unread count on the Unread tab
 * @csspart app-filter - the 'All Messages' app filter
 * @csspart app-filter-option - one app of the filter (`aria-pressed` when chosen)
 * @csspart app-filter-count - an app's unread count in the filter
 * @csspart message-list - the scrolling list
 * @csspart message - one message (`data-state="read|unread"`, `data-expanded`)
 * @csspart message-logo - the app logo of a message
 * @csspart unread-dot - the unread marker
 * @csspart message-title - the title, a button that opens the message
 * @csspart message-meta - the app name and the relative time
 * @csspart message-content - the content: its words while closed (`data-state="closed"`), its sanitised HTML when open
 * @csspart sensitive-badge - the 'Sensitive operation' label
 * @csspart list-footer - loading more / could not load more / no more messages
 * @csspart result - the empty or error panel
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart spinner - a loading indicator
 * @csspart skeleton - the loading placeholder
 * @csspart confirm - the Clear all read confirmation (`role="alertdialog"`)
 * @csspart confirm-header - its heading row
 * @csspart confirm-title - its title
 * @csspart confirm-description - its message
 * @csspart confirm-body - its body
 * @csspart confirm-footer - its buttons
 * @csspart overlay - the backdrop behind the confirmation
 * @csspart close-button - the × of a dialog (the confirmation has none)
 * @csspart button - every button
 * @csspart mark-all-read-button - Mark all read
 * @csspart clear-read-button - Clear all read
 * @csspart mark-read-button - marks one message read
 * @csspart delete-button - deletes one message
 * @csspart retry-button - loads the list again
 * @csspart confirm-button - the confirmation's OK
 * @csspart cancel-button - the confirmation's Cancel */
export class YxMessageCentre extends defineElement(MessageCentre, {
  props: {
    headingLevel: { enum: ['1', '2', '3', '4', '5', '6'], default: '2' },
    tab: { enum: ['all', 'unread'], default: 'all' },
    app: 'string',
  },
  styles: [notificationsCss],
  load: preloadMessageList,
}) {}

define('yx-message-centre', YxMessageCentre);

declare global {
  interface HTMLElementTagNameMap {
    'yx-message-centre': YxMessageCentre;
  }
}
