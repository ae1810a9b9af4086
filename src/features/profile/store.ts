/**
 * The state of one `<yx-profile>`: the current user (§3) with its load status, and when the next
 * verification email may be sent (§9: one minute, or the server's `retry_after`). The actions
 * below are the only writers.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { BoundEmail, Me, ProfileApi } from './api';

/** The email resend interval (§9): one minute. */
export const EMAIL_RESEND_SECONDS = 60;

export interface ProfileState {
  status: Status;
  error: HttpError | undefined;
  me: Me | null;
  /** When Resend may be used again (ms since the epoch); 0 when it may be used now. */
  resendAt: number;
}

export type ProfileStore = Store<ProfileState>;

export function createProfileStore(): ProfileStore {
  return createStore<ProfileState>({ status: 'idle', error: undefined, me: null, resendAt: 0 });
}

export interface ProfileActions {
  /** Loads the current user; a stale answer (a newer load started) is dropped. */
  load(): Promise<void>;
  /** Merges saved fields into the loaded user. */
  patch(fields: Partial<Me>): void;
  setEmail(email: BoundEmail | null): void;
  /** Starts the resend cooldown: no new email for `seconds`. */
  startCooldown(seconds: number): void;
}

/** The actions of one element. `api` is read on every call, so a new client applies at once. */
export function createProfileActions(
  store: ProfileStore,
  api: () => ProfileApi,
  now = () => Date.now(),
): ProfileActions {
  let run = 0;
  const patch = (fields: Partial<Me>) => {
    const { me } = store.get();
    if (me) store.set({ me: { ...me, ...fields } });
  };
  return {
    async load() {
      const mine = ++run;
      store.set({ status: 'loading', error: undefined });
      const [error, me] = await api().me();
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else store.set({ status: 'ready', error: undefined, me });
    },
    patch,
    setEmail: (email) => patch({ email }),
    startCooldown: (seconds) => store.set({ resendAt: now() + seconds * 1000 }),
  };
}
