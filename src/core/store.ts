/**
 * One small store per element instance, on zustand's vanilla core. React-free: components read
 * it with `useSyncExternalStore(store.subscribe, store.get)`.
 */
import { createStore as createVanillaStore } from 'zustand/vanilla';

/** Where a data set is in its life: state as one enumerated string, never a pile of booleans. */
export type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface Store<S extends object> {
  /** The current state (the same object until something changes). */
  get(): S;
  /** Merges a partial state, or the result of a function of the current one. */
  set(partial: Partial<S> | ((state: S) => Partial<S>)): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: S, previous: S) => void): () => void;
  /** Goes back to the initial state (e.g. when a screen is left, §4). */
  reset(): void;
}

/** Creates a store with an initial state.
 * @example
 * const store = createStore({ status: 'idle' as Status, items: [] as Token[] });
 * store.set({ status: 'loading' });
 */
export function createStore<S extends object>(initial: S): Store<S> {
  const api = createVanillaStore<S>()(() => ({ ...initial }));
  return {
    get: api.getState,
    set: (partial) => api.setState(partial),
    subscribe: api.subscribe,
    reset: () => api.setState({ ...initial }, true),
  };
}

/** Runs an `[error, value]` task against a store: sets `status` to loading, then to ready with
 * `apply(value)` merged in, or to error with `error` set. Returns the task's pair. */
export async function track<S extends { status: Status; error?: unknown }, E, V>(
  store: Store<S>,
  task: () => Promise<[E, null] | [null, V]>,
  apply: (value: V, state: S) => Partial<S>,
): Promise<[E, null] | [null, V]> {
  store.set({ status: 'loading' } as Partial<S>);
  const result = await task();
  const [error, value] = result;
  if (error !== null) store.set({ status: 'error', error } as Partial<S>);
  else store.set((state) => ({ ...apply(value as V, state), status: 'ready', error: undefined }) as Partial<S>);
  return result;
}
