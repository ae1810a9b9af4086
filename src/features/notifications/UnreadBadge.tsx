/**
 * `<yx-unread-badge>`: a link to the message centre for host navigation bars, with the live
 * unread count ('99+' above 99; no count at 0). It asks countGroupByApp once, then follows the
 * stream (or polls when the stream is unavailable), and leaves it when removed.
 *
 * Kept tiny on purpose: no DOMPurify, no react-virtual, no UI kit components.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { safeRedirect } from '../../core/query';
import { useElement } from '../../ui/context';
import { createNotificationsApi, streamUrlOf } from './api';
import { openUnreadStream } from './stream';
import { accountPageUrl } from '../../core/http';
import './events';

/** The message centre's route (§2) on the standalone page. */
export const MESSAGE_CENTRE_ROUTE = '#/users/notifications';

/** What the badge shows for a count: nothing at 0, '99+' above 99. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

export interface UnreadBadgeProps {
  /** Where the link goes; only same-origin targets are accepted. @default the message centre on the account host, `${host}/users/#/users/notifications` */
  href?: string | undefined;
}

export function UnreadBadge({ href }: UnreadBadgeProps) {
  const { http, t, emit, settings } = useElement();
  const api = useMemo(() => createNotificationsApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [count, setCount] = useState<number | null>(null);

  const streamUrl = streamUrlOf(settings);
  // Changes when another user signs in: the counts are asked again and the stream rejoined.
  const session = settings.csrfToken;
  useEffect(() => {
    let alive = true;
    let heard = 0;
    const refresh = async () => {
      const before = heard;
      const [error, counts] = await apiRef.current.unreadCounts();
      // A count from the stream while the call was out is newer than its answer.
      if (alive && !error && heard === before) setCount(counts.total);
    };
    void refresh();
    // The page's one stream for this host and session, shared with a message centre.
    const stream = openUnreadStream({
      url: streamUrl,
      session,
      onUnread: (c) => {
        heard++;
        setCount(c.total);
      },
      poll: refresh,
    });
    return () => {
      alive = false;
      stream.close();
    };
  }, [streamUrl, session]);

  const emitted = useRef<number | null>(null);
  useEffect(() => {
    if (count === null || count === emitted.current) return;
    emitted.current = count;
    emit('yx-unread-change', { count });
  }, [count, emit]);

  // The default is built from the settings, not from the page, so it may be the account host's origin.
  const target = (href !== undefined && safeRedirect(href)) || accountPageUrl(settings.host, MESSAGE_CENTRE_ROUTE);
  const text = badgeText(count ?? 0);
  const label = text ? t('notifications.badge.labelUnread', { count: text }) : t('notifications.badge.label');

  // Hosts with their own router take the navigation over by cancelling `yx-navigate`.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!emit('yx-navigate', { url: target }, { cancelable: true })) event.preventDefault();
  };

  return (
    <a
      part="link"
      className="yx-badge"
      href={target}
      aria-label={label}
      data-count={count ?? undefined}
      data-state={text ? 'unread' : 'empty'}
      onClick={onClick}
    >
      <svg part="icon" className="yx-badge__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15zM10 21h4" />
      </svg>
      {text && (
        <span part="count" className="yx-badge__count" aria-hidden="true">
          {text}
        </span>
      )}
    </a>
  );
}
