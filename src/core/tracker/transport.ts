/**
 * Delivery of tracker entries: batched, sent once the page has been quiet for a second, held
 * while offline, flushed when the page is hidden. Every failure is swallowed: tracking must never
 * break or slow down the page it watches.
 */
import type { TrackerEnvironment } from './env';
import { MAX_BATCH_DELAY_MS, MAX_BEACON_BYTES, TRACKER_LIMITS } from './limits';
import type { TrackerEntry } from './types';

/** The queue and sender of one tracker. */
export interface Transport {
  /** Queues an entry and (re)starts the idle wait. */
  push(entry: TrackerEntry): void;
  /** Sends everything queued now (when online). */
  flush(): void;
  /** Entries waiting to be sent. */
  readonly size: number;
  /** Cancels the idle wait (the queue is kept). */
  cancel(): void;
}

const encoder = new TextEncoder();
const EMPTY_BATCH_BYTES = '{"entries":[]}'.length;

interface Chunk {
  body: string;
  entries: TrackerEntry[];
}

/** Splits entries into request bodies of at most MAX_BEACON_BYTES where possible (an entry
 * bigger than that travels alone, by plain `fetch`). */
/** Entries in one batch at the most: what the collector accepts (a drained offline queue of
 * 500 small entries would otherwise go out as one batch the collector refuses). */
export const MAX_BATCH_ENTRIES = 200;

function toChunks(entries: TrackerEntry[]): Chunk[] {
  const chunks: Chunk[] = [];
  let current: { parts: string[]; entries: TrackerEntry[]; bytes: number } | undefined;
  const close = () => {
    if (current) chunks.push({ body: `{"entries":[${current.parts.join(',')}]}`, entries: current.entries });
    current = undefined;
  };
  for (const entry of entries) {
    let json: string;
    try {
      json = JSON.stringify(entry);
    } catch {
      continue;
    }
    const size = encoder.encode(json).length + 1;
    if (current && (current.bytes + size > MAX_BEACON_BYTES || current.entries.length >= MAX_BATCH_ENTRIES)) close();
    current ??= { parts: [], entries: [], bytes: EMPTY_BATCH_BYTES };
    current.parts.push(json);
    current.entries.push(entry);
    current.bytes += size;
  }
  close();
  return chunks;
}

/** Creates the transport posting batches to `endpoint`. */
export function createTransport(endpoint: string, env: TrackerEnvironment): Transport {
  let queue: TrackerEntry[] = [];
  let idleTimer: unknown;
  let oldestAt: number | undefined;

  const trim = () => {
    // the oldest entries go first: the newest describe the state the user is in now
    if (queue.length > TRACKER_LIMITS.offlineQueueSize) queue = queue.slice(-TRACKER_LIMITS.offlineQueueSize);
  };

  const cancel = () => {
    if (idleTimer !== undefined) env.clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const requeue = (entries: TrackerEntry[]) => {
    queue = [...entries, ...queue];
    trim();
  };

  const post = (body: string, entries: TrackerEntry[]) => {
    const small = encoder.encode(body).length <= MAX_BEACON_BYTES;
    if (small && env.sendBeacon) {
      try {
        if (env.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))) return;
      } catch {
        // a beacon refused by policy (CSP, size, content type) falls back to fetch
      }
    }
    if (!env.fetch) return;
    try {
      env
        .fetch(endpoint, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          // keepalive lets the request outlive the page, but only for bodies under 64 KiB
          keepalive: small,
        })
        // no answer at all: the network is down, so keep the entries for the 'online' drain;
        // an HTTP error answer is final (a collector that rejects a batch will reject it again)
        .catch(() => requeue(entries));
    } catch {
      requeue(entries);
    }
  };

  const flush = () => {
    cancel();
    oldestAt = undefined;
    if (!queue.length) return;
    let online = true;
    try {
      online = env.isOnline();
    } catch {
      // unknown: try to send
    }
    if (!online) return;
    const entries = queue;
    queue = [];
    for (const chunk of toChunks(entries)) post(chunk.body, chunk.entries);
  };

  return {
    push(entry) {
      queue.push(entry);
      trim();
      cancel();
      const now = env.now();
      oldestAt ??= now;
      const wait = Math.max(0, Math.min(TRACKER_LIMITS.idleSendMs, oldestAt + MAX_BATCH_DELAY_MS - now));
      idleTimer = env.setTimeout(() => {
        try {
          flush();
        } catch {
          // never throw from a timer into the page
        }
      }, wait);
    },
    flush,
    cancel,
    get size() {
      return queue.length;
    },
  };
}
