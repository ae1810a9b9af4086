/**
 * The state of one `<yx-message-centre>`: the messages of the current view (tab + app filter),
 * loaded page by page by cursor, the unread counts by app, and which rows have a call in flight.
 *
 * Not optimistic: a mark read, delete, mark-all or clear changes the screen only after the server
 * said yes, so a failure leaves everything as it was (issue 8) and nothing needs rolling back.
 * The buttons show their pending state meanwhile.
 *
 * The counts have two sources: the server's totals (stream, poll, count call) and the change a
 * write's answer implies. A total that arrives while a write is out may already include that
 * write, so its answer then asks the server again instead of subtracting once more (the count
 * dropped by 2 for one mark read). A message already gone from the server (deleted elsewhere) is
 * dropped from the list: deleting it is done, marking it read is moot.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import { MAX_PAGE_SIZE } from './api';
import { isGone } from './errors';
import type { Message, MessageTab, NotificationsApi, UnreadCounts } from './api';

/** Messages per page: the server's maximum, so scrolling through thousands takes few calls. */
export const PAGE_SIZE = MAX_PAGE_SIZE;

export type MoreStatus = 'idle' | 'loading' | 'error';
export type RowCall = 'read' | 'delete';
export type BulkCall = 'idle' | 'markAllRead' | 'clearRead';

export interface NotificationsState {
  /** The first page of the current view. */
  status: Status;
  error: HttpError | undefined;
  tab: MessageTab;
  /** The app filter; `null` is 'All Messages'. */
  app: string | null;
  messages: Message[];
  /** Cursor of the next page; `null` when everything is loaded. */
  nextToken: string | null;
  more: MoreStatus;
  moreError: HttpError | undefined;
  /** Unread counts; `known` stays false until the first answer. */
  counts: UnreadCounts & { known: boolean };
  /** Rows with a call in flight, by message id. */
  pending: Readonly<Record<string, RowCall>>;
  bulk: BulkCall;
}

/** The view the element opens with: its `tab` and `app` attributes. */
export type MessagesView = Pick<NotificationsState, 'tab' | 'app'>;

export function initialNotificationsState({ tab, app }: MessagesView = { tab: 'all', app: null }): NotificationsState {
  return {
    status: 'idle',
    error: undefined,
    tab,
    app,
    messages: [],
    nextToken: null,
    more: 'idle',
    moreError: undefined,
    counts: { known: false, total: 0, byApp: {} },
    pending: {},
    bulk: 'idle',
  };
}

export type NotificationsStore = Store<NotificationsState>;

export function createNotificationsStore(view?: MessagesView): NotificationsStore {
  return createStore(initialNotificationsState(view));
}

/** What a failed call returns to the component, which reports it; `null` on success. */
export type Outcome = Promise<HttpError | null>;
/** Mark read's outcome: also `'gone'` when the message no longer exists (its row was dropped). */
export type ReadOutcome = Promise<HttpError | 'gone' | null>;

export interface NotificationsActions {
  /** Loads the first page of the current view; stale answers are dropped. */
  load(): Promise<void>;
  /** Loads the next page by cursor, unless one is loading or there is none. */
  loadMore(): Promise<void>;
  setView(view: { tab?: MessageTab; app?: string | null }): Promise<void>;
  loadCounts(): Promise<void>;
  /** New totals from the stream or a poll. */
  setCounts(counts: UnreadCounts): void;
  /** A new message from the stream: shown at the top when it belongs to the view. */
  receive(message: Message): void;
  markRead(id: string): ReadOutcome;
  markAllRead(): Outcome;
  /** Deleting a message that is already gone succeeds: its row is dropped all the same. */
  remove(id: string): Outcome;
  clearRead(): Outcome;
  /** Forgets the messages and counts (the host changed); the view shown stays. */
  reset(): void;
}

const withCount = (counts: UnreadCounts, app: string, delta: number): UnreadCounts => {
  const current = counts.byApp[app] ?? 0;
  const next = Math.max(0, current + delta);
  return {
    total: Math.max(0, counts.total + (next - current)),
    byApp: { ...counts.byApp, [app]: next },
  };
};

/** The actions of one element. `api` is read on every call, so a new client (locale change)
 * applies without losing the state. */
export function createNotificationsActions(
  store: NotificationsStore,
  api: () => NotificationsApi,
): NotificationsActions {
  let listRun = 0;
  let countsRun = 0;
  /** Server totals applied so far (stream, poll or count call). */
  let snapshots = 0;
  /** Count calls out. */
  let countCalls = 0;

  const setPending = (id: string, call: RowCall | null) =>
    store.set((s) => {
      const pending = { ...s.pending };
      if (call) pending[id] = call;
      else delete pending[id];
      return { pending };
    });

  const load: NotificationsActions['load'] = async () => {
    const run = ++listRun;
    const { tab, app } = store.get();
    store.set({ status: 'loading', error: undefined, more: 'idle', moreError: undefined });
    const [error, page] = await api().list({ tab, app, pageSize: PAGE_SIZE });
    if (run !== listRun) return;
    if (error) {
      store.set({ status: 'error', error, messages: [], nextToken: null });
      return;
    }
    store.set({ status: 'ready', messages: page.messages, nextToken: page.nextToken });
  };

  const loadMore: NotificationsActions['loadMore'] = async () => {
    const { status, more, nextToken, tab, app } = store.get();
    if (status !== 'ready' || more === 'loading' || !nextToken) return;
    const run = listRun;
    store.set({ more: 'loading', moreError: undefined });
    const [error, page] = await api().list({ tab, app, pageSize: PAGE_SIZE, nextToken });
    if (run !== listRun) return;
    if (error) {
      store.set({ more: 'error', moreError: error });
      return;
    }
    store.set((s) => {
      // A message that arrived over the stream meanwhile may be on this page too.
      const seen = new Set(s.messages.map((m) => m.id));
      return {
        more: 'idle',
        messages: s.messages.concat(page.messages.filter((m) => !seen.has(m.id))),
        nextToken: page.nextToken,
      };
    });
  };

  const applyCounts = (counts: UnreadCounts) => {
    snapshots++;
    store.set({ counts: { ...counts, known: true } });
  };

  const loadCounts: NotificationsActions['loadCounts'] = async () => {
    const run = ++countsRun;
    countCalls++;
    const [error, counts] = await api().unreadCounts();
    countCalls--;
    // Counts are an extra: without them the tabs and filter simply show no numbers.
    if (run === countsRun && !error) applyCounts(counts);
  };

  /**
   * The counts after a write sent when `sent` totals had been applied: `change` of the current
   * ones when nothing could already include the write, else unchanged and asked for afresh (a
   * total from while the write was out, or a count call whose answer may predate it, is not
   * worth guessing about). `change` is null when the effect is not known (the message is gone).
   */
  const countsAfterWrite = (sent: number, change: ((counts: UnreadCounts) => UnreadCounts) | null) => {
    const { counts } = store.get();
    if (change && sent === snapshots && countCalls === 0 && counts.known) {
      return { counts: { ...change(counts), known: true } };
    }
    void loadCounts();
    return {};
  };

  /** Drops a row the server no longer has; the counts come from the server (it may have been
   * counted as unread here and not there). */
  const dropGone = (id: string) => {
    store.set((s) => ({ messages: s.messages.filter((m) => m.id !== id) }));
    void loadCounts();
  };

  return {
    load,
    loadMore,
    loadCounts,
    setCounts(counts) {
      // Newer than the answer of a count call still out: that answer is dropped.
      countsRun++;
      applyCounts(counts);
    },
    async setView(view) {
      const s = store.get();
      const tab = view.tab ?? s.tab;
      const app = view.app === undefined ? s.app : view.app;
      if (tab === s.tab && app === s.app && s.status !== 'idle') return;
      store.set({ tab, app, messages: [], nextToken: null });
      await load();
    },
    receive(message) {
      const s = store.get();
      if (s.status !== 'ready' || s.messages.some((m) => m.id === message.id)) return;
      if ((s.app && message.app !== s.app) || (s.tab === 'unread' && message.read)) return;
      store.set({ messages: [message, ...s.messages] });
    },
    async markRead(id) {
      setPending(id, 'read');
      const sent = snapshots;
      const [error] = await api().markRead(id);
      setPending(id, null);
      if (error) {
        if (!isGone(error)) return error;
        dropGone(id);
        return 'gone';
      }
      const message = store.get().messages.find((m) => m.id === id);
      // Read already: the server changed nothing. No longer listed: whose count fell is unknown.
      if (message?.read) return null;
      const counts = countsAfterWrite(sent, message ? (c) => withCount(c, message.app, -1) : null);
      store.set((s) => ({ messages: s.messages.map((m) => (m.id === id ? { ...m, read: true } : m)), ...counts }));
      return null;
    },
    async markAllRead() {
      const { app } = store.get();
      store.set({ bulk: 'markAllRead' });
      const sent = snapshots;
      const [error] = await api().markAllRead(app);
      store.set({ bulk: 'idle' });
      if (error) return error;
      // A message that arrived meanwhile may be unread still: zero only when nothing came.
      const counts = countsAfterWrite(sent, (c) => zeroed(c, app));
      store.set((s) => {
        // The Unread tab has nothing left to show; the All tab shows the same rows, read.
        if (s.tab === 'unread') return { messages: [], nextToken: null, ...counts };
        return {
          messages: s.messages.map((m) => (m.read || (app && m.app !== app) ? m : { ...m, read: true })),
          ...counts,
        };
      });
      return null;
    },
    async remove(id) {
      setPending(id, 'delete');
      const sent = snapshots;
      const [error] = await api().remove(id);
      setPending(id, null);
      if (error) {
        if (!isGone(error)) return error;
        dropGone(id);
        return null;
      }
      const message = store.get().messages.find((m) => m.id === id);
      const counts = message?.read ? {} : countsAfterWrite(sent, message ? (c) => withCount(c, message.app, -1) : null);
      store.set((s) => ({ messages: s.messages.filter((m) => m.id !== id), ...counts }));
      return null;
    },
    async clearRead() {
      const { app } = store.get();
      store.set({ bulk: 'clearRead' });
      const [error] = await api().clearRead(app);
      store.set({ bulk: 'idle' });
      if (error) return error;
      store.set((s) => ({ messages: s.messages.filter((m) => !m.read || (app !== null && m.app !== app)) }));
      return null;
    },
    reset() {
      listRun++;
      countsRun++;
      const { tab, app } = store.get();
      store.reset();
      store.set({ tab, app });
    },
  };
}

function zeroed(counts: UnreadCounts, app: string | null): UnreadCounts {
  // Apps stay listed (with 0) so the filter does not lose its entries.
  if (!app) return { total: 0, byApp: Object.fromEntries(Object.keys(counts.byApp).map((a) => [a, 0])) };
  return withCount(counts, app, -(counts.byApp[app] ?? 0));
}
