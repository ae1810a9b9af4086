/**
 * The state of one `<yx-ssh-keys>`: the list as one enumerated status, the keys and the last
 * error. The actions below are the only writers.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { SshKey, SshKeysApi } from './api';

export interface SshKeysState {
  status: Status;
  error: HttpError | undefined;
  keys: SshKey[];
}

export type SshKeysStore = Store<SshKeysState>;

export function createSshKeysStore(): SshKeysStore {
  return createStore<SshKeysState>({ status: 'idle', error: undefined, keys: [] });
}

export interface SshKeysActions {
  /** Loads the list; an answer that arrives after a newer load (or a reset) is dropped. */
  load(): Promise<void>;
  /** Forgets everything (the element left the page). */
  reset(): void;
}

/** The actions of one element. `api` is read on every call, so a new client (locale or flavour
 * change) applies without losing the state. */
export function createSshKeysActions(store: SshKeysStore, api: () => SshKeysApi): SshKeysActions {
  let run = 0;
  return {
    async load() {
      const mine = ++run;
      store.set({ status: 'loading' });
      const [error, keys] = await api().list();
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else store.set({ status: 'ready', error: undefined, keys });
    },
    reset() {
      run++;
      store.reset();
    },
  };
}
