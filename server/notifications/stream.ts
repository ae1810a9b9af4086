/**
 * `GET …/messages/stream`: Server-Sent Events for one signed-in user (consumed by
 * `src/features/notifications/stream.ts`).
 *
 * - `event: message` (data: the message, as in a list page, in the stream request's language) for
 *   each new message;
 * - `event: unread` (data: `{ total, by_app: [{ app, count }] }`) after the counts may have changed,
 *   and once on connect;
 * - `: heartbeat` comments every 15 s (`SSE_HEARTBEAT_SECONDS`), so proxies and the browser keep
 *   an idle connection.
 *
 * Every event carries the id of the last `message_events` row it reflects. EventSource sends it
 * back as `Last-Event-ID` when it reconnects: the messages of later events are replayed, then the
 * current counts. The connection ends when the client goes away or the server shuts down (the
 * hub then calls `onClose`); in both cases the subscription and the heartbeat timer are released.
 *
 * It also ends when its session does (sign-out, a password change signing other sessions out,
 * expiry): the session row is read again before each delivery and each heartbeat — one lookup by
 * primary key per batch, not per message — so this holds whichever server process ended it (the
 * rows are shared, see ../auth/sessions.ts). A stolen session must not keep reading the inbox.
 * The client's reconnect then gets the 401 every other call gets, and the page's session-end
 * handling takes over. `sessionsEnded` (hub.ts) makes this process's streams check at once.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { normalizeLocale } from '../../src/core/i18n/index';
import type { Locale } from '../../src/core/settings';
import type { SSEStreamingApi } from 'hono/streaming';
import { SESSION_IDLE_MS } from '../auth/sessions';
import type { AppDeps, AppEnv } from '../context';
import { errors } from '../errors';
import * as repo from '../repos/notifications';
import { findSession } from '../repos/sessions';
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

/**
 * Whether the session `idHash` still signs `userId` in at `now`, as `loadSession` would judge the
 * next request: the row exists (not signed out), and neither its absolute nor its idle limit has
 * passed.
 */
export async function sessionStillValid(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  idHash: string,
  userId: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const found = await findSession(deps.db, idHash, now);
  if (!found || found.session.user_id !== userId) return false;
  return now.getTime() - found.session.last_seen_at.getTime() <= SESSION_IDLE_MS;
}

/** Answers the stream request of `userId`, signed in with the request's session. */
export function messageStream(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  hub: MessageHub,
  c: Context<AppEnv>,
  userId: string,
): Response {
  const idHash = c.get('session')?.id_hash;
  // The route lets only a signed-in browser through; without its session there is nothing to watch.
  if (!idHash) throw errors.unauthenticated();
  const resumeFrom = parseEventId(c.req.header('last-event-id'));
  // Messages are read in the language of the stream request, as a list page is in its own: the
  // element's own, named in the query since an EventSource sends no headers (the `X-Yx-Locale`
  // of its other calls), else the request's.
  const locale = normalizeLocale(c.req.query('locale')) ?? c.get('locale');
  const signal = c.req.raw.signal;
  const log = c.get('log');
  // Buffering proxies (nginx) would hold events back.
  c.header('X-Accel-Buffering', 'no');
  const response = streamSSE(c, async (stream) => {
    const session = new StreamSession(deps.db, stream, userId, locale, () => sessionStillValid(deps, idHash, userId));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    session.onFail = (error) => {
      // The client reconnects with its Last-Event-ID and gets a consistent replay.
      log.warn('message stream failed', { error });
      finish();
    };
    session.onSessionGone = () => {
      // Ending the response is all it takes: the client's reconnect meets the 401.
      log.debug('message stream ended with its session');
      finish();
    };
    stream.onAbort(finish);
    signal.addEventListener('abort', finish, { once: true });
    let unsubscribe: (() => void) | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    try {
      unsubscribe = await hub.subscribe(
        userId,
        (events) => session.enqueue(() => session.deliver(events)),
        finish,
        () => session.enqueue(() => session.checkSession()),
      );
      session.enqueue(() => session.start(resumeFrom));
      heartbeat = setInterval(() => session.enqueue(() => session.heartbeat()), deps.config.sseHeartbeatMs);
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
  /** The sign-in session behind the stream has ended: the connection must close. */
  onSessionGone: () => void = () => {};
  /** The last event id this client has been told about. */
  #lastId = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: AppDeps['db'],
    private readonly stream: SSEStreamingApi,
    private readonly userId: string,
    /** The language messages are sent in. */
    private readonly locale: Locale,
    /** Whether the session behind the stream is still valid (one indexed lookup). */
    private readonly sessionValid: () => Promise<boolean>,
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

  /** Live events from the hub (possibly some this client already has), if the session still
   * allows: a password change commits its notice with the sign-out of the other sessions, so the
   * notice is never what they see first. */
  async deliver(events: EventRecord[]): Promise<void> {
    const fresh = events.filter((e) => e.id > this.#lastId);
    if (fresh.length === 0 || !(await this.checkSession())) return;
    await this.#sendMessages(fresh);
    await this.#sendUnread();
  }

  /** The keep-alive comment, if the session still allows (sign-outs that write no event, such as
   * a logout on another server process, and expiry are noticed here). */
  async heartbeat(): Promise<void> {
    if (await this.checkSession()) await this.stream.write(': heartbeat\n\n');
  }

  /** Whether the session is still valid; when not, ends the connection and says so. */
  async checkSession(): Promise<boolean> {
    if (await this.sessionValid()) return true;
    this.ended = true;
    this.onSessionGone();
    return false;
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
          data: JSON.stringify(messageJson(message, this.locale)),
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
