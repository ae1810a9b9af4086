/**
 * The message centre's rules between validation and SQL (§4 Message): pages newest first with an
 * opaque keyset cursor, marking read, permanent deletion, unread counts. Another user's message
 * behaves exactly like one that does not exist. Every write wakes this process's streams after
 * it committed.
 */
import type { Locale } from '../../src/core/settings';
import type { AppDeps } from '../context';
import { AppError, errors } from '../errors';
import * as repo from '../repos/notifications';
import type { MessageRecord, Selection } from '../repos/notifications';
import { wakeStreams } from './hub';
import { messageJson } from './json';
import type { MessageJson } from './json';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** 404 `message_not_found`: not one of the caller's messages (or no longer there). */
export const messageNotFound = () => new AppError('message_not_found', 404, 'notifications.error.notFound');

/** A validated `messages:list` request. */
export interface ListInput {
  tab: 'all' | 'unread';
  app?: string | undefined;
  pageSize: number;
  nextToken?: string | undefined;
  /** The language to read the messages in: the request's (`c.get('locale')`). */
  locale: Locale;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor after `row`: its exact instant and id, base64url JSON (opaque to clients). */
export function encodeCursor(row: Pick<MessageRecord, 'cursor_at' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.cursor_at, row.id])).toString('base64url');
}

/** The key a `next_token` stands for; 400 naming `next_token` when it is not one of ours. */
export function decodeCursor(token: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      CURSOR_AT.test(value[0]) &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === 'string' &&
      value[1].length > 0 &&
      value[1].length <= 64
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // not base64url JSON: reported below
  }
  throw errors.invalid('next_token');
}

/**
 * One page, newest first. The cursor is the (created_at, id) of the last message sent, so
 * messages arriving meanwhile (newer, hence before the cursor) neither shift nor repeat the
 * rest; `next_token` is null on the last page.
 */
export async function listMessages(
  deps: Deps,
  userId: string,
  input: ListInput,
): Promise<{ messages: MessageJson[]; next_token: string | null }> {
  const after = input.nextToken ? decodeCursor(input.nextToken) : undefined;
  const rows = await repo.pageMessages(deps.db, {
    userId,
    unreadOnly: input.tab === 'unread',
    app: input.app,
    // One more than asked tells whether another page exists.
    limit: input.pageSize + 1,
    ...(after ? { after } : {}),
  });
  const page = rows.slice(0, input.pageSize);
  const last = page[page.length - 1];
  return {
    messages: page.map((row) => messageJson(row, input.locale)),
    next_token: rows.length > input.pageSize && last ? encodeCursor(last) : null,
  };
}

/** Marks one message read (already read is fine); 404 when it is not the caller's. */
export async function markOneRead(deps: Deps, userId: string, id: string): Promise<{ id: string; read: true }> {
  const changed = await repo.markRead(deps.db, userId, { ids: [id] }, deps.clock.now());
  if (changed === 0 && !(await repo.messageExists(deps.db, userId, id))) throw messageNotFound();
  if (changed > 0) wakeStreams();
  return { id, read: true };
}

/** Marks the listed messages, or all (optionally within one app), read. Ids of messages that
 * are not the caller's are ignored, so the answer tells nothing about them. */
export async function markManyRead(deps: Deps, userId: string, selection: Selection): Promise<{ count: number }> {
  const count = await repo.markRead(deps.db, userId, selection, deps.clock.now());
  if (count > 0) wakeStreams();
  return { count };
}

/** Deletes one message for good; 404 when it is not the caller's. */
export async function deleteOne(deps: Deps, userId: string, id: string): Promise<{ id: string }> {
  const count = await repo.deleteMessages(deps.db, userId, { ids: [id] }, deps.clock.now());
  if (count === 0) throw messageNotFound();
  wakeStreams();
  return { id };
}

/** Deletes the listed messages, or every read one (optionally within one app), for good. */
export async function deleteMany(
  deps: Deps,
  userId: string,
  selection: Selection & { readOnly?: boolean },
): Promise<{ count: number }> {
  const count = await repo.deleteMessages(deps.db, userId, selection, deps.clock.now());
  if (count > 0) wakeStreams();
  return { count };
}

/** `[{ app, count }]` of unread messages, apps without any left out. */
export function unreadCounts(deps: Deps, userId: string): Promise<Array<{ app: string; count: number }>> {
  return repo.unreadByApp(deps.db, userId);
}
