/**
 * The state of one `<yx-package-credential>`: the username load as one enumerated status, the
 * password just generated (the only one the element ever holds), and the countdown until a new
 * password takes effect (§4, §9: 10 s). The actions below are the only writers.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { PackageCredentialApi } from './api';

/** §9: a new credential password works this long after it is set. */
export const EFFECT_DELAY_MS = 10_000;
/** Beyond this the server's `effective_at` is taken for a clock out of step with ours. */
const PLAUSIBLE_DELAY_MS = 60_000;
const TICK_MS = 250;

/** Whether a new password is on its way: `pending` counts down, then `effective`. */
export type EffectStatus = 'none' | 'pending' | 'effective';

export interface PackageCredentialState {
  status: Status;
  error: HttpError | undefined;
  username: string;
  /** Whether the credential has a password (undefined: the server did not say). */
  passwordSet: boolean | undefined;
  /** The password the last reset returned, until the user dismisses it or leaves. */
  secret: string | null;
  effect: EffectStatus;
  /** Whole seconds left while `pending`. */
  remaining: number;
  /** The seconds announced when the countdown started (read out once, not every second). */
  total: number;
  /** The pending password is the first: no older one works meanwhile (none was ever set). */
  first: boolean;
}

export type PackageCredentialStore = Store<PackageCredentialState>;

export function createPackageCredentialStore(): PackageCredentialStore {
  return createStore<PackageCredentialState>({
    status: 'idle',
    error: undefined,
    username: '',
    passwordSet: undefined,
    secret: null,
    effect: 'none',
    remaining: 0,
    total: 0,
    first: false,
  });
}

/** Time as the countdown sees it; injectable for tests. */
export interface Clock {
  now(): number;
  /** Calls `fn` every `ms`; returns the function that stops it. */
  every(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/** When the new password starts working: the server's `effective_at` when it is plausible (in the
 * future, within a minute), else 10 s from now. An unparseable or past time, or one far ahead,
 * means the two clocks disagree, and the §9 delay is the better guess. */
export function effectDeadline(effectiveAt: string | undefined, now: number): number {
  const at = effectiveAt ? Date.parse(effectiveAt) : NaN;
  if (Number.isFinite(at) && at > now && at - now <= PLAUSIBLE_DELAY_MS) return at;
  return now + EFFECT_DELAY_MS;
}

/** True when no password works yet: none was ever set, or only the first is still pending. */
export function noOldPassword(state: PackageCredentialState): boolean {
  return state.passwordSet === false || (state.effect === 'pending' && state.first);
}

export interface PackageCredentialActions {
  /** Loads the username; an answer that arrives after a newer load (or a reset) is dropped. */
  load(): Promise<void>;
  /** Holds a password just generated (replacing any other). */
  showSecret(password: string): void;
  /** Forgets the password (copied and dismissed, or replaced by the user's own). */
  clearSecret(): void;
  /** Starts (or restarts) the countdown of a password just set (so there is one now); returns the
   * deadline used, as epoch milliseconds. */
  startCountdown(effectiveAt: string | undefined): number;
  /** Forgets everything, the password included, and stops the countdown (the element left). */
  reset(): void;
}

export function createPackageCredentialActions(
  store: PackageCredentialStore,
  api: () => PackageCredentialApi,
  clock: Clock = systemClock,
): PackageCredentialActions {
  let run = 0;
  let stopTicking: (() => void) | undefined;

  const stop = () => {
    stopTicking?.();
    stopTicking = undefined;
  };

  return {
    async load() {
      const mine = ++run;
      store.set({ status: 'loading' });
      const [error, info] = await api().userInfo();
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else store.set({ status: 'ready', error: undefined, username: info.username, passwordSet: info.passwordSet });
    },
    showSecret: (password) => store.set({ secret: password }),
    clearSecret: () => store.set({ secret: null }),
    startCountdown(effectiveAt) {
      stop();
      const deadline = effectDeadline(effectiveAt, clock.now());
      const left = () => Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
      const total = left();
      // A password replacing one still pending is the first too: the pending one never worked.
      const first = noOldPassword(store.get());
      store.set({ effect: 'pending', remaining: total, total, passwordSet: true, first });
      const tick = () => {
        const remaining = left();
        if (remaining > 0) {
          if (remaining !== store.get().remaining) store.set({ remaining });
          return;
        }
        stop();
        store.set({ effect: 'effective', remaining: 0 });
      };
      stopTicking = clock.every(TICK_MS, tick);
      return deadline;
    },
    reset() {
      run++;
      stop();
      store.reset();
    },
  };
}
