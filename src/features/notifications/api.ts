/**
 * The calls of the message centre (§7 Notifications, issue 8) and the shapes their answers must
 * have. Every call resolves to an `[error, result]` pair; an answer of the wrong shape becomes a
 * `malformed` error through `expectShape`. No DOM, no React: `<yx-unread-badge>` uses this file
 * too and must stay tiny.
 */
import * as v from 'valibot';
import type { HttpClient, HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { expectShape } from '../../core/response';

export const INBOX_PATH = '/users/ajax/v1/notifications/inbox/messages';
export const LIST_PATH = `${INBOX_PATH}:list`;
export const READ_PATH = `${INBOX_PATH}/read`;
export const BATCH_DELETE_PATH = `${INBOX_PATH}:batchDelete`;
export const COUNT_PATH = `${INBOX_PATH}/unread:countGroupByApp`;
export const STREAM_PATH = `${INBOX_PATH}/stream`;

/** The stream's URL for an element with these settings. An EventSource sends no headers, so an
 * element's own language (`X-Yx-Locale` on its other calls) goes in the query: its messages
 * arrive in that language. Elements of one language on a page still share one connection. */
export const streamUrlOf = (settings: { host: string; locale?: string | undefined }) =>
  settings.host + STREAM_PATH + (settings.locale ? `?locale=${settings.locale}` : '');
/** How often counts are polled when the stream is unavailable. §7 gives no interval; 30 s keeps
 * a tab of many elements cheap for the server. */
export const POLL_INTERVAL_MS = 30_000;

/** The server caps a page at 100 messages. */
export const MAX_PAGE_SIZE = 100;

/** Ids may come as numbers from some back ends; the UI keeps them as strings. */
const idSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

/** One message of the inbox. `content` is untrusted HTML: it is only shown after sanitising. */
export const messageSchema = v.object({
  id: idSchema,
  app: v.string(),
  title: v.string(),
  content: v.nullish(v.string(), ''),
  read: v.boolean(),
  type: v.nullish(v.string()),
  sensitive: v.nullish(v.boolean()),
  created_at: v.string(),
});
export type Message = v.InferOutput<typeof messageSchema>;

const pageSchema = v.object({
  messages: v.array(messageSchema),
  next_token: v.nullish(v.string()),
});

/** `[{ app, count }]` → unread counts by app (apps answered with 0 are kept: they exist). */
export const countsSchema = v.pipe(
  v.array(v.object({ app: v.string(), count: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
  v.transform((groups) => toCounts(groups)),
);

/** The unread counts of the signed-in user: the total and each app's share. */
export interface UnreadCounts {
  total: number;
  byApp: Readonly<Record<string, number>>;
}

export function toCounts(groups: ReadonlyArray<{ app: string; count: number }>): UnreadCounts {
  const byApp: Record<string, number> = {};
  let total = 0;
  for (const { app, count } of groups) {
    byApp[app] = (byApp[app] ?? 0) + count;
    total += count;
  }
  return { total, byApp };
}

export type MessageTab = 'all' | 'unread';

export interface ListQuery {
  tab: MessageTab;
  /** Only this app's messages; all apps when absent. */
  app?: string | null;
  /** ≤ 100. */
  pageSize: number;
  /** The cursor of the page after the last one received; none for the first page. */
  nextToken?: string | null;
}

export interface MessagePage {
  messages: Message[];
  /** `null` when this was the last page. */
  nextToken: string | null;
}

export interface NotificationsApi {
  list(query: ListQuery): Promise<HttpResult<MessagePage>>;
  markRead(id: string): Promise<HttpResult<unknown>>;
  /** Marks every unread message read, or only one app's. */
  markAllRead(app?: string | null): Promise<HttpResult<unknown>>;
  remove(id: string): Promise<HttpResult<unknown>>;
  /** Deletes every read message for good, or only one app's. */
  clearRead(app?: string | null): Promise<HttpResult<unknown>>;
  unreadCounts(): Promise<HttpResult<UnreadCounts>>;
}

/** The notification calls bound to one element's HTTP client. */
export function createNotificationsApi(http: HttpClient, t: Translate): NotificationsApi {
  const byId = (id: string) => `${INBOX_PATH}/${encodeURIComponent(id)}`;
  const scope = (app?: string | null) => (app ? { app } : {});
  return {
    async list({ tab, app, pageSize, nextToken }) {
      const body = {
        tab,
        ...scope(app),
        page_size: Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE),
        ...(nextToken ? { next_token: nextToken } : {}),
      };
      const [error, value] = expectShape(await http.post(LIST_PATH, body), pageSchema, t, {
        method: 'POST',
        url: LIST_PATH,
      });
      if (error) return [error, null];
      return [null, { messages: value.messages, nextToken: value.next_token || null }];
    },
    markRead: (id) => http.post(`${byId(id)}/read`, {}),
    markAllRead: (app) => http.post(READ_PATH, { all: true, ...scope(app) }),
    remove: (id) => http.delete(byId(id)),
    clearRead: (app) => http.post(BATCH_DELETE_PATH, { read: true, ...scope(app) }),
    async unreadCounts() {
      return expectShape(await http.post(COUNT_PATH, {}), countsSchema, t, { method: 'POST', url: COUNT_PATH });
    },
  };
}
