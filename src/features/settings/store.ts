/**
 * The state of one `<yx-settings>`: the user's app identities (which decide the menu) as one
 * enumerated status, and the help link, which arrives on its own and never blocks the shell.
 * The actions below are the only writers.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { SettingsApi } from './api';

export interface SettingsState {
  /** Of the apps fetch: the shell renders nothing until it is `ready` or `error`. */
  status: Status;
  error: HttpError | undefined;
  /** Identities of the apps the user has (`codeup`, `packages` …). */
  apps: string[];
  /** The configured help URL; null while unknown or when none is configured. */
  helpLink: string | null;
}

export type SettingsStore = Store<SettingsState>;

export function createSettingsStore(): SettingsStore {
  return createStore<SettingsState>({ status: 'idle', error: undefined, apps: [], helpLink: null });
}

export interface SettingsActions {
  /** Fetches the apps (and the help link alongside); a late answer of an older load is dropped. */
  load(organizationId: string): Promise<void>;
  reset(): void;
}

export function createSettingsActions(store: SettingsStore, api: () => SettingsApi): SettingsActions {
  let run = 0;
  return {
    async load(organizationId) {
      const mine = ++run;
      store.set({ status: 'loading', error: undefined });
      const help = api()
        .helpLink()
        .then(([error, link]) => {
          // No help link is no reason to fail the page: an error just leaves it out.
          if (mine === run) store.set({ helpLink: error ? null : link });
        });
      const [error, apps] = await api().myApps(organizationId);
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else store.set({ status: 'ready', error: undefined, apps });
      await help;
    },
    reset() {
      run++;
      store.reset();
    },
  };
}
