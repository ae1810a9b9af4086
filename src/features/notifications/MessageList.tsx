/**
 * The virtualised message list (issue 8): an ARIA feed in a scroll container inside the shadow
 * root. Only the rows in view plus a small overscan are in the DOM; rows have variable heights
 * (an opened message is taller), measured by react-virtual's `measureElement`. Reaching the end
 * loads the next page by cursor.
 *
 * Positioning under a strict CSP: react-virtual's `directDomUpdates` writes each row's
 * `transform` and the spacer's `height` through the CSSOM (`element.style.transform = …`), which
 * `style-src 'self'` allows; only style attributes in markup and <style> elements are blocked.
 * It also spares React a render per scroll event: the list renders again only when the range of
 * rows changes.
 *
 * Keyboard (roving focus, the ARIA feed pattern): exactly one row is in the Tab order. Up / Down
 * (and Page Up / Page Down from anywhere in a row) move to the previous / next message, Home /
 * End to the first / last loaded one, Enter or Space opens it; Tab moves into the row's title,
 * its links when open, Mark read and Delete, then out of the list. So a keyboard user does not
 * tab through thousands of buttons, and the focused row is always kept rendered, even when it is
 * scrolled out of view, so focus is never lost to the page.
 *
 * Delete asks first (the deletion is permanent, §4): the confirmation's code loads when the page
 * is idle once the list is shown, or when first opened. After a delete, focus moves to the row
 * that takes the deleted one's place; Cancel or Escape returns it to the row's Delete button.
 *
 * Loaded on demand (MessageCentre starts loading it together with the first page of messages),
 * with react-virtual and the list's styles; the sanitiser comes later still (content.ts).
 */
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { defaultRangeExtractor, measureElement, useVirtualizer } from '@tanstack/react-virtual';
import type { Range, Virtualizer } from '@tanstack/react-virtual';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useStyles } from '../../ui/css/use-styles';
import { lazyView } from '../../ui/lazy';
import type { Message } from './api';
import type { MoreStatus, RowCall } from './store';
import { MessageRow } from './MessageRow';
import { hasMarkup, loadSanitizer, loadedSanitizer } from './content';
import { messageListCss } from './list.css';
import { whenIdle } from './idle';

/** A first guess of a closed row's height; real heights are measured. */
const ESTIMATED_ROW_PX = 84;
/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 4;
/** The most rows ever in the DOM (issue 8: ≤ 100). */
const MAX_RENDERED = 80;
/** Start loading the next page this many rows (about five screens) before the end, so a
 * quickly scrolling reader rarely meets the 'Loading more' footer (bench/messages.ts). */
const LOAD_AHEAD = 30;

export interface MessageListProps {
  messages: readonly Message[];
  hasMore: boolean;
  more: MoreStatus;
  pending: Readonly<Record<string, RowCall>>;
  onLoadMore(): void;
  /** Marks a message read; resolves true on success, `'gone'` when its row was dropped instead
   * (deleted elsewhere). */
  onMarkRead(message: Message): Promise<boolean | 'gone'>;
  /** Deletes a message, once the user has confirmed; resolves true on success. */
  onDelete(message: Message): Promise<boolean>;
  /** The level of each message's heading (one below the message centre's title). @default 3 */
  level?: number;
}

const estimateSize = () => ESTIMATED_ROW_PX;

const DeleteMessageConfirm = lazyView(() => import('./DeleteMessageConfirm').then((m) => m.DeleteMessageConfirm));

/** The current time, moved on every minute so relative times stay true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Loads the sanitiser when the page is idle, if a loaded message will need it when opened: so
 * opening one does not wait, and a list of plain words never downloads DOMPurify. */
function usePreparedSanitizer(messages: readonly Message[]): void {
  const markup = useMemo(() => messages.some((m) => hasMarkup(m.content)), [messages]);
  const needed = markup && !loadedSanitizer();
  useEffect(() => {
    if (needed) return whenIdle(() => void loadSanitizer().catch(() => {}));
  }, [needed]);
}

export function MessageList({
  messages,
  hasMore,
  more,
  pending,
  onLoadMore,
  onMarkRead,
  onDelete,
  level = 3,
}: MessageListProps) {
  const { t, locale, root } = useElement();
  useStyles(messageListCss);
  usePreparedSanitizer(messages);
  // A failed fetch is tried again when the confirmation is opened.
  useEffect(() => whenIdle(() => void DeleteMessageConfirm.preload().catch(() => {})), []);
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [activeId, setActiveId] = useState<string | null>(null);
  // The message whose deletion is being confirmed (kept while the dialog closes).
  const [deleting, setDeleting] = useState<{ key: number; open: boolean; message: Message } | null>(null);
  const focusNext = useRef<string | null>(null);
  // Asks for a render so the layout effect below can move focus (the active row may not change).
  const [, requestFocusPass] = useReducer((n: number) => n + 1, 0);
  const hintId = useId();

  const indexOf = useMemo(() => new Map(messages.map((m, i) => [m.id, i])), [messages]);
  const active = Math.min(activeId !== null ? (indexOf.get(activeId) ?? 0) : 0, Math.max(0, messages.length - 1));
  const activeIndex = useRef(active);
  activeIndex.current = active;

  // react-virtual reads a row's height once and then only from its ResizeObserver; a row that
  // has just changed (opened, closed, read) is measured again before paint (see MessageRow).
  const remeasuring = useRef(false);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    // Stable per list: a new function would make react-virtual recompute every row's offset.
    getItemKey: useCallback((index: number) => messages[index]?.id ?? index, [messages]),
    overscan: OVERSCAN,
    // Render the first rows in the very first pass, before the container has been measured.
    initialRect: { width: 0, height: ESTIMATED_ROW_PX * 8 },
    measureElement: useCallback(
      (
        row: HTMLDivElement,
        entry: ResizeObserverEntry | undefined,
        instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
      ) => (remeasuring.current ? row.offsetHeight : measureElement(row, entry, instance)),
      [],
    ),
    directDomUpdates: true,
    // The rows a scroll brings into view render in a task of their own, after the frame, not
    // synchronously inside the scroll event (react-virtual's default): the scroll event runs in
    // the frame's task, so rendering there put the new rows and the frame's style, layout and
    // paint in one task, which came near 50 ms on a 2-core machine (issue 12: no long task while
    // scrolling). The longest task of a scroll through 10,000 messages went from 28–45 ms to
    // 17–23 ms of CPU.
    useFlushSync: false,
    // Its ResizeObservers act in the next frame: acting inside the observer's callback moves the
    // rows and resizes the list (a short one grows with its rows) during the observation, which
    // Chromium reports to the page as a "ResizeObserver loop" error. The rows' own size changes
    // are measured before paint anyway (MessageRow).
    useAnimationFrameWithResizeObserver: true,
    // The row with roving focus stays rendered wherever it is, so focus is never dropped.
    rangeExtractor: useCallback((range: Range) => {
      // Never more than MAX_RENDERED rows, even if the container is not height-limited (its
      // stylesheet not applied yet, or a host setting the height to none).
      const indexes = defaultRangeExtractor({
        ...range,
        endIndex: Math.min(range.endIndex, range.startIndex + MAX_RENDERED - 2 * OVERSCAN - 2),
      });
      const keep = activeIndex.current;
      if (keep < range.count && !indexes.includes(keep)) {
        indexes.push(keep);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    }, []),
  });
  const measure = useCallback(
    (row: HTMLDivElement | null, again = false) => {
      remeasuring.current = again;
      try {
        virtualizer.measureElement(row);
      } finally {
        remeasuring.current = false;
      }
    },
    [virtualizer],
  );
  const items = virtualizer.getVirtualItems();
  const lastInView = virtualizer.range?.endIndex ?? -1;

  // Infinite loading by cursor.
  useEffect(() => {
    if (hasMore && more === 'idle' && lastInView >= messages.length - 1 - LOAD_AHEAD) onLoadMore();
  }, [hasMore, more, lastInView, messages.length, onLoadMore]);

  // A move asked for by the keyboard (or after a delete) lands once the row is rendered, and,
  // after a delete, once its confirmation has gone: while it is there it holds on to focus.
  useLayoutEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    if (root.querySelector('[part~="confirm"]')) {
      const later = setTimeout(requestFocusPass);
      return () => clearTimeout(later);
    }
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`);
    if (row) {
      focusNext.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const target = messages[Math.max(0, Math.min(index, messages.length - 1))];
    if (!target) return;
    focusNext.current = target.id;
    setActiveId(target.id);
    virtualizer.scrollToIndex(indexOf.get(target.id) ?? 0, { align: 'auto' });
  };

  // Callbacks read the latest list and open set through refs, so they keep one identity and the
  // memoised rows do not render again when a page loads or another row opens.
  const latest = useRef({ messages, indexOf, expanded });
  latest.current = { messages, indexOf, expanded };

  // Messages waiting for the sanitiser to open; toggling one again before it is there cancels.
  const opening = useRef(new Set<string>());
  const toggle = useCallback(
    (message: Message) => {
      const id = message.id;
      setActiveId(id);
      const show = (shown: boolean) =>
        setExpanded((expanded) => {
          const next = new Set(expanded);
          if (shown) next.add(id);
          else next.delete(id);
          return next;
        });
      const open = () => {
        show(true);
        // Opening an unread message marks it read; a failure is reported and the dot stays. (As
        // it is now: it may have been read elsewhere while the sanitiser loaded.)
        const { messages: now, indexOf: at } = latest.current;
        const current = now[at.get(id) ?? -1] ?? message;
        if (!current.read) void onMarkRead(current);
      };
      if (latest.current.expanded.has(id) || opening.current.delete(id)) {
        show(false);
      } else if (hasMarkup(message.content) && !loadedSanitizer()) {
        // Opens once its HTML can be shown, so it does not jump from plain words to formatted
        // text; if the sanitiser cannot load, it opens with the words (MessageRow).
        opening.current.add(id);
        const done = () => {
          if (opening.current.delete(id)) open();
        };
        loadSanitizer().then(done, done);
      } else {
        open();
      }
    },
    [onMarkRead],
  );

  /** Moves focus to the row that takes a removed one's place (or the one before it), given the
   * list as it was before the removal. */
  const focusPast = useCallback(
    (before: { messages: readonly Message[]; indexOf: Map<string, number> }, id: string) => {
      const index = before.indexOf.get(id) ?? 0;
      const next = before.messages[index + 1] ?? before.messages[index - 1];
      if (next) {
        focusNext.current = next.id;
        setActiveId(next.id);
        requestFocusPass();
      }
    },
    [requestFocusPass],
  );

  const markRead = useCallback(
    async (message: Message) => {
      const before = latest.current;
      const done = await onMarkRead(message);
      if (done === 'gone') {
        focusPast(before, message.id);
        return;
      }
      // The focused Mark read button is gone with success: keep the keyboard user on the row.
      const root = scrollRef.current?.getRootNode() as ShadowRoot | Document | undefined;
      if (done && root && !root.activeElement) {
        focusNext.current = message.id;
        setActiveId(message.id);
        requestFocusPass();
      }
    },
    [onMarkRead, focusPast, requestFocusPass],
  );

  const remove = useCallback(
    (message: Message) => setDeleting((d) => ({ key: (d?.key ?? 0) + 1, open: true, message })),
    [],
  );
  const confirmRemove = async (message: Message) => {
    const before = latest.current;
    const done = await onDelete(message);
    if (done) focusPast(before, message.id);
    return done;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const row = (event.target as Element).closest<HTMLElement>('[role="article"]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const onRow = event.target === row;
    const message = messages[index];
    if (event.key === 'PageDown') moveTo(index + 1);
    else if (event.key === 'PageUp') moveTo(index - 1);
    else if (!onRow) return;
    else if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(messages.length - 1);
    else if ((event.key === 'Enter' || event.key === ' ') && message) toggle(message);
    else return;
    event.preventDefault();
  };

  // Tabbing or clicking into a row makes it the roving one.
  const onFocus = (event: { target: EventTarget }) => {
    const row = (event.target as Element).closest?.<HTMLElement>('[role="article"]');
    const id = row?.dataset.id;
    if (id !== undefined && id !== activeId) setActiveId(id);
  };

  let footer: ReactNode = null;
  if (more === 'loading') footer = <Spinner size="sm" showLabel label={t('notifications.list.loadingMore')} />;
  else if (more === 'error') {
    footer = (
      <div role="alert" className="yx-msgs-more__error">
        <span>{t('notifications.list.moreFailed')}</span>
        <Button size="sm" part="button retry-button" onClick={onLoadMore}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!hasMore && messages.length > 0) footer = <span>{t('notifications.list.end')}</span>;

  return (
    <div ref={scrollRef} part="message-list" className="yx-msgs-scroll" data-count={messages.length}>
      <p id={hintId} className="yx-visually-hidden">
        {t('notifications.list.keyboardHint')}
      </p>
      {/* Key and focus handling for every row at once (delegation): the rows are the
          interactive elements; the feed only routes arrow keys between them. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={virtualizer.containerRef}
        role="feed"
        className="yx-msgs-feed"
        aria-label={t('notifications.list.label')}
        aria-describedby={hintId}
        aria-busy={more === 'loading'}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {items.map((item) => {
          const message = messages[item.index];
          if (!message) return null;
          return (
            <MessageRow
              key={item.key}
              message={message}
              index={item.index}
              setSize={hasMore ? -1 : messages.length}
              expanded={expanded.has(message.id)}
              pending={pending[message.id]}
              tabbable={item.index === active}
              level={level}
              now={now}
              locale={locale}
              t={t}
              measure={measure}
              onToggle={toggle}
              onMarkRead={markRead}
              onDelete={remove}
            />
          );
        })}
      </div>
      <div part="list-footer" className="yx-msgs-more">
        {footer}
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteMessageConfirm
            key={deleting.key}
            open={deleting.open}
            message={deleting.message}
            onClose={() => setDeleting((d) => d && { ...d, open: false })}
            onConfirm={confirmRemove}
          />
        </Suspense>
      )}
    </div>
  );
}
