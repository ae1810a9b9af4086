/**
 * Performance reports straight from the browser's Performance APIs (navigation timing, long
 * tasks, event timing, resource timing): no library, so the tracker stays a few kilobytes.
 */
import type { PerformanceObserverConstructor, PerformanceObserverLike, TrackerEnvironment } from './env';
import { TRACKER_LIMITS } from './limits';
import { scrubUrl } from './scrub';
import type { ResourceTiming, TrackerEntryDraft } from './types';

/** Milliseconds rounded to 0.1, never negative or NaN (the wire format promises numbers ≥ 0). */
const ms = (value: unknown): number => {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return Math.max(0, Math.round(n * 10) / 10);
};

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The entry's resource timing, URL scrubbed and cut. */
export function toResourceTiming(entry: PerformanceEntry): ResourceTiming {
  const r = entry as Partial<PerformanceResourceTiming>;
  return {
    name: scrubUrl(String(entry.name ?? ''), TRACKER_LIMITS.maxUrlLength),
    initiatorType: String(r.initiatorType ?? ''),
    startTime: ms(entry.startTime),
    duration: ms(entry.duration),
    transferSize: num(r.transferSize),
  };
}

/** The page-load report, or `undefined` when the load has not finished or its time is out of
 * bounds (negative, or above 20 000 ms: a background tab or a machine waking from sleep). */
export function pageLoadReport(
  nav: PerformanceEntry | undefined,
  paint: PerformanceEntry[] = [],
): Extract<TrackerEntryDraft, { kind: 'performance' }> | undefined {
  if (!nav) return undefined;
  const n = nav as Partial<PerformanceNavigationTiming>;
  const loadEventEnd = n.loadEventEnd;
  if (typeof loadEventEnd !== 'number' || !Number.isFinite(loadEventEnd) || loadEventEnd === 0) return undefined;
  const loadTime = loadEventEnd - num(nav.startTime);
  if (loadTime < 0 || loadTime > TRACKER_LIMITS.maxPageLoadMs) return undefined;
  const fcp = paint.find((p) => p.name === 'first-contentful-paint');
  return {
    kind: 'performance',
    navigationType: String(n.type ?? 'navigate'),
    loadTime: ms(loadTime),
    dns: ms(num(n.domainLookupEnd) - num(n.domainLookupStart)),
    tcp: ms(num(n.connectEnd) - num(n.connectStart)),
    ttfb: ms(n.responseStart),
    download: ms(num(n.responseEnd) - num(n.responseStart)),
    domInteractive: ms(n.domInteractive),
    domContentLoaded: ms(n.domContentLoadedEventEnd),
    ...(fcp ? { fcp: ms(fcp.startTime) } : {}),
    transferSize: num(n.transferSize),
  };
}

/** Whether a resource is reported on its own: slow (≥ 300 ms) or big (≥ 300 000 bytes). */
export function isSlowResource(entry: PerformanceEntry): boolean {
  const size = num((entry as Partial<PerformanceResourceTiming>).transferSize);
  return num(entry.duration) >= TRACKER_LIMITS.slowResourceMs || size >= TRACKER_LIMITS.slowResourceBytes;
}

/** A short description of an event target: tag name and id. */
function describeTarget(target: unknown): string | undefined {
  if (!target || typeof target !== 'object' || !('tagName' in target)) return undefined;
  const el = target as Element;
  return (el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '')).slice(0, 200);
}

/** Turns one observed entry into a draft, or `undefined` when it is under its threshold. */
export function observedEntry(entry: PerformanceEntry, endpoint: string): TrackerEntryDraft | undefined {
  switch (entry.entryType) {
    case 'longtask': {
      if (num(entry.duration) < TRACKER_LIMITS.longTaskMs) return undefined;
      const culprit = (entry as PerformanceEntry & { attribution?: ArrayLike<Record<string, unknown>> })
        .attribution?.[0];
      return {
        kind: 'long-task',
        name: String(entry.name),
        startTime: ms(entry.startTime),
        duration: ms(entry.duration),
        ...(culprit?.containerType ? { containerType: String(culprit.containerType) } : {}),
        ...(culprit?.containerSrc
          ? { containerSrc: scrubUrl(String(culprit.containerSrc), TRACKER_LIMITS.maxUrlLength) }
          : {}),
      };
    }
    case 'event': {
      if (num(entry.duration) < TRACKER_LIMITS.eventTimingMs) return undefined;
      const e = entry as Partial<PerformanceEventTiming> & { interactionId?: number };
      const target = describeTarget(e.target);
      return {
        kind: 'event-timing',
        name: String(entry.name),
        startTime: ms(entry.startTime),
        duration: ms(entry.duration),
        processingStart: ms(e.processingStart),
        processingEnd: ms(e.processingEnd),
        interactionId: num(e.interactionId),
        ...(target ? { target } : {}),
      };
    }
    case 'resource': {
      // the tracker's own beacons are resources too; reporting them would feed on itself
      if (!isSlowResource(entry) || String(entry.name).startsWith(endpoint)) return undefined;
      const r = entry as Partial<PerformanceResourceTiming>;
      return {
        kind: 'slow-resource',
        ...toResourceTiming(entry),
        encodedBodySize: num(r.encodedBodySize),
        decodedBodySize: num(r.decodedBodySize),
      };
    }
    default:
      return undefined;
  }
}

interface Watch {
  env: TrackerEnvironment;
  /** Absolute collector URL, to leave the tracker's own requests out. */
  endpoint: string;
  emit(draft: TrackerEntryDraft): void;
}

function observe(
  Observer: PerformanceObserverConstructor,
  type: string,
  watch: Watch,
): PerformanceObserverLike | undefined {
  if (Observer.supportedEntryTypes && !Observer.supportedEntryTypes.includes(type)) return undefined;
  try {
    const observer = new Observer((list) => {
      for (const entry of list.getEntries()) {
        const draft = observedEntry(entry, watch.endpoint);
        if (draft) watch.emit(draft);
      }
    });
    // the default event threshold is 104 ms, so ask for 100 (entries are still filtered above:
    // a fake or an older browser may deliver shorter ones)
    observer.observe({
      type,
      buffered: true,
      ...(type === 'event' ? { durationThreshold: TRACKER_LIMITS.eventTimingMs } : {}),
    });
    return observer;
  } catch {
    return undefined;
  }
}

/** Starts the long-task, event-timing and slow-resource observers; returns the stop function. */
export function watchPerformance(watch: Watch): () => void {
  const Observer = watch.env.PerformanceObserver;
  if (!Observer) return () => {};
  const observers = ['longtask', 'event', 'resource']
    .map((type) => observe(Observer, type, watch))
    .filter((o): o is PerformanceObserverLike => Boolean(o));
  return () => {
    for (const observer of observers) {
      try {
        observer.disconnect();
      } catch {
        // already gone
      }
    }
  };
}

/** Sends the page-load report once the page is complete (100 ms after load, so `loadEventEnd`
 * is set), and for 1 % of loads slower than 8 000 ms the first 200 resource timings. Returns
 * the stop function (cancels a report not yet sent). */
export function watchPageLoad(watch: Watch, onReported: () => void): () => void {
  const { env } = watch;
  let timer: unknown;
  const report = () => {
    timer = undefined;
    const byType = (type: string) => {
      try {
        return env.getEntriesByType?.(type) ?? [];
      } catch {
        return [];
      }
    };
    const draft = pageLoadReport(byType('navigation')[0], byType('paint'));
    onReported();
    if (!draft) return;
    watch.emit(draft);
    if (draft.loadTime <= TRACKER_LIMITS.resourceSampleMinLoadMs) return;
    if (!(env.random() < TRACKER_LIMITS.resourceSampleRate)) return;
    const resources = byType('resource')
      .filter((entry) => !String(entry.name).startsWith(watch.endpoint))
      .slice(0, TRACKER_LIMITS.resourceBatchSize)
      .map(toResourceTiming);
    watch.emit({ kind: 'resource-batch', loadTime: draft.loadTime, resources });
  };
  const wait = () => {
    timer = env.setTimeout(report, TRACKER_LIMITS.pageCompleteWaitMs);
  };
  const onLoad = () => {
    env.window.removeEventListener('load', onLoad);
    wait();
  };
  if (env.document.readyState === 'complete') wait();
  else env.window.addEventListener('load', onLoad);
  return () => {
    env.window.removeEventListener('load', onLoad);
    if (timer !== undefined) env.clearTimeout(timer);
  };
}
