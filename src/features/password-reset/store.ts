/**
 * The state of one `<yx-password-reset>`: the step (an enumerated string), the status of its
 * request, its inline message, the account and its masked email, and the resend deadline.
 * The actions below are the only writers.
 */
import type { HttpError } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { ResetApi } from './api';
import { describeResetError, isAlreadySent, isPageExpired, retryAfterSeconds } from './errors';
import type { CodeSendOutcome } from '../../ui/useCodeEntry';

export type ResetStep = 'account' | 'verify' | 'reset' | 'done';
export const STEPS: ReadonlyArray<Exclude<ResetStep, 'done'>> = ['account', 'verify', 'reset'];

/** Seconds before a code can be sent again (§9). */
export const RESEND_SECONDS = 60;

export interface ResetState {
  step: ResetStep;
  status: Status;
  error: string | undefined;
  notice: string | undefined;
  username: string;
  email: string;
  /** A code was mailed for this verification: by this page, or before it (a reload, another tab),
   * as the server's `already_sent` told. The server alone decides whether a typed code is good;
   * this only picks the message when it has none for this verification. */
  codeSent: boolean;
  /** When (epoch ms) the code may be sent again. */
  resendAt: number;
  csrfToken: string;
}

export type ResetStore = Store<ResetState>;

export function createResetStore(): ResetStore {
  return createStore<ResetState>({
    step: 'account',
    status: 'idle',
    error: undefined,
    notice: undefined,
    username: '',
    email: '',
    codeSent: false,
    resendAt: 0,
    csrfToken: '',
  });
}

export interface ResetActions {
  prepare(): Promise<void>;
  check(username: string): Promise<void>;
  /** Mails a code; how that ended decides where the focus goes (useCodeEntry). */
  sendCode(): Promise<CodeSendOutcome>;
  verifyCode(code: string): Promise<void>;
  reset(newPassword: string): Promise<void>;
  clearMessages(): void;
}

export function createResetActions(
  store: ResetStore,
  api: () => ResetApi,
  t: () => Translate,
  csrfFromSettings: () => string,
): ResetActions {
  const csrf = () => store.get().csrfToken || csrfFromSettings();
  const fail = (error: HttpError) =>
    store.set({ status: 'error', error: describeResetError(error, t()), notice: undefined });
  const start = () => {
    if (store.get().status === 'loading') return false;
    store.set({ status: 'loading', error: undefined, notice: undefined });
    return true;
  };

  let inFlight: Promise<HttpError | null> | null = null;
  const loadCsrf = (): Promise<HttpError | null> => {
    if (csrf()) return Promise.resolve(null);
    inFlight ??= api()
      .pageSettings()
      .then(([error, settings]) => {
        inFlight = null;
        if (!error) store.set({ csrfToken: settings.csrfToken });
        return error;
      });
    return inFlight;
  };
  const ensureCsrf = async () => {
    const error = await loadCsrf();
    if (error) fail(error);
    return !error;
  };

  return {
    async prepare() {
      // Silently: a failure is tried again, with its message, before the first unsafe call.
      await loadCsrf();
    },
    async check(username) {
      if (!start()) return;
      const [error, result] = await api().check(username);
      if (error) return fail(error);
      if (!result.exists) return store.set({ status: 'error', error: t()('error.accountNotExist') });
      // Step 2 could only fail at Get Code: say now that no code can come, and who can help (§6).
      if (!result.email) return store.set({ status: 'error', error: t()('reset.error.noEmail'), username });
      store.set({
        step: 'verify',
        status: 'idle',
        username,
        email: result.email,
        codeSent: false,
        resendAt: 0,
      });
    },
    async sendCode() {
      if (!start()) return 'failed';
      if (!(await ensureCsrf())) return 'failed';
      const [error] = await api().sendCode(store.get().username);
      if (error) {
        const wait = retryAfterSeconds(error);
        if (wait === undefined) {
          fail(error);
          return 'failed';
        }
        const resendAt = Date.now() + wait * 1000;
        // The server says the wait is for this reset's own code, mailed before a reload or from
        // another tab: it is in the inbox. Not an error: the user types that one. Any other wait
        // (another browser's code, the address's, an hourly cap) is a refusal; the button counts
        // it down live, so the message names no time, and it goes when the wait is over (unless
        // another message has taken its place).
        if (isAlreadySent(error)) {
          const notice = t()('reset.verify.alreadySent', { email: store.get().email });
          store.set({ status: 'idle', codeSent: true, notice, resendAt });
        } else {
          const refusal = t()('reset.error.wait');
          store.set({ status: 'error', error: refusal, notice: undefined, resendAt });
          setTimeout(() => {
            const now = store.get();
            if (now.error === refusal && now.resendAt === resendAt) store.set({ status: 'idle', error: undefined });
          }, wait * 1000);
        }
        return 'wait';
      }
      store.set({
        status: 'idle',
        codeSent: true,
        notice: t()('page.login.codeSentTo', { email: store.get().email }),
        resendAt: Date.now() + RESEND_SECONDS * 1000,
      });
      return 'sent';
    },
    async verifyCode(code) {
      // Sent to the server even when this page sent no code: one mailed before a reload may be good.
      if (!start()) return;
      if (!(await ensureCsrf())) return;
      const [error] = await api().verifyCode(store.get().username, code);
      // No code stands for this verification, and none is known here: the next thing is Get Code.
      if (error?.code === 'code_expired' && !store.get().codeSent) {
        return store.set({ status: 'error', error: t()('reset.verify.sendFirst') });
      }
      if (error) return fail(error);
      store.set({ step: 'reset', status: 'idle' });
    },
    async reset(newPassword) {
      if (!start()) return;
      if (!(await ensureCsrf())) return;
      const [error] = await api().reset(store.get().username, newPassword);
      if (error && isPageExpired(error)) {
        // The verification went stale: verify again, with a new code.
        return store.set({ step: 'verify', status: 'error', error: t()('error.pageExpired'), codeSent: false });
      }
      if (error) {
        return store.set({
          status: 'error',
          error: t()('login.failure', { message: t()('error.resetFailed'), reason: describeResetError(error, t()) }),
        });
      }
      store.set({ step: 'done', status: 'ready' });
    },
    clearMessages() {
      if (store.get().status === 'error') store.set({ status: 'idle', error: undefined });
    },
  };
}
