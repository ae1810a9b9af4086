/**
 * `GET …/messages/stream`: Server-Sent Events for one signed-in user (consumed by
 * `src/features/notifications/stream.ts`).
 *
 * - `event: message` (data: the message, as in a list page) for each new message;
 * - `event: unread` (data: `{ total, by_app: [{ app, count }] }`) after the counts may have changed,
 *   and once on connect;
 * - `: heartbeat` comments every 15 s (`SSE_HEARTBEAT_SECONDS`), so proxies and the browser keep
 *   an idle connection.
 *
 * Every event carries the id of the last `message_events` row it reflects. EventSource sends it
 * back as `Last-Event-ID` when it reconnects: the messages of later events are replayed, then the
 * current counts. The connection ends when the client goes away or the server shuts down (the
 * hub then calls `onClose`); in both cases the subscription and the heartbeat timer are released.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { SSEStreamingApi } from 'hono/streaming';
import type { AppDeps, AppEnv } from '../context';
import * as repo from '../repos/notifications';
import type { EventRecord } from '../repos/notifications';
import type { MessageHub } from './hub';
import { messageJson } from './json';

/** What EventSource waits before reconnecting (it defaults to a few seconds anyway). */
const RETRY_MS = 3000;
/** Replay is read in batches; a client away for very long gets at most this many events. */
const REPLAY_BATCH = 500;
const REPLAY_MAX = 5000;

/** `Last-Event-ID` as an event id, or null (absent, or not one of ours). */
export function parseEventId(header: string | undefined): number | null {
  const value = header?.trim() ?? '';
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** Answers the stream request of `userId`. */
export function messageStream(
  deps: Pick<AppDeps, 'db' | 'config'>,
  hub: MessageHub,
  c: Context<AppEnv>,
  userId: string,
): Response {
  const resumeFrom = parseEventId(c.req.header('last-event-id'));
  const signal = c.req.raw.signal;
  const log = c.get('log');
  // Buffering proxies (nginx) would hold events back.
  c.header('X-Accel-Buffering', 'no');
  const response = streamSSE(c, async (stream) => {
    const session = new StreamSession(deps.db, stream, userId);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    session.onFail = (error) => {
      // The client reconnects with its Last-Event-ID and gets a consistent replay.
      log.warn('message stream failed', { error });
      finish();
    };
    stream.onAbort(finish);
    signal.addEventListener('abort', finish, { once: true });
    let unsubscribe: (() => void) | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    try {
      unsubscribe = await hub.subscribe(userId, (events) => session.enqueue(() => session.deliver(events)), finish);
      session.enqueue(() => session.start(resumeFrom));
      heartbeat = setInterval(() => session.enqueue(() => stream.write(': heartbeat\n\n')), deps.config.sseHeartbeatMs);
      await finished;
    } catch (error) {
      // HubClosedError: the server is stopping; the client will reconnect to another one.
      log.debug('message stream not started', { error });
    } finally {
      clearInterval(heartbeat);
      unsubscribe?.();
      signal.removeEventListener('abort', finish);
      session.ended = true;
    }
  });
  // streamSSE asks for keep-alive, but a stream's connection is never reused (EventSource opens
  // a new one): closing it with the response lets a shutting-down server finish at once.
  response.headers.set('Connection', 'close');
  return response;
}

/** The state of one connection: what it has sent, and a queue so events go out in order. */
class StreamSession {
  ended = false;
  onFail: (error: unknown) => void = () => {};
  /** The last event id this client has been told about. */
  #lastId = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: AppDeps['db'],
    private readonly stream: SSEStreamingApi,
    private readonly userId: string,
  ) {}

  /** Runs `task` after the ones before it, unless the connection has ended. */
  enqueue(task: () => Promise<unknown>): void {
    this.#queue = this.#queue
      .then(async () => {
        if (!this.ended && !this.stream.aborted && !this.stream.closed) await task();
      })
      .catch((error: unknown) => this.onFail(error));
  }

  /** First answer: the replay after `resumeFrom` (a reconnect), then the current counts. */
  async start(resumeFrom: number | null): Promise<void> {
    await this.stream.write(`retry: ${RETRY_MS}\n\n`);
    const newest = await repo.lastEventId(this.db, this.userId);
    // An id from the future (another database, a forged header) would hide real events.
    this.#lastId = resumeFrom === null ? newest : Math.min(resumeFrom, newest);
    if (resumeFrom !== null) {
      for (let sent = 0; sent < REPLAY_MAX; sent += REPLAY_BATCH) {
        const events = await repo.eventsAfter(this.db, this.#lastId, REPLAY_BATCH, this.userId);
        await this.#sendMessages(events);
        if (events.length < REPLAY_BATCH) break;
      }
      // Whatever was too old to replay is reflected in the counts below.
      this.#lastId = Math.max(this.#lastId, newest);
    }
    await this.#sendUnread();
  }

  /** Live events from the hub (possibly some this client already has). */
  async deliver(events: EventRecord[]): Promise<void> {
    const fresh = events.filter((e) => e.id > this.#lastId);
    if (fresh.length === 0) return;
    await this.#sendMessages(fresh);
    await this.#sendUnread();
  }

  async #sendMessages(events: EventRecord[]): Promise<void> {
    if (events.length === 0) return;
    const ids = events.flatMap((e) => (e.kind === 'message' && e.messageId ? [e.messageId] : []));
    const found = new Map((await repo.findMessages(this.db, this.userId, ids)).map((m) => [m.id, m]));
    for (const event of events) {
      const message = event.messageId ? found.get(event.messageId) : undefined;
      // A message deleted since is not announced.
      if (event.kind === 'message' && message) {
        await this.stream.writeSSE({
          event: 'message',
          id: String(event.id),
          data: JSON.stringify(messageJson(message)),
        });
      }
      this.#lastId = Math.max(this.#lastId, event.id);
    }
  }

  async #sendUnread(): Promise<void> {
    const byApp = await repo.unreadByApp(this.db, this.userId);
    const total = byApp.reduce((sum, g) => sum + g.count, 0);
    await this.stream.writeSSE({
      event: 'unread',
      id: String(this.#lastId),
      data: JSON.stringify({ total, by_app: byApp }),
    });
  }
}
