/**
 * One message of the list: app logo, unread dot, title (a disclosure button: opening a message
 * expands it and marks it read), app and relative time (the exact one too when open), content,
 * and labelled Mark read and Delete buttons that are always there, not on hover only. Closed, the
 * content is a two-line preview of its words; opened, its sanitised HTML (content.ts: the list
 * opens a message with markup only once the sanitiser is loaded).
 *
 * Memoised: while scrolling, rows that stay in view are not rendered again; the list positions
 * them itself (see MessageList).
 */
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import type { Translate } from '../../core/i18n/index';
import type { Locale } from '../../core/settings';
import { getApp, logoUrl } from '../../core/catalogue';
import { formatDateTime, relativeTime } from '../../core/dates';
import { Button } from '../../ui/Button';
import type { Message } from './api';
import type { RowCall } from './store';
import { appLabel } from './apps';
import { hasMarkup, loadedSanitizer, plainText } from './content';
import type { SafeContent } from './sanitize';

export interface MessageRowProps {
  message: Message;
  index: number;
  /** Messages in the feed; -1 while more can load (ARIA feed). */
  setSize: number;
  expanded: boolean;
  pending: RowCall | undefined;
  /** The one row in the Tab order (roving focus): the row and its own controls (title, links,
   * Mark read, Delete). The arrow keys or a click make another row the current one. */
  tabbable: boolean;
  /** The level of the message's heading: one below the message centre's title. */
  level: number;
  now: number;
  locale: Locale;
  t: Translate;
  /** Measures the row for the list: on mount (react-virtual's ref), and `again` when its
   * height may have changed. */
  measure(node: HTMLDivElement | null, again?: boolean): void;
  onToggle(message: Message): void;
  onMarkRead(message: Message): void;
  onDelete(message: Message): void;
}

function AppLogo({ app }: { app: string }) {
  const entry = getApp(app);
  if (!entry) {
    return (
      <span part="message-logo" className="yx-msg__logo yx-msg__logo--letter" aria-hidden="true">
        {app.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  // The app's name is in the text next to it, so the logo is decorative.
  return <img part="message-logo" className="yx-msg__logo" src={logoUrl(entry)} alt="" width={32} height={32} />;
}

export const MessageRow = memo(function MessageRow({
  message,
  index,
  setSize,
  expanded,
  pending,
  tabbable,
  level,
  now,
  locale,
  t,
  measure,
  onToggle,
  onMarkRead,
  onDelete,
}: MessageRowProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const metaId = `${id}-meta`;
  const contentId = `${id}-content`;
  const content = useMemo((): SafeContent => {
    const raw = message.content;
    if (!hasMarkup(raw)) return { kind: 'text', text: raw };
    // Opened before the sanitiser could load (its load failed): the words, which are always safe.
    const sanitize = expanded ? loadedSanitizer() : undefined;
    return sanitize ? sanitize(raw) : { kind: 'text', text: plainText(raw) };
  }, [message.content, expanded]);
  const unread = !message.read;

  // Measured when it mounts, and again before the browser paints whenever it renders anew
  // (opened, closed, marked read): left to react-virtual's ResizeObserver, which acts a frame
  // later (see MessageList), the rows below would overlap a taller row for that frame.
  const node = useRef<HTMLDivElement | null>(null);
  const mounted = useRef(false);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      node.current = element;
      measure(element);
    },
    [measure],
  );
  useLayoutEffect(() => {
    if (mounted.current && node.current) measure(node.current, true);
    mounted.current = true;
  });

  // Only the current row's controls are in the Tab order, or Tab would walk every rendered row.
  const tab = tabbable ? 0 : -1;
  // The links of an opened message come from its HTML, so they are set here; again whenever React
  // writes that HTML anew.
  const contentNode = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const link of contentNode.current?.querySelectorAll<HTMLElement>('a[href]') ?? []) {
      if (tabbable) link.removeAttribute('tabindex');
      else link.tabIndex = -1;
    }
  }, [tabbable, content]);

  const Heading = `h${level}` as 'h3';
  return (
    <div
      ref={ref}
      role="article"
      part="message"
      className="yx-msg"
      data-index={index}
      data-id={message.id}
      data-state={unread ? 'unread' : 'read'}
      data-expanded={expanded ? 'true' : 'false'}
      data-pending={pending}
      // Roving focus: arrow keys move between rows (handled by the list), Tab enters the row. The
      // ARIA feed pattern makes its articles focusable; the rule does not know that pattern.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={tabbable ? 0 : -1}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-labelledby={titleId}
      aria-describedby={metaId}
    >
      <AppLogo app={message.app} />
      <div className="yx-msg__main">
        <div className="yx-msg__head">
          {unread && (
            <span part="unread-dot" className="yx-msg__dot" role="img" aria-label={t('notifications.message.unread')} />
          )}
          <Heading className="yx-msg__heading">
            <button
              type="button"
              id={titleId}
              part="message-title"
              className="yx-msg__title"
              aria-expanded={expanded}
              aria-controls={contentId}
              tabIndex={tab}
              onClick={() => onToggle(message)}
            >
              {message.title}
            </button>
          </Heading>
        </div>
        <p id={metaId} part="message-meta" className="yx-msg__meta">
          <span>{appLabel(message.app, locale)}</span>
          <time dateTime={message.created_at}>
            {/* A message from the future (clock skew, or newer than the list's clock) is 'just now'. */}
            {relativeTime(message.created_at, Math.max(now, Date.parse(message.created_at) || 0), locale)}
          </time>
          {/* The exact time: in view once the message is open (a closed row stays one dense line),
              always read with the row, whose description this line is. */}
          <time dateTime={message.created_at} className={expanded ? 'yx-msg__when' : 'yx-visually-hidden'}>
            {formatDateTime(message.created_at, locale)}
          </time>
          {message.sensitive && (
            <span part="sensitive-badge" className="yx-msg__badge">
              {t('notifications.message.sensitive')}
            </span>
          )}
        </p>
        {content.kind === 'html' ? (
          <div
            ref={contentNode}
            id={contentId}
            part="message-content"
            className="yx-msg__content"
            data-state="open"
            // Sanitised by DOMPurify (sanitize.ts); TrustedHTML where Trusted Types exist.
            dangerouslySetInnerHTML={{ __html: content.html }}
          />
        ) : (
          <div
            id={contentId}
            part="message-content"
            className="yx-msg__content"
            data-state={expanded ? 'open' : 'closed'}
          >
            {content.text}
          </div>
        )}
      </div>
      <div className="yx-msg__actions">
        {unread && (
          <Button
            variant="link"
            size="sm"
            part="button mark-read-button"
            loading={pending === 'read'}
            tabIndex={tab}
            aria-label={t('notifications.action.markReadNamed', { title: message.title })}
            onClick={() => onMarkRead(message)}
          >
            {t('notifications.action.markRead')}
          </Button>
        )}
        <Button
          variant="link"
          size="sm"
          part="button delete-button"
          loading={pending === 'delete'}
          tabIndex={tab}
          aria-label={t('notifications.action.deleteNamed', { title: message.title })}
          onClick={() => onDelete(message)}
        >
          {t('notifications.action.delete')}
        </Button>
      </div>
    </div>
  );
});
