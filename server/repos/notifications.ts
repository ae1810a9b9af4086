/**
 * SQL of the message centre: the inbox (keyset pages, read flags, deletion, unread counts) and
 * `message_events`, the ordered log behind the live stream. Every write that changes what a user
 * sees appends an event in the same transaction, so the stream never reports a change that was
 * rolled back.
 */
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database, MessageTranslations, NewMessage } from '../db/schema';

type Db = Kysely<Database>;

/** Lock key that orders event ids by commit ("yxmsg" folded into an int). See {@link appendEvent}. */
const EVENT_LOCK = 0x79786d;

/** A message row with the exact (microsecond) instant the cursor needs. */
export interface MessageRecord {
  id: string;
  app: string;
  title: string;
  body: string;
  read: boolean;
  sensitive_type: string | null;
  created_at: Date;
  /** The text per language, if it was written in several (0012). */
  translations: MessageTranslations | null;
  /** `created_at` in UTC with microseconds, e.g. `2026-05-01T09:30:00.123456Z`. */
  cursor_at: string;
}

/** One entry of the stream's log. */
export interface EventRecord {
  id: number;
  userId: string;
  kind: 'message' | 'unread';
  messageId: string | null;
}

/** Which messages a write or a page applies to: some ids, or all (optionally one app's). */
export interface Selection {
  ids?: readonly string[] | undefined;
  app?: string | undefined;
}

const columns = [
  'id',
  'app',
  'title',
  'body',
  'read',
  'sensitive_type',
  'created_at',
  'translations',
  sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
] as const;

/** Runs `fn` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

/**
 * Appends an event. The transaction-scoped advisory lock makes ids follow commit order: a writer
 * draws its id only after the previous writer committed, so a reader that has seen id N has seen
 * every id below N. Pollers can then keep a single "last id" without missing late commits.
 * Taken as the last step of a write, so whoever holds it waits for nothing but its own commit.
 */
export async function appendEvent(
  db: Db,
  event: { userId: string; kind: 'message' | 'unread'; messageId?: string | null; at: Date },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await sql`select pg_advisory_xact_lock(${EVENT_LOCK})`.execute(tx);
    await tx
      .insertInto('message_events')
      .values({ user_id: event.userId, kind: event.kind, message_id: event.messageId ?? null, created_at: event.at })
      .execute();
  });
}

/** Inserts a message and its `message` event, atomically (inside the caller's transaction if any). */
export async function insertMessageWithEvent(db: Db, row: NewMessage): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.insertInto('messages').values(row).execute();
    await appendEvent(tx, { userId: row.user_id, kind: 'message', messageId: row.id, at: row.created_at });
  });
}

/** Inserts many messages without events (seeding: nobody is listening yet). */
export async function insertMessagesBulk(db: Db, rows: NewMessage[]): Promise<void> {
  // 9 parameters a row: 5000 rows stay well under PostgreSQL's 65535 bound parameters.
  for (let i = 0; i < rows.length; i += 5000) {
    await db
      .insertInto('messages')
      .values(rows.slice(i, i + 5000))
      .execute();
  }
}

/** One page of a user's messages, newest first, strictly after the `(cursor_at, id)` key. */
export async function pageMessages(
  db: Db,
  query: { userId: string; unreadOnly: boolean; app?: string | undefined; limit: number; after?: [string, string] },
): Promise<MessageRecord[]> {
  let q = db.selectFrom('messages').select(columns).where('user_id', '=', query.userId);
  if (query.unreadOnly) q = q.where('read', '=', false);
  if (query.app !== undefined) q = q.where('app', '=', query.app);
  if (query.after) {
    const [at, id] = query.after;
    q = q.where(sql<boolean>`(created_at, id) < (${at}::timestamptz, ${id})`);
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

/** The user's messages with these ids (others' ids read as missing), in no particular order. */
export async function findMessages(db: Db, userId: string, ids: readonly string[]): Promise<MessageRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('messages')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Whether the user has a message with this id. */
export async function messageExists(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the selected unread messages read; returns how many changed. */
export async function markRead(db: Db, userId: string, selection: Selection, at: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    let q = tx.updateTable('messages').set({ read: true }).where('user_id', '=', userId).where('read', '=', false);
    if (selection.ids) q = q.where('id', 'in', [...selection.ids]);
    if (selection.app !== undefined) q = q.where('app', '=', selection.app);
    const n = Number((await q.executeTakeFirst()).numUpdatedRows);
    if (n > 0) await appendEvent(tx, { userId, kind: 'unread', at });
    return n;
  });
}

/** Deletes the selected messages (only read ones when `readOnly`) for good; returns how many. */
export async function deleteMessages(
  db: Db,
  userId: string,
  selection: Selection & { readOnly?: boolean },
  at: Date,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    let q = tx.deleteFrom('messages').where('user_id', '=', userId);
    if (selection.ids) q = q.where('id', 'in', [...selection.ids]);
    if (selection.app !== undefined) q = q.where('app', '=', selection.app);
    if (selection.readOnly) q = q.where('read', '=', true);
    const gone = await q.returning('read').execute();
    // Only losing an unread message changes the counts the stream reports.
    if (gone.some((m) => !m.read)) await appendEvent(tx, { userId, kind: 'unread', at });
    return gone.length;
  });
}

/** Unread messages per app (apps without any are left out), sorted by app. */
export async function unreadByApp(db: Db, userId: string): Promise<Array<{ app: string; count: number }>> {
  return db
    .selectFrom('messages')
    .select(['app', sql<number>`count(*)::int`.as('count')])
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .groupBy('app')
    .orderBy('app')
    .execute();
}

const eventColumns = [sql<string>`id::text`.as('id'), 'user_id', 'kind', 'message_id'] as const;

const toEvent = (r: { id: string; user_id: string; kind: 'message' | 'unread'; message_id: string | null }) => ({
  id: Number(r.id),
  userId: r.user_id,
  kind: r.kind,
  messageId: r.message_id,
});

/** The newest event id (of one user, or of everyone); 0 when there is none. */
export async function lastEventId(db: Db, userId?: string): Promise<number> {
  let q = db.selectFrom('message_events').select(sql<string | null>`max(id)::text`.as('id'));
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const row = await q.executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Events after `afterId`, oldest first (of one user when given). */
export async function eventsAfter(db: Db, afterId: number, limit: number, userId?: string): Promise<EventRecord[]> {
  let q = db.selectFrom('message_events').select(eventColumns).where('id', '>', afterId);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map(toEvent);
}

/** Forgets events older than `before` (a client away that long gets the current counts only). */
export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('message_events').where('created_at', '<', before).execute();
}
