import { define, defineElement } from './define';
import { UnreadBadge } from '../src/features/notifications/UnreadBadge';
import { badgeCss } from '../src/features/notifications/badge.css';

/** A link to the message centre for host navigation bars, with the live unread count: no count
 * at 0, '99+' above 99; its name reads 'Messages, 5 unread'. One countGroupByApp call, then the
 * stream (or polling every 30 s), closed when the element is removed.
 * @tag yx-unread-badge
 * @summary A bell link to the message centre with the live unread count.
 * @attr href - where the link goes; only same-origin targets (`safeRedirect`), else the default; default: the message centre on the account host's standalone page, `{host}/users/#/users/notifications` (`/users/#/users/notifications` without a `host`)
 * @fires yx-unread-change - the total unread count changed (also once when first known); detail: { count }
 * @fires yx-navigate - the link was clicked; cancelable (cancel to route it yourself); detail: { url }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @cssproperty --yx-badge-size - width and height of the link; default 32px
 * @csspart link - the link (`data-state="unread|empty"`, `data-count`)
 * @csspart icon - the bell icon
 * @csspart count - the count bubble (absent at 0) */
export class YxUnreadBadge extends defineElement(UnreadBadge, { props: { href: 'string' }, styles: [badgeCss] }) {}

define('yx-unread-badge', YxUnreadBadge);

declare global {
  interface HTMLElementTagNameMap {
    'yx-unread-badge': YxUnreadBadge;
  }
}
