/**
 * The one way the server itself puts a message into someone's inbox (sensitive-behaviour notices:
 * token created or deleted, SSH key added, password changed …). It writes the message and its
 * stream event together and wakes this process's streams; other processes see the event on
 * their next poll (see hub.ts).
 *
 * `content` is HTML to the message centre (apps may send links and emphasis). Server notices are
 * plain text that quote user-chosen names (a token's name), so their content is HTML-escaped here:
 * a name like `<img onerror=…>` stays text. `title` is always rendered as text and is kept as is.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MessageParams } from '../../src/core/i18n/index';
import type { Locale } from '../../src/core/settings';
import type { Database, NewMessage } from '../db/schema';
import { serverTranslator } from '../i18n';
import type { AnyMessageKey } from '../i18n';
import { insertMessageWithEvent } from '../repos/notifications';
import { wakeStreams } from './hub';
import { messageJson } from './json';
import type { MessageJson } from './json';

/** Literal text, or a message key translated into the notice's locale. */
export type NoticeText = string | { key: AnyMessageKey; params?: MessageParams };

/** What a server notice says. */
export interface Notice {
  /** Catalogue id of the app it is about, e.g. `yunxiao`, `codeup`. */
  app: string;
  /** The behaviour, e.g. `token_created`; stored only for sensitive notices (§3 Message). */
  type: string;
  /** Whether it is a sensitive-behaviour notice. @default true */
  sensitive?: boolean;
  /** Plain text. */
  title: NoticeText;
  /** Plain text; HTML-escaped before it is stored. */
  content: NoticeText;
  /**
   * The language it is written in. When the recipient's own request caused it: that request's
   * language (`c.get('locale')`, the language of its answers and errors), so the notice reads like
   * the page that acted. Otherwise: the recipient's saved locale.
   */
  locale: Locale;
  /** When it happened (pass `deps.clock.now()`). @default new Date() */
  at?: Date;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put into HTML (element content or a quoted attribute).
 * @example escapeHtml('<b>') // '&lt;b&gt;' */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** A new message id: `m_` + 20 hex characters. */
export const newMessageId = (): string => `m_${randomBytes(10).toString('hex')}`;

/**
 * Writes a notice to `userId`'s inbox and signals the stream. Pass a transaction to make the
 * notice part of the change it reports (it then appears only if that change commits); the
 * notice's event takes a short global lock, so call it as the last write of the transaction.
 * @example await notify(db, user.id, { app: 'yunxiao', type: 'token_created', title: …, content: …, locale })
 */
export async function notify(db: Kysely<Database>, userId: string, notice: Notice): Promise<MessageJson> {
  const t = serverTranslator(notice.locale);
  const text = (value: NoticeText) => (typeof value === 'string' ? value : t(value.key, value.params));
  const row = {
    id: newMessageId(),
    user_id: userId,
    app: notice.app,
    title: text(notice.title),
    body: escapeHtml(text(notice.content)),
    read: false,
    sensitive_type: (notice.sensitive ?? true) ? notice.type : null,
    created_at: notice.at ?? new Date(),
  };
  await recordMessage(db, row);
  return messageJson(row);
}

/**
 * Stores an already built message row (content taken as given) with its stream event, and wakes
 * the streams. For code that builds its own rows (the SSH key and password-change repositories);
 * everything else should call {@link notify}.
 */
export async function recordMessage(db: Kysely<Database>, row: NewMessage): Promise<void> {
  await insertMessageWithEvent(db, row);
  // Inside a caller's transaction this runs before the commit; the hub's next tick (≤ 1 s) then
  // picks the event up, so waking early costs one empty poll and loses nothing.
  wakeStreams();
}
