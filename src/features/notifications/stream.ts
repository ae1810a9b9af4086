/**
 * Live unread counts and new messages over Server-Sent Events (`GET …/messages/stream`).
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
import { messageSchema, toCounts } from './api';
import type { Message, UnreadCounts } from './api';

/** §7 gives no interval; 30 s keeps a tab of many elements cheap for the server. */
export const POLL_INTERVAL_MS = 30_000;

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

/** Opens the stream (or starts polling at once when EventSource is unavailable).
 * @example
 * const stream = openUnreadStream({ url, onUnread: setCounts, poll: () => refreshCounts() });
 * // later, when the element is removed:
 * stream.close(); */
export function openUnreadStream(options: UnreadStreamOptions): UnreadStream {
  const Source =
    options.EventSource === undefined
      ? ((globalThis as { EventSource?: EventSourceLike }).EventSource ?? null)
      : options.EventSource;
  let mode: StreamMode = 'connecting';
  let source: EventSourceInstance | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let everOpen = false;

  const setMode = (next: StreamMode) => {
    if (mode === next) return;
    mode = next;
    options.onModeChange?.(next);
  };

  const startPolling = () => {
    if (mode === 'closed' || mode === 'polling') return;
    setMode('polling');
    // Updates may have been missed since the connection dropped: catch up now, then every 30 s.
    if (everOpen) void options.poll();
    timer = setInterval(() => void options.poll(), options.pollIntervalMs ?? POLL_INTERVAL_MS);
  };

  if (!Source) {
    startPolling();
  } else {
    try {
      source = new Source(options.url, { withCredentials: true });
    } catch {
      source = null; // a URL the browser refuses: poll instead
    }
    if (!source) {
      startPolling();
    } else {
      const es = source;
      es.onopen = () => {
        everOpen = true;
        if (mode === 'connecting') setMode('open');
      };
      es.onerror = () => {
        // CONNECTING after an error means EventSource retries by itself; CLOSED means it gave up.
        if (es.readyState !== CLOSED || mode === 'closed') return;
        es.close();
        source = null;
        startPolling();
      };
      es.addEventListener('unread', (event) => {
        const data = parse(unreadSchema, event.data);
        if (!data) return;
        const counts = toCounts(data.by_app);
        options.onUnread(data.total === undefined ? counts : { total: data.total, byApp: counts.byApp });
      });
      es.addEventListener('message', (event) => {
        const message = parse(messageSchema, event.data);
        if (message) options.onMessage?.(message);
      });
    }
  }

  return {
    get mode() {
      return mode;
    },
    close() {
      source?.close();
      source = null;
      clearInterval(timer);
      timer = undefined;
      setMode('closed');
    },
  };
}
