/** Data and fakes for the <yx-message-centre> and <yx-unread-badge> tests: a message builder, the
 * paths of §7, pages by cursor, and a fake EventSource (the fake API cannot stream). */
import { sendMouse } from '@web/test-runner-commands';
import type { MockRoute } from '../fixtures/harness';
import { settle } from '../fixtures/harness';

const INBOX = '/users/ajax/v1/notifications/inbox/messages';
export const LIST = `${INBOX}:list`;
export const READ_ONE = `${INBOX}/:id/read`;
export const READ = `${INBOX}/read`;
export const DELETE_ONE = `${INBOX}/:id`;
export const BATCH_DELETE = `${INBOX}:batchDelete`;
export const COUNT = `${INBOX}/unread:countGroupByApp`;
export const STREAM = `${INBOX}/stream`;

const MINUTE = 60 * 1000;
export const minutesAgo = (n: number) => new Date(Date.now() - n * MINUTE).toISOString();

export interface MessageRow {
  id: string;
  app: string;
  title: string;
  content: string;
  read: boolean;
  type: string | null;
  sensitive: boolean;
  created_at: string;
}

export function message(id: string, overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id,
    app: 'codeup',
    title: `Message ${id}`,
    content: `<p>Content of message ${id}</p>`,
    read: false,
    type: 'notice',
    sensitive: false,
    created_at: minutesAgo(5),
    ...overrides,
  };
}

export const page = (messages: MessageRow[], nextToken: string | null = null) => ({
  messages,
  next_token: nextToken,
});

export const counts = (byApp: Record<string, number>) => Object.entries(byApp).map(([app, count]) => ({ app, count }));

/** Routes answering `total` messages in pages of `size` by cursor: the fake API cannot read the
 * body, so each page is a one-time route, defined last-page-first (the newest matching route wins). */
export function pagedRoutes(total: number, size = 100): MockRoute[] {
  const pages: MockRoute[] = [];
  for (let start = 0, n = 0; start < total; start += size, n++) {
    const messages = Array.from({ length: Math.min(size, total - start) }, (_, i) =>
      message(`m${start + i}`, {
        title: `Message ${start + i}`,
        content: start + i === 3 ? '<p>Line one</p><p>Line two</p><p>Line three</p>' : `<p>Body ${start + i}</p>`,
        read: (start + i) % 3 === 0,
        created_at: minutesAgo(start + i),
      }),
    );
    pages.push({
      method: 'POST',
      path: LIST,
      body: page(messages, start + size < total ? `cursor-${n + 1}` : null),
      times: 1,
    });
  }
  return pages.reverse();
}

/** A stand-in for EventSource: tests open, fail and push events by hand. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
  readonly url: string;
  readonly withCredentials: boolean;
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = Boolean(init?.withCredentials);
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = 2;
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** Sends one server event; `data` is JSON-encoded unless it is already a string. */
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** A dropped connection: `permanent` is what EventSource reports when it gives up (CLOSED). */
  fail(permanent: boolean) {
    this.readyState = permanent ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

/** Puts the fake in place of window.EventSource; returns the function that restores it. */
export function useFakeEventSource(): () => void {
  const original = window.EventSource;
  FakeEventSource.instances = [];
  (window as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  return () => {
    window.EventSource = original;
  };
}

/** The runner opens two test pages at once; the background one is `hidden`, where Chromium runs
 * no animation frames. While hidden, frames fall back to timers (restore with the result). */
export function framesInBackground(): () => void {
  const native = { request: window.requestAnimationFrame, cancel: window.cancelAnimationFrame };
  const timers = new Set<number>();
  window.requestAnimationFrame = (callback) => {
    if (!document.hidden) return native.request.call(window, callback);
    const id = window.setTimeout(() => callback(performance.now()), 16);
    timers.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => (timers.delete(id) ? window.clearTimeout(id) : native.cancel.call(window, id));
  return () => {
    window.requestAnimationFrame = native.request;
    window.cancelAnimationFrame = native.cancel;
  };
}

/** A real mouse click in the middle of an element (Radix tabs ignore element.click()). */
export async function click(element: Element) {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
  await settle();
}

/** Scrolls the list and tells the virtualizer (scroll events wait for a rendering step, which a
 * background test page does not get). */
export async function scrollList(list: HTMLElement, top: number) {
  list.scrollTop = top;
  list.dispatchEvent(new Event('scroll'));
  await settle();
}

/**
 * The page every message-centre test runs in, as mocha hooks for the enclosing `describe`: a fake
 * EventSource and animation frames that run in a background tab, both restored afterwards, and an
 * empty body after each test.
 */
export function useCentreTestPage(): void {
  let restoreEventSource: () => void;
  let restoreFrames: () => void;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
    restoreFrames = framesInBackground();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreEventSource();
    restoreFrames();
  });
}
