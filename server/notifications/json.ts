/**
 * The message as the message centre receives it (list pages and the stream's `message` events):
 * `src/features/notifications/api.ts` `messageSchema`.
 */

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

/** A stored message row (any superset) → its wire shape. */
export function messageJson(row: {
  id: string;
  app: string;
  title: string;
  body: string;
  read?: boolean | undefined;
  sensitive_type?: string | null | undefined;
  created_at: Date;
}): MessageJson {
  const type = row.sensitive_type ?? null;
  return {
    id: row.id,
    app: row.app,
    title: row.title,
    content: row.body,
    read: row.read ?? false,
    type,
    sensitive: type !== null,
    created_at: row.created_at.toISOString(),
  };
}
