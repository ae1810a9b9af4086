/**
 * Views loaded on demand, for the screens an element reaches only later (a wizard's next steps).
 * Like React.lazy, plus `preload()`: a view preloaded before it is first shown renders at once,
 * with no Suspense fallback in between, so the element can fetch its next screens right after
 * its first one is up without putting them in its first download.
 */
import { createElement, use } from 'react';
import type { ComponentType, ReactNode } from 'react';

export interface LazyView<P> {
  (props: P): ReactNode;
  /** Starts loading (once); resolves when the view can render without suspending. */
  preload(): Promise<void>;
}

/** A view whose code `load` fetches on first use or on `preload()`. Render it inside Suspense.
 * A failed load is tried again on the next render or preload.
 * @example const ResetStep = lazyView(() => import('./ResetStep').then((m) => m.ResetStep));
 * useEffect(() => void ResetStep.preload().catch(() => {}), []); */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let view: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= readable(
      load().then(
        (loaded) => {
          view = loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      ),
    ));
  function LazyView(props: P): ReactNode {
    // Called on every render (React requires it once it has suspended here); a preloaded view's
    // promise is already marked fulfilled, so it does not suspend.
    use(preload());
    return createElement(view!, props);
  }
  return Object.assign(LazyView, { preload });
}

/** Marks the promise with its outcome as it settles, the way React's `use` reads a thenable, so
 * `use` on a promise that has settled returns at once instead of suspending for a tick. */
export function readable<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  thenable.status = 'pending';
  promise.then(
    (value) => {
      thenable.status = 'fulfilled';
      thenable.value = value;
    },
    (reason: unknown) => {
      thenable.status = 'rejected';
      thenable.reason = reason;
    },
  );
  return promise;
}

const wanted = new Set<() => Promise<unknown>>();
/** Whether some element has shown its first screen: from then on a prefetch runs at the next idle
 * moment by itself (a module loaded on demand later registers its own prefetches too late for
 * the first screen's call). */
let firstScreenShown = false;
let scheduled = false;

/** Fetches the view (or any code with a `preload`, e.g. `{ preload: () => import('./upload') }`
 * kept in a constant) when the page is idle after an element's first screen is up: for the code a
 * page will probably need soon (its dialogs, a wizard's next steps) but not to show itself. */
export function prefetch(view: { preload(): Promise<unknown> }): void {
  wanted.add(view.preload);
  if (firstScreenShown) scheduleRun();
}

/** Called by each element once its first screen is rendered (elements/define.tsx). */
export function afterFirstScreen(): void {
  firstScreenShown = true;
  scheduleRun();
}

function scheduleRun(): void {
  if (scheduled || wanted.size === 0 || typeof window === 'undefined') return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    // A failed fetch is tried again when the view is shown.
    for (const preload of wanted) preload().catch(() => {});
    wanted.clear();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
