/** The inbox (§7 Notifications) for `<yx-message-centre>` and `<yx-unread-badge>`: pages by
 * cursor, unread counts by app, and the live stream of counts. */
import { HttpResponse, http, sse } from 'msw';
import type { HttpHandler } from 'msw';
import {
  BATCH_DELETE_PATH,
  COUNT_PATH,
  INBOX_PATH,
  LIST_PATH,
  READ_PATH,
  STREAM_PATH,
} from '../../src/features/notifications/api';
import { minutesAgo, ok, route } from './common';

export interface MessageRow {
  id: string;
  app: string;
  title: string;
  content: string;
  read: boolean;
  type: string | null;
  sensitive: boolean;
  created_at: string;
}

export function message(id: string, overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id,
    app: 'codeup',
    title: `Message ${id}`,
    content: `<p>Content of message ${id}</p>`,
    read: false,
    type: 'notice',
    sensitive: false,
    created_at: minutesAgo(5),
    ...overrides,
  };
}

/** An inbox of several apps: unread and read, a sensitive sign-in notice, rich content. */
export const inbox: MessageRow[] = [
  message('m1', {
    app: 'codeup',
    title: 'Merge request !42 was approved',
    content: '<p><strong>Wang Fang</strong> approved <a href="https://example.com/mr/42">!42 Add token scopes</a>.</p>',
    created_at: minutesAgo(3),
  }),
  message('m2', {
    app: 'flow',
    title: 'Pipeline "release" failed',
    content: '<p>Stage <code>deploy</code> failed after 4 min 12 s.</p><ul><li>Job: deploy-prod</li></ul>',
    created_at: minutesAgo(42),
  }),
  message('m3', {
    app: 'workbench',
    title: 'New sign-in from Chrome on Windows',
    content: '<p>If this was not you, change your password now.</p>',
    type: 'security',
    sensitive: true,
    created_at: minutesAgo(60 * 5),
  }),
  message('m4', {
    app: 'projex',
    title: 'You were assigned "Checkout is slow on mobile"',
    content: '<p>Priority <strong>High</strong>, due Friday. Reported by the support team.</p>',
    read: true,
    created_at: minutesAgo(60 * 26),
  }),
  message('m5', {
    app: 'packages',
    title: 'Package @yx/ui 2.4.0 was published',
    read: true,
    created_at: minutesAgo(60 * 24 * 9),
  }),
];

/** `[{ app, count }]` of the unread messages in `rows`. */
export function unreadCounts(rows: MessageRow[]) {
  const counts = new Map<string, number>();
  for (const row of rows) if (!row.read) counts.set(row.app, (counts.get(row.app) ?? 0) + 1);
  return [...counts].map(([app, count]) => ({ app, count }));
}

export const notificationPaths = {
  list: route(LIST_PATH),
  count: route(COUNT_PATH),
  stream: route(STREAM_PATH),
  readAll: route(READ_PATH),
  readOne: route(`${INBOX_PATH}/{id}/read`),
  one: route(`${INBOX_PATH}/{id}`),
  batchDelete: route(BATCH_DELETE_PATH),
};

/** The live stream: it opens and sends the unread counts once, as the server does on connect. */
export const streamHandler = (rows: MessageRow[]) =>
  sse<{ message: string; unread: string }>(notificationPaths.stream, ({ client }) => {
    const byApp = unreadCounts(rows);
    client.send({
      event: 'unread',
      data: JSON.stringify({ total: byApp.reduce((sum, g) => sum + g.count, 0), by_app: byApp }),
    });
  });

/** An inbox answering each list call by its tab and app filter (one page), and the actions. */
export function notificationHandlers(rows: MessageRow[] = inbox): HttpHandler[] {
  return [
    http.post(notificationPaths.list, async ({ request }) => {
      const { tab, app } = (await request.json()) as { tab: 'all' | 'unread'; app?: string };
      const messages = rows.filter((row) => (tab === 'all' || !row.read) && (!app || row.app === app));
      return HttpResponse.json({ messages, next_token: null });
    }),
    http.post(notificationPaths.count, () => HttpResponse.json(unreadCounts(rows))),
    streamHandler(rows),
    http.post(notificationPaths.readAll, ok),
    http.post(notificationPaths.readOne, ok),
    http.delete(notificationPaths.one, ok),
    http.post(notificationPaths.batchDelete, ok),
  ];
}

/** `count` unread messages of Codeup, for the badge. */
export function unreadOf(count: number): MessageRow[] {
  return Array.from({ length: count }, (_, i) => message(`u${i}`));
}
