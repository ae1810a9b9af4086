/**
 * Everything the tracker takes from the browser, behind one interface, so tests drive time,
 * network state, visibility and performance entries themselves (see `testing.ts`).
 */

/** The part of a `PerformanceObserver` the tracker uses. */
export interface PerformanceObserverLike {
  observe(options: PerformanceObserverInit & { durationThreshold?: number }): void;
  disconnect(): void;
}

/** A `PerformanceObserver` constructor (the real one or a fake). */
export interface PerformanceObserverConstructor {
  new (callback: (list: { getEntries(): PerformanceEntry[] }) => void): PerformanceObserverLike;
  /** Entry types this browser can observe; types not listed are not observed. */
  readonly supportedEntryTypes?: readonly string[];
}

/** The part of the page's `document` the tracker uses. */
export interface TrackerDocument extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
  readonly readyState: DocumentReadyState;
}

/** The browser as the tracker sees it. Every member has a default from the real page. */
export interface TrackerEnvironment {
  /** Epoch milliseconds (entry `ts`). @default Date.now */
  now(): number;
  /** @default globalThis.setTimeout */
  setTimeout(callback: () => void, ms: number): unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout(handle: unknown): void;
  /** The fallback transport (and the only one where beacons are missing). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default navigator.sendBeacon, bound */
  sendBeacon?: (url: string, data: Blob) => boolean;
  /** @default () => navigator.onLine */
  isOnline(): boolean;
  /** Target of 'error', 'unhandledrejection', 'online', 'offline', 'pagehide' and 'load'. @default window */
  window: EventTarget;
  /** Target of 'visibilitychange'. @default document */
  document: TrackerDocument;
  /** The page URL put on every entry. @default () => location.href */
  pageUrl(): string;
  /** Random number in [0, 1) for sampling. @default Math.random */
  random(): number;
  /** @default globalThis.PerformanceObserver */
  PerformanceObserver?: PerformanceObserverConstructor;
  /** Buffered entries: 'navigation', 'resource', 'paint'. @default performance.getEntriesByType */
  getEntriesByType?(type: string): PerformanceEntry[];
}

/** The real browser, with `overrides` replacing single members. Works (as a no-op shell) outside
 * a browser, since the tracker module may be imported during server-side rendering. */
export function resolveEnvironment(overrides: Partial<TrackerEnvironment> = {}): TrackerEnvironment {
  const g = globalThis as typeof globalThis & Partial<Window>;
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const perf = typeof performance !== 'undefined' ? performance : undefined;
  const base: TrackerEnvironment = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => g.setTimeout(callback, ms),
    clearTimeout: (handle) => g.clearTimeout(handle as ReturnType<typeof setTimeout>),
    fetch: typeof g.fetch === 'function' ? g.fetch.bind(g) : undefined,
    sendBeacon: nav && typeof nav.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined,
    isOnline: () => nav?.onLine !== false,
    window: typeof window !== 'undefined' ? window : new EventTarget(),
    document:
      typeof document !== 'undefined'
        ? document
        : Object.assign(new EventTarget(), { visibilityState: 'visible' as const, readyState: 'complete' as const }),
    pageUrl: () => (typeof location !== 'undefined' ? location.href : ''),
    random: () => Math.random(),
    PerformanceObserver: typeof PerformanceObserver !== 'undefined' ? PerformanceObserver : undefined,
    getEntriesByType: perf ? (type) => perf.getEntriesByType(type) : undefined,
  };
  return { ...base, ...overrides };
}
