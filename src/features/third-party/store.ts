/**
 * The state of one `<yx-third-party-bindings>`: one enumerated status for the providers and the
 * bound accounts together, and the last error. The actions below are the only writers.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { Identity, ProviderId, ProviderInfo, ThirdPartyApi } from './api';

export interface ThirdPartyState {
  status: Status;
  error: HttpError | undefined;
  providers: ProviderInfo[];
  identities: Identity[];
}

export type ThirdPartyStore = Store<ThirdPartyState>;

export function createThirdPartyStore(): ThirdPartyStore {
  return createStore<ThirdPartyState>({ status: 'idle', error: undefined, providers: [], identities: [] });
}

export interface ThirdPartyActions {
  /** Loads both lists; an answer that arrives after a newer load (or a reset) is dropped. */
  load(): Promise<void>;
  /** Forgets an account the server has just unbound (no reload: the cards stay in place). */
  unbound(provider: ProviderId): void;
  /** Forgets everything (the element left the page). */
  reset(): void;
}

export function createThirdPartyActions(store: ThirdPartyStore, api: () => ThirdPartyApi): ThirdPartyActions {
  let run = 0;
  return {
    async load() {
      const mine = ++run;
      store.set({ status: 'loading' });
      const [error, bindings] = await api().load();
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else store.set({ status: 'ready', error: undefined, ...bindings });
    },
    unbound(provider) {
      store.set((s) => ({ identities: s.identities.filter((i) => i.provider !== provider) }));
    },
    reset() {
      run++;
      store.reset();
    },
  };
}
