import { define, defineElement } from './define';
import { MessageCentre } from '../src/features/notifications/MessageCentre';
import { notificationsCss } from '../src/features/notifications/notifications.css';

/** The message centre (route `#/users/notifications`): tabs All / Unread with the unread count,
 * the 'All Messages' app filter, Mark all read, Clear all read (confirmed: the deletion is
 * permanent), and a virtualised, infinitely loading list of messages whose HTML content is
 * sanitised (Trusted Types policy `yx-message-content` where a host enforces them). Counts and new
 * messages arrive live over Server-Sent Events (`…/messages/stream`), or by polling every 30 s
 * when the stream is unavailable; the stream is closed when the element is removed.
 * Keyboard: one message at a time is in the Tab order; Up / Down (Page Up / Page Down), Home /
 * End move between messages, Enter or Space opens one (which marks it read), Tab reaches its
 * title, links, Mark read and Delete.
 * @tag yx-message-centre
 * @attr host - API base URL (also: org-id, app-id, csrf-token, locale, flavour, env)
 * @fires yx-unread-change - the total unread count changed (also once when first known); detail: { count }
 * @cssproperty --yx-message-list-height - the list's maximum height before it scrolls; default 560px
 * @csspart message-centre - the whole element (`data-status`, `data-tab`, `data-live`: connecting | open | polling | closed)
 * @csspart title - the page heading
 * @csspart tabs - the All / Unread tabs (with `tab-list`, `tab`, `tab-panel`)
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
 * @csspart message-content - the sanitised content
 * @csspart sensitive-badge - the 'Sensitive operation' label
 * @csspart list-footer - loading more / could not load more / no more messages
 * @csspart result - the empty or error panel
 * @csspart confirm - the Clear all read confirmation
 * @csspart button - every button (with `mark-all-read-button`, `clear-read-button`, `mark-read-button`, `delete-button`, `retry-button`) */
export class YxMessageCentre extends defineElement(MessageCentre, { styles: [notificationsCss] }) {}

define('yx-message-centre', YxMessageCentre);

declare global {
  interface HTMLElementTagNameMap {
    'yx-message-centre': YxMessageCentre;
  }
}
