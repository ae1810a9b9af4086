/**
 * The one way the server itself puts a message into someone's inbox (sensitive-behaviour notices:
 * token created or deleted, SSH key added, password changed …). It writes the message and its
 * stream event together and wakes this process's streams; other processes see the event on
 * their next poll (see hub.ts).
 *
 * `content` is HTML to the message centre (apps may send links and emphasis). Server notices are
 * plain text that quote user-chosen names (a token's name), so their content is HTML-escaped here:
 * a name like `<img onerror=…>` stays text. `title` is always rendered as text and is kept as is.
 *
 * A notice is written in every language (`translations`, migration 0012), so each reader reads it
 * in the language of their own request, whichever page caused it; `title`/`body` hold the text
 * in `notice.locale`.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LOCALES } from '../../src/core/settings';
import type { Locale } from '../../src/core/settings';
import type { Database, MessageTranslations, NewMessage } from '../db/schema';
import { serverTranslator } from '../i18n';
import type { AnyMessageKey } from '../i18n';
import { insertMessageWithEvent } from '../repos/notifications';
import { wakeStreams } from './hub';
import { messageJson } from './json';
import type { MessageJson } from './json';

/**
 * A value of a notice text's `{placeholder}`: the same in every language (a token's name, an
 * address), or written per language (a time, a device's description), e.g.
 * `(locale) => noticeTime(at, locale)`.
 */
export type NoticeParam = string | number | ((locale: Locale) => string | number);

/** Literal text (the same in every language), or a message key translated into each language. */
export type NoticeText = string | { key: AnyMessageKey; params?: Record<string, NoticeParam> };

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
   * The language of its stored `title`/`body`, which a reader gets only when the message has no
   * text in their language (every notice is also stored in every language, and read in the
   * reader's). When the recipient's own request caused it: that request's language
   * (`c.get('locale')`, the language of its answers and errors). Otherwise: the recipient's saved
   * locale.
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

/** The notice's title and (escaped) content in `locale`. */
function render(notice: Notice, locale: Locale): { title: string; body: string } {
  const t = serverTranslator(locale);
  const text = (value: NoticeText) => {
    if (typeof value === 'string') return value;
    const params = value.params ?? {};
    const values: Record<string, string | number> = {};
    for (const name of Object.keys(params)) {
      const param = params[name]!;
      values[name] = typeof param === 'function' ? param(locale) : param;
    }
    return t(value.key, values);
  };
  return { title: text(notice.title), body: escapeHtml(text(notice.content)) };
}

/**
 * The message row of a notice to `userId`, written in every language. For code that stores the
 * row with other changes through {@link recordMessage}; everything else calls {@link notify}.
 * @example await recordMessage(tx, noticeRow(user.id, { app: 'yunxiao', type: 'password_changed', … }))
 */
export function noticeRow(userId: string, notice: Notice): NewMessage {
  const own = render(notice, notice.locale);
  // Literal texts read the same in every language: nothing to store twice.
  const literal = typeof notice.title === 'string' && typeof notice.content === 'string';
  let translations: MessageTranslations | null = null;
  if (!literal) {
    translations = {};
    for (const locale of LOCALES) translations[locale] = locale === notice.locale ? own : render(notice, locale);
  }
  return {
    id: newMessageId(),
    user_id: userId,
    app: notice.app,
    title: own.title,
    body: own.body,
    read: false,
    sensitive_type: (notice.sensitive ?? true) ? notice.type : null,
    created_at: notice.at ?? new Date(),
    translations: translations && JSON.stringify(translations),
  };
}

/**
 * Writes a notice to `userId`'s inbox and signals the stream. Pass a transaction to make the
 * notice part of the change it reports (it then appears only if that change commits); the
 * notice's event takes a short global lock, so call it as the last write of the transaction.
 * Returns the message as the request that caused it reads it (in `notice.locale`).
 * @example await notify(db, user.id, { app: 'yunxiao', type: 'token_created', title: …, content: …, locale })
 */
export async function notify(db: Kysely<Database>, userId: string, notice: Notice): Promise<MessageJson> {
  const row = noticeRow(userId, notice);
  await recordMessage(db, row);
  // `title`/`body` are the text in `notice.locale` already.
  return messageJson({ ...row, translations: null }, notice.locale);
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
