/**
 * One message of the list: app logo, unread dot, title (a disclosure button: opening a message
 * expands it and marks it read), app and relative time, sanitised content, and labelled Mark read
 * and Delete buttons that are always there, not on hover only.
 *
 * Memoised: while scrolling, rows that stay in view are not rendered again; the list positions
 * them itself (see MessageList).
 */
import { memo, useId, useMemo } from 'react';
import type { Ref } from 'react';
import type { Translate } from '../../core/i18n/index';
import type { Locale } from '../../core/settings';
import { appName, getApp, logoUrl } from '../../core/catalogue';
import { formatDateTime, relativeTime } from '../../core/dates';
import { Button } from '../../ui/Button';
import type { Message } from './api';
import type { RowCall } from './store';
import { sanitizeMessage } from './sanitize';

export interface MessageRowProps {
  message: Message;
  index: number;
  /** Messages in the feed; -1 while more can load (ARIA feed). */
  setSize: number;
  expanded: boolean;
  pending: RowCall | undefined;
  /** The one row in the Tab order (roving focus). */
  tabbable: boolean;
  now: number;
  locale: Locale;
  t: Translate;
  measureRef: Ref<HTMLDivElement>;
  onToggle(message: Message): void;
  onMarkRead(message: Message): void;
  onDelete(message: Message): void;
}

/** The app's catalogue name in the user's language, or its id for apps the catalogue lacks. */
export function appLabel(app: string, locale: Locale): string {
  const entry = getApp(app);
  return entry ? appName(entry, locale) : app;
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
  now,
  locale,
  t,
  measureRef,
  onToggle,
  onMarkRead,
  onDelete,
}: MessageRowProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const metaId = `${id}-meta`;
  const contentId = `${id}-content`;
  const content = useMemo(() => sanitizeMessage(message.content), [message.content]);
  const unread = !message.read;

  return (
    <div
      ref={measureRef}
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
          <h3 className="yx-msg__heading">
            <button
              type="button"
              id={titleId}
              part="message-title"
              className="yx-msg__title"
              aria-expanded={expanded}
              aria-controls={contentId}
              onClick={() => onToggle(message)}
            >
              {message.title}
            </button>
          </h3>
        </div>
        <p id={metaId} part="message-meta" className="yx-msg__meta">
          <span>{appLabel(message.app, locale)}</span>
          <time dateTime={message.created_at} title={formatDateTime(message.created_at, locale)}>
            {/* A message from the future (clock skew, or newer than the list's clock) is 'just now'. */}
            {relativeTime(message.created_at, Math.max(now, Date.parse(message.created_at) || 0), locale)}
          </time>
          {message.sensitive && (
            <span part="sensitive-badge" className="yx-msg__badge">
              {t('notifications.message.sensitive')}
            </span>
          )}
        </p>
        {content.kind === 'html' ? (
          <div
            id={contentId}
            part="message-content"
            className="yx-msg__content"
            data-state={expanded ? 'open' : 'closed'}
            // Closed, the content is a two-line preview: its links stay out of the Tab order.
            inert={!expanded}
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
          aria-label={t('notifications.action.deleteNamed', { title: message.title })}
          onClick={() => onDelete(message)}
        >
          {t('notifications.action.delete')}
        </Button>
      </div>
    </div>
  );
});
