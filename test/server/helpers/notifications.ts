/**
 * Set-up shared by the message-centre API tests: one server on a fresh database for the test file,
 * new signed-in users, messages seeded straight into the store, and the two read calls the
 * element makes (the list and the unread counts).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { MessageJson } from '../../../server/notifications/json';
import { insertMessagesBulk } from '../../../server/repos/notifications';
import { useTestServer } from './server';
import type { TestServer } from './server';
import { Client } from './client';
import { addUser } from './tokens';

export const INBOX = '/users/ajax/v1/notifications/inbox/messages';
export const PASSWORD = 'Start@2026';

export interface MessageSpec {
  app?: string;
  read?: boolean;
  minutesAgo?: number;
}

export interface InboxServer {
  /** The file's server (`useTestServer`'s handle): it starts in the file's `before` hook, so use
   * it inside a test or the `setUp` callback. */
  readonly server: TestServer;
  /** A new account (English) with a signed-in browser. */
  newUser(): Promise<{ id: string; browser: Client }>;
  /** Messages for `userId`: one a minute back from the server's now, in the order given (newest first). */
  give(userId: string, specs: MessageSpec[]): Promise<string[]>;
  list(
    browser: Client,
    body?: Record<string, unknown>,
  ): Promise<{ messages: MessageJson[]; next_token: string | null }>;
  counts(browser: Client): Promise<Array<{ app: string; count: number }>>;
}

/**
 * Registers the file's `before`/`after` hooks that start and stop the server (through
 * `useTestServer`). Call it once, at the top level of a test file.
 * @param options - the server's options, as for `useTestServer`.
 * @param setUp - what the file needs on the server before its tests, as for `useTestServer`: a
 *   file's own top-level `before` hooks are not ordered after the server's start.
 * @example const inbox = inboxServer(); */
export function inboxServer(
  options?: Parameters<typeof useTestServer>[0],
  setUp?: Parameters<typeof useTestServer>[1],
): InboxServer {
  const server = useTestServer(options, setUp);

  return {
    server,

    async newUser() {
      const username = `nt_${randomBytes(4).toString('hex')}`;
      const id = await addUser(server, username, PASSWORD);
      const browser = new Client(server.url);
      assert.equal((await browser.login(username, PASSWORD)).status, 200);
      browser.cookies.set('ak_user_locale', 'en_US');
      return { id, browser };
    },

    async give(userId, specs) {
      const now = server.clock.now().getTime();
      const rows = specs.map((s, i) => ({
        id: `m_${randomBytes(10).toString('hex')}`,
        user_id: userId,
        app: s.app ?? 'projex',
        title: `message ${i}`,
        body: `<p>body ${i}</p>`,
        read: s.read ?? false,
        sensitive_type: null,
        created_at: new Date(now - (s.minutesAgo ?? i + 1) * 60_000),
      }));
      await insertMessagesBulk(server.deps.db, rows);
      return rows.map((r) => r.id);
    },

    async list(browser, body = {}) {
      const answer = await browser.post(`${INBOX}:list`, { tab: 'all', page_size: 100, ...body });
      assert.equal(answer.status, 200, answer.text);
      return answer.body as { messages: MessageJson[]; next_token: string | null };
    },

    async counts(browser) {
      const answer = await browser.post(`${INBOX}/unread:countGroupByApp`, {});
      assert.equal(answer.status, 200, answer.text);
      return answer.body as Array<{ app: string; count: number }>;
    },
  };
}
