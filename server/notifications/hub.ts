/**
 * One poller per server process and database that turns `message_events` rows into callbacks
 * for the open streams of this process.
 *
 * Why polling, on PGlite and PostgreSQL alike: the table is the source of truth for replay
 * (`Last-Event-ID`) anyway, so one indexed query a second (`id > cursor`) is all a process needs
 * to see what any process wrote — no LISTEN connection to keep alive and re-establish, and the
 * same code path is tested on both databases. Writes in this process also wake the poller at
 * once (`wakeStreams`), so local changes arrive without the 1 s wait. Event ids follow commit
 * order (repos/notifications.ts `appendEvent`), which is what makes a single cursor safe.
 *
 * The poller runs only while some stream listens: no timer exists otherwise.
 *
 * Streams also end with their session (stream.ts checks it before each delivery and heartbeat);
 * `sessionsEnded` lets code that ends sessions make this process's streams check at once.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import * as repo from '../repos/notifications';
import type { EventRecord } from '../repos/notifications';

/** How often the log is read while streams are open. */
export const POLL_INTERVAL_MS = 1000;
/** Events are kept this long for reconnecting clients; older ones are deleted. */
export const EVENT_RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const BATCH = 1000;

/** A hub refusing new streams because the server is shutting down. */
export class HubClosedError extends Error {
  override name = 'HubClosedError';
}

interface Subscriber {
  userId: string;
  listener: (events: EventRecord[]) => void;
  onClose: () => void;
  /** Some of the user's sessions have ended: check whether this stream's still stands. */
  recheck: () => void;
}

/** The streams of one process and their shared poller. */
export class MessageHub {
  readonly #deps: Pick<AppDeps, 'db' | 'clock' | 'log'>;
  readonly #subs = new Set<Subscriber>();
  /** Highest event id handed out; null while nobody listens (it is read afresh on the next start). */
  #cursor: number | null = null;
  #starting: Promise<void> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: Promise<void> | null = null;
  #again = false;
  #closed = false;
  #lastPrune = 0;

  constructor(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>) {
    this.#deps = deps;
  }

  /** For tests: open subscriptions and whether a poll is scheduled or running. */
  get stats(): { listeners: number; polling: boolean; closed: boolean } {
    return { listeners: this.#subs.size, polling: Boolean(this.#timer || this.#inFlight), closed: this.#closed };
  }

  /**
   * Listens for `userId`'s events. Every event committed after this resolves is delivered (some
   * earlier ones may be too: callers skip ids they already have). `onClose` runs when the hub
   * shuts down; `recheck` when {@link sessionsEnded} names `userId`. Resolves to the unsubscribe
   * function; rejects with {@link HubClosedError}.
   */
  async subscribe(
    userId: string,
    listener: (events: EventRecord[]) => void,
    onClose: () => void,
    recheck: () => void = () => {},
  ): Promise<() => void> {
    while (this.#cursor === null) {
      if (this.#closed) throw new HubClosedError();
      await (this.#starting ??= this.#start());
    }
    if (this.#closed) throw new HubClosedError();
    const sub = { userId, listener, onClose, recheck };
    this.#subs.add(sub);
    this.#arm();
    return () => {
      if (!this.#subs.delete(sub) || this.#subs.size > 0) return;
      // Nobody listens: stop, and start from the then-current end next time rather than
      // reading the backlog of an idle period.
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#cursor = null;
    };
  }

  /** Polls now (a write of this process may have added events). */
  wake(): void {
    if (this.#subs.size > 0 && !this.#closed) this.#run();
  }

  /** Asks `userId`'s streams to check their session now. */
  sessionsEnded(userId: string): void {
    for (const sub of [...this.#subs]) {
      if (sub.userId !== userId) continue;
      try {
        sub.recheck();
      } catch (error) {
        this.#deps.log.warn('message stream session check failed', { error });
      }
    }
  }

  /** Ends every stream of this hub and stops polling. Safe to call twice. */
  async close(): Promise<void> {
    this.#closed = true;
    live.delete(this);
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const subs = [...this.#subs];
    this.#subs.clear();
    this.#cursor = null;
    for (const sub of subs) sub.onClose();
    // A poll still running must finish before the caller closes the database under it.
    await this.#inFlight;
  }

  async #start(): Promise<void> {
    try {
      const cursor = await repo.lastEventId(this.#deps.db);
      if (!this.#closed) this.#cursor ??= cursor;
    } finally {
      this.#starting = null;
    }
  }

  #arm(): void {
    if (this.#closed || this.#subs.size === 0 || this.#timer || this.#inFlight) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#run();
    }, POLL_INTERVAL_MS);
  }

  /** One poll at a time; a wake during a poll makes another follow it. */
  #run(): void {
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#inFlight = this.#poll()
      .catch((error: unknown) => this.#deps.log.warn('message events poll failed', { error }))
      .finally(() => {
        this.#inFlight = null;
        if (this.#again && !this.#closed && this.#subs.size > 0) {
          this.#again = false;
          this.#run();
        } else {
          this.#again = false;
          this.#arm();
        }
      });
  }

  async #poll(): Promise<void> {
    const from = this.#cursor;
    if (from === null || this.#closed) return;
    const events = await repo.eventsAfter(this.#deps.db, from, BATCH);
    // Everyone left (or the server stopped) while the query ran: nobody to tell.
    if (this.#cursor === null || this.#closed) return;
    if (events.length > 0) {
      this.#cursor = Math.max(this.#cursor, events[events.length - 1]!.id);
      this.#dispatch(events);
    }
    if (events.length === BATCH) this.#again = true;
    if (performance.now() - this.#lastPrune > PRUNE_EVERY_MS) {
      this.#lastPrune = performance.now();
      await repo.pruneEvents(this.#deps.db, new Date(this.#deps.clock.now().getTime() - EVENT_RETENTION_MS));
    }
  }

  #dispatch(events: EventRecord[]): void {
    for (const sub of [...this.#subs]) {
      const mine = events.filter((e) => e.userId === sub.userId);
      if (mine.length === 0) continue;
      try {
        sub.listener(mine);
      } catch (error) {
        this.#deps.log.warn('message stream listener failed', { error });
      }
    }
  }
}

const hubs = new WeakMap<Kysely<Database>, MessageHub>();
const live = new Set<MessageHub>();

/** The hub of this process for `deps.db`, made on first use. */
export function messageHub(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>): MessageHub {
  let hub = hubs.get(deps.db);
  if (!hub) {
    hub = new MessageHub(deps);
    hubs.set(deps.db, hub);
    live.add(hub);
  }
  return hub;
}

/** Wakes every hub of this process: something was just written to `message_events`. */
export function wakeStreams(): void {
  for (const hub of live) hub.wake();
}

/**
 * Makes this process's streams of `userId` check their session at once: call it after ending
 * sessions (sign-out, a password change signing the others out), so those streams close now
 * rather than at their next heartbeat. Streams on other server processes notice at their next
 * heartbeat or event; no call is needed for them to end.
 */
export function sessionsEnded(userId: string): void {
  for (const hub of live) hub.sessionsEnded(userId);
}

/** Closes the hub of `db`, if one was made (server shutdown: ends the open streams). */
export async function closeMessageHub(db: Kysely<Database>): Promise<void> {
  await hubs.get(db)?.close();
}
