/**
 * The message as the message centre receives it (list pages and the stream's `message` events):
 * `src/features/notifications/api.ts` `messageSchema`, in the reader's language.
 */
import type { Locale } from '../../src/core/settings';
import type { MessageTranslations } from '../db/schema';

/** One inbox message on the wire. `content` is untrusted HTML: the element sanitises it. */
export interface MessageJson {
  id: string;
  app: string;
  title: string;
  content: string;
  read: boolean;
  /** The sensitive-behaviour type (`token_created` …); null for ordinary messages. */
  type: string | null;
  sensitive: boolean;
  created_at: string;
}

/**
 * A stored message row (any superset) → its wire shape, read in `locale` (the request's
 * `c.get('locale')`, the language of every answer): its text in that language when it has one
 * (`translations`, 0012), else the stored `title`/`body` (the language it was written in).
 */
export function messageJson(
  row: {
    id: string;
    app: string;
    title: string;
    body: string;
    read?: boolean | undefined;
    sensitive_type?: string | null | undefined;
    created_at: Date;
    translations?: MessageTranslations | null | undefined;
  },
  locale: Locale,
): MessageJson {
  const type = row.sensitive_type ?? null;
  const text = row.translations?.[locale];
  return {
    id: row.id,
    app: row.app,
    title: text?.title ?? row.title,
    content: text?.body ?? row.body,
    read: row.read ?? false,
    type,
    sensitive: type !== null,
    created_at: row.created_at.toISOString(),
  };
}
