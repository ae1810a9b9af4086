/**
 * Live unread counts and new messages over Server-Sent Events (`GET …/messages/stream`).
 *
 * One connection per page: every stream opened with the same URL and session shares one
 * EventSource, so a badge and a message centre on one page cost the server one connection; it
 * closes when the last of them does.
 *
 * EventSource reconnects on its own after a dropped connection (the server resumes from the
 * `Last-Event-ID` header it sends). When EventSource does not exist, or the connection fails for
 * good (`readyState` CLOSED after an error: a non-200 answer, a wrong content type), the stream
 * falls back to calling `poll` every 30 s. `close()` ends the connection and any timer: elements
 * call it when they are removed, so nothing keeps running behind a closed page section.
 *
 * No React and no DOMPurify here: `<yx-unread-badge>` uses this file.
 */
import * as v from 'valibot';
import { devWarn } from '../../core/settings';
import { POLL_INTERVAL_MS, messageSchema, toCounts } from './api';
import type { Message, UnreadCounts } from './api';

/** `EventSource.CLOSED`, spelled out so a test double need not carry the constant. */
const CLOSED = 2;

export type StreamMode = 'connecting' | 'open' | 'polling' | 'closed';

/** The part of an EventSource this file uses (a test can pass a small fake). */
export interface EventSourceInstance {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceLike = new (url: string, init?: EventSourceInit) => EventSourceInstance;

export interface UnreadStreamOptions {
  /** The absolute stream URL (the element's host + the stream path). */
  url: string;
  /** Changes when the signed-in session does (elements pass their CSRF token, which sign-in
   * replaces): streams share a connection only within one session. @default '' */
  session?: string;
  /** New totals: from an `unread` event, or from `poll` in polling mode. */
  onUnread(counts: UnreadCounts): void;
  /** A new message from a `message` event. */
  onMessage?(message: Message): void;
  /** Fetches the counts once (countGroupByApp) and reports them itself. Used in polling mode. */
  poll(): unknown;
  /** @default 30000 */
  pollIntervalMs?: number;
  /** @default globalThis.EventSource; `null` forces polling */
  EventSource?: EventSourceLike | null;
  /** Tells which way updates arrive now (for `data-live` and tests). */
  onModeChange?(mode: StreamMode): void;
}

export interface UnreadStream {
  readonly mode: StreamMode;
  /** Ends the connection or the polling. Safe to call twice. */
  close(): void;
}

const unreadSchema = v.object({
  total: v.optional(v.number()),
  by_app: v.array(v.object({ app: v.string(), count: v.number() })),
});

function parse<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> | undefined {
  try {
    const parsed = v.safeParse(schema, JSON.parse(String(data)));
    if (parsed.success) return parsed.output;
  } catch {
    // not JSON: ignored below
  }
  devWarn('[yx] notifications stream: ignored an event whose data has the wrong shape.');
  return undefined;
}

/**
 * One EventSource shared by every subscriber of a page with the same URL and session: a
 * `<yx-unread-badge>` in the navigation bar and a `<yx-message-centre>` below it hold one
 * connection to the server, not two (issue 8).
 */
interface Connection {
  source: EventSourceInstance;
  /** Forgets the connection, so the next subscriber opens a new one. */
  forget(): void;
  subscribers: Set<Subscriber>;
  everOpen: boolean;
  /** The last `unread` event, handed to subscribers that join later (they missed it). */
  lastUnread: UnreadCounts | null;
}

interface Subscriber {
  opened(): void;
  unread(counts: UnreadCounts): void;
  message(message: Message): void;
  /** The connection failed for good: switch to polling. */
  lost(everOpen: boolean): void;
}

/** Kept on the window, so two copies of this module (two element bundles) share connections
 * too. By constructor, so a test's stand-in never meets a real EventSource's connection. */
const SHARED = Symbol.for('yx.notifications.streams.v1');
type Pool = WeakMap<EventSourceLike, Map<string, Connection>>;
function pool(Source: EventSourceLike): Map<string, Connection> {
  const holder = globalThis as unknown as Record<symbol, Pool | undefined>;
  const bySource = (holder[SHARED] ??= new WeakMap());
  let connections = bySource.get(Source);
  if (!connections) bySource.set(Source, (connections = new Map()));
  return connections;
}

function connect(Source: EventSourceLike, url: string, key: string): Connection | null {
  const connections = pool(Source);
  const existing = connections.get(key);
  if (existing) return existing;
  let source: EventSourceInstance;
  try {
    source = new Source(url, { withCredentials: true });
  } catch {
    return null; // a URL the browser refuses: poll instead
  }
  const connection: Connection = {
    source,
    forget: () => {
      if (connections.get(key) === connection) connections.delete(key);
    },
    subscribers: new Set(),
    everOpen: false,
    lastUnread: null,
  };
  const each = (call: (subscriber: Subscriber) => void) => {
    for (const subscriber of [...connection.subscribers]) call(subscriber);
  };
  source.onopen = () => {
    connection.everOpen = true;
    each((s) => s.opened());
  };
  source.onerror = () => {
    // CONNECTING after an error means EventSource retries by itself; CLOSED means it gave up.
    if (source.readyState !== CLOSED) return;
    source.close();
    connection.forget();
    each((s) => s.lost(connection.everOpen));
    connection.subscribers.clear();
  };
  source.addEventListener('unread', (event) => {
    const data = parse(unreadSchema, event.data);
    if (!data) return;
    const counts = toCounts(data.by_app);
    connection.lastUnread = data.total === undefined ? counts : { total: data.total, byApp: counts.byApp };
    each((s) => s.unread(connection.lastUnread!));
  });
  source.addEventListener('message', (event) => {
    const message = parse(messageSchema, event.data);
    if (message) each((s) => s.message(message));
  });
  connections.set(key, connection);
  return connection;
}

/** Opens the stream (or starts polling at once when EventSource is unavailable). Streams with
 * the same `url` and `session` on one page share one connection, closed with the last of them.
 * @example
 * const stream = openUnreadStream({ url, session: csrfToken, onUnread: setCounts, poll: () => refreshCounts() });
 * // later, when the element is removed:
 * stream.close(); */
export function openUnreadStream(options: UnreadStreamOptions): UnreadStream {
  const Source =
    options.EventSource === undefined
      ? ((globalThis as { EventSource?: EventSourceLike }).EventSource ?? null)
      : options.EventSource;
  let mode: StreamMode = 'connecting';
  let timer: ReturnType<typeof setInterval> | undefined;
  let catchUpTimer: ReturnType<typeof setTimeout> | undefined;
  let connection: Connection | null = null;

  const setMode = (next: StreamMode) => {
    if (mode === next) return;
    mode = next;
    options.onModeChange?.(next);
  };

  const startPolling = (catchUp: boolean) => {
    if (mode === 'closed' || mode === 'polling') return;
    setMode('polling');
    // Updates may have been missed since the connection dropped: catch up at once, then every
    // 30 s. "At once" is the next task, not this one: leaving the page fails the connection too
    // (Chromium closes it at the navigation), and a timer never runs in an unloading document,
    // so leaving costs the server no count call.
    if (catchUp) catchUpTimer = setTimeout(() => void options.poll(), 0);
    timer = setInterval(() => void options.poll(), options.pollIntervalMs ?? POLL_INTERVAL_MS);
  };

  const subscriber: Subscriber = {
    opened: () => {
      if (mode === 'connecting') setMode('open');
    },
    unread: (counts) => options.onUnread(counts),
    message: (message) => options.onMessage?.(message),
    lost: (everOpen) => {
      connection = null;
      startPolling(everOpen);
    },
  };

  if (Source) connection = connect(Source, options.url, `${options.session ?? ''} ${options.url}`);
  if (!connection) {
    startPolling(false);
  } else {
    const joined = connection;
    joined.subscribers.add(subscriber);
    if (joined.everOpen && joined.source.readyState !== CLOSED) subscriber.opened();
    // A late subscriber missed the counts sent on connect: hand it the latest, once it has its handle.
    if (joined.lastUnread) {
      queueMicrotask(() => {
        if (connection === joined && joined.lastUnread) subscriber.unread(joined.lastUnread);
      });
    }
  }

  return {
    get mode() {
      return mode;
    },
    close() {
      if (connection) {
        const left = connection;
        connection = null;
        left.subscribers.delete(subscriber);
        if (left.subscribers.size === 0) {
          left.source.close();
          left.forget();
        }
      }
      clearInterval(timer);
      clearTimeout(catchUpTimer);
      timer = undefined;
      setMode('closed');
    },
  };
}
