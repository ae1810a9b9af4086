/**
 * The state of one `<yx-login>`: which step the sign-in is at (an enumerated string), the status
 * of that step's request, its inline message, the CSRF token in force and the sign-in providers.
 * The actions below are the only writers. The typed password lives in the actions' closure (never
 * in the store, never in an event), only as long as a next step (email code, forced change) still
 * needs it. At the slider step the form stays editable: the attempt after the slider takes the
 * form's values of that moment, not the ones that brought the slider up.
 */
import type { HttpError } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { LoginApi, LoginBody, LoginMode, Providers, SignedIn } from './api';
import type { LoginOutcome } from './errors';
import type { CodeSendOutcome } from '../../ui/useCodeEntry';
import { prefetch } from '../../ui/lazy';

// What a refusal means (a message, or the step it opens) is needed only once an answer is in: its
// code (with the wait texts it uses) is fetched when the page is idle after the form is up.
const failures = { preload: () => import('./errors') };
prefetch(failures);
/** The failure code; null when it cannot be fetched (then the client's own message is said). */
const loadFailures = () => failures.preload().catch(() => null);

export type LoginStep = 'credentials' | 'slider' | 'code' | 'forced-change' | 'signed-in';

/** Seconds before an emailed code can be sent again (§9). */
export const RESEND_SECONDS = 60;

export interface LoginState {
  step: LoginStep;
  /** The request of the current step. */
  status: Status;
  /** The inline message of the current step (role=alert). */
  error: string | undefined;
  /** A confirmation of the current step ('A new code has been sent'), role=status. */
  notice: string | undefined;
  mode: LoginMode;
  /** The token from page-settings, then the one a successful login returned. */
  csrfToken: string;
  /** The account the slider, code and forced-change steps are for. */
  username: string;
  /** The masked address the code was mailed to. */
  email: string;
  /** When (epoch ms) the code may be sent again. */
  resendAt: number;
  /** Grows at each slider request, so the slider starts over with a new challenge. */
  sliderRound: number;
  /** The other sign-in methods; `error` says why they could not be loaded, kept while they are
   * fetched again (the Retry that does it stays in place, focus on it). */
  providers: { status: Status; value: Providers | null; error?: string | undefined };
}

export type LoginStore = Store<LoginState>;

export function createLoginStore(): LoginStore {
  return createStore<LoginState>({
    step: 'credentials',
    status: 'idle',
    error: undefined,
    notice: undefined,
    mode: 'password',
    csrfToken: '',
    username: '',
    email: '',
    resendAt: 0,
    sliderRound: 0,
    providers: { status: 'idle', value: null },
  });
}

export interface LoginEffects {
  /** The `csrf-token` attribute (or page setting), read when the store has none yet. */
  csrfFromSettings(): string;
  signedIn(result: SignedIn): void;
  /** An LDAP / SSO failure: go to the login failure page. */
  failurePage(reason: string): void;
}

/** The account and password as the form holds them. */
export interface Credentials {
  username: string;
  password: string;
}

export interface LoginActions {
  /** Fetches the providers, and the CSRF token unless the element was given one. */
  prepare(): Promise<void>;
  /** Fetches the providers (again, after a failure); a failure is said in the row's place. */
  loadProviders(): Promise<void>;
  setMode(mode: LoginMode): void;
  /** Signs in with the form's values; at the slider step only once the slider is solved (until
   * then it sends nothing and says so: the server would only ask for the slider again). */
  submit(credentials: Credentials): Promise<void>;
  /** Keeps the slider's token for the next attempt, and makes it at once with the form's current
   * values when they are given (the form leaves them out while a field is invalid). */
  sliderVerified(sliderToken: string, credentials?: Credentials): Promise<void>;
  /** Whether the slider step's token is in hand (Sign In may send the attempt). */
  isSliderSolved(): boolean;
  /** Mails a code; how that ended decides where the focus goes (useCodeEntry). */
  sendCode(): Promise<CodeSendOutcome>;
  verifyCode(code: string): Promise<void>;
  changePassword(newPassword: string): Promise<void>;
  /** Whether a value is the password typed for this sign-in (a forced change must differ). */
  isCurrentPassword(value: string): boolean;
  /** Leaves the slider / code / forced-change step and forgets the typed password. */
  back(): void;
  clearMessages(): void;
}

export function createLoginActions(
  store: LoginStore,
  api: () => LoginApi,
  t: () => Translate,
  effects: LoginEffects,
): LoginActions {
  let pending: { username: string; password: string; mode: LoginMode } | null = null;
  /** The solved slider's token, for the one attempt that follows it. */
  let sliderToken: string | null = null;

  const csrf = () => store.get().csrfToken || effects.csrfFromSettings();
  /** A message for any failed call: ours for a known code, else the client's. */
  const describe = async (error: HttpError) => (await loadFailures())?.describeError(error, t()) ?? error.message;
  const fail = async (error: HttpError) => {
    const message = await describe(error);
    store.set({ status: 'error', error: message, notice: undefined });
  };

  /** Fetches the token unless one is known; the error when that failed. */
  let inFlight: Promise<HttpError | null> | null = null;
  const loadCsrf = (): Promise<HttpError | null> => {
    if (csrf()) return Promise.resolve(null);
    // A submit during the first fetch waits for it instead of opening a second pre-session.
    inFlight ??= api()
      .pageSettings()
      .then(([error, settings]) => {
        inFlight = null;
        if (!error) store.set({ csrfToken: settings.csrfToken });
        return error;
      });
    return inFlight;
  };
  const ensureCsrf = async (): Promise<boolean> => {
    const error = await loadCsrf();
    if (error) await fail(error);
    return !error;
  };

  const finish = (result: SignedIn) => {
    pending = null;
    store.set({ step: 'signed-in', status: 'ready', error: undefined, notice: undefined, csrfToken: result.csrfToken });
    effects.signedIn(result);
  };

  const attempt = async (extra: Pick<LoginBody, 'slider_token'> = {}) => {
    if (!pending) return;
    store.set({ status: 'loading', error: undefined, notice: undefined });
    if (!(await ensureCsrf())) return;
    const { username, password, mode } = pending;
    const [error, result] = await api().login({
      username,
      password,
      ...(mode === 'password' ? {} : { mode }),
      ...extra,
    });
    if (!error) return finish(result);
    const outcome: LoginOutcome = (await loadFailures())?.describeLoginError(error, t()) ?? {
      kind: 'message',
      message: error.message,
    };
    const base = { status: 'idle' as Status, error: undefined, username };
    switch (outcome.kind) {
      case 'slider':
        // Nothing was checked: the form says the slider (which takes focus) comes first. Editing
        // a field clears it, as any message of the form.
        return store.set((s) => ({
          ...base,
          status: 'error',
          error: t()('login.slider.first'),
          step: 'slider',
          sliderRound: s.sliderRound + 1,
        }));
      case 'code':
        // The code completes the sign-in by itself: the password is not kept for this step.
        pending = null;
        // The server has just mailed a code: the resend countdown starts now.
        return store.set({ ...base, step: 'code', email: outcome.email, resendAt: Date.now() + RESEND_SECONDS * 1000 });
      case 'forced-change':
        return store.set({ ...base, step: 'forced-change' });
      case 'failure-page':
        pending = null;
        store.set({ status: 'idle' });
        return effects.failurePage(outcome.reason);
      default:
        // Also after the slider or a forced change: the message belongs to the form.
        pending = null;
        return store.set({ status: 'error', error: outcome.message, step: 'credentials' });
    }
  };

  const submit = async ({ username, password }: Credentials) => {
    const { status, step, mode } = store.get();
    if (status === 'loading') return;
    if (step === 'slider' && !sliderToken) {
      store.set({ status: 'error', error: t()('login.slider.first'), notice: undefined });
      return;
    }
    // A token is good for one attempt: a refusal that wants the slider again brings a new one.
    const extra = sliderToken ? { slider_token: sliderToken } : {};
    sliderToken = null;
    pending = { username: username.trim(), password, mode };
    await attempt(extra);
  };

  // A user who signs in only through a provider or a directory needs this row: a failure says so
  // with a Retry (the password form works all the same).
  const loadProviders = async () => {
    if (store.get().providers.status === 'loading') return;
    store.set((s) => ({ providers: { ...s.providers, status: 'loading' } }));
    const [error, providers] = await api().providers();
    if (error) {
      const reason = await describe(error);
      const message = t()('login.failure', { message: t()('login.providers.failed'), reason });
      store.set({ providers: { status: 'error', value: null, error: message } });
    } else {
      store.set({ providers: { status: 'ready', value: providers } });
    }
  };

  return {
    async prepare() {
      // A failed token fetch is tried again at submit, where its message can be shown.
      await Promise.all([loadCsrf(), loadProviders()]);
    },
    loadProviders,
    setMode(mode) {
      store.set({ mode, error: undefined, status: 'idle' });
    },
    submit,
    async sliderVerified(token, credentials) {
      if (store.get().step !== 'slider') return;
      sliderToken = token;
      if (credentials) await submit(credentials);
    },
    isSliderSolved: () => sliderToken !== null,
    async sendCode() {
      const { username, status } = store.get();
      if (status === 'loading') return 'failed';
      store.set({ status: 'loading', error: undefined, notice: undefined });
      if (!(await ensureCsrf())) return 'failed';
      const [error] = await api().sendCode(username);
      if (error) {
        const failures = await loadFailures();
        const wait = failures?.retryAfterSeconds(error);
        if (wait === undefined) {
          await fail(error);
          return 'failed';
        }
        const resendAt = Date.now() + wait * 1000;
        // The code another tab of this session asked for a moment ago is in the inbox and works.
        if (failures?.isAlreadySent(error)) {
          const notice = t()('login.code.alreadySent', { email: store.get().email });
          store.set({ status: 'idle', notice, resendAt });
          return 'wait';
        }
        // Refused until a wait ends: the button counts it down live, so the message names no
        // time, and it goes when the wait is over (unless another message has taken its place).
        // The step opened on a mailed code, so the button says "Resend in …" all along.
        const refusal = t()('login.code.wait');
        store.set({ status: 'error', error: refusal, notice: undefined, resendAt });
        setTimeout(() => {
          const now = store.get();
          if (now.error === refusal && now.resendAt === resendAt) store.set({ status: 'idle', error: undefined });
        }, wait * 1000);
        return 'wait';
      }
      store.set({ status: 'idle', notice: t()('login.code.resent'), resendAt: Date.now() + RESEND_SECONDS * 1000 });
      return 'sent';
    },
    async verifyCode(code) {
      const { username, status } = store.get();
      if (status === 'loading') return;
      store.set({ status: 'loading', error: undefined, notice: undefined });
      if (!(await ensureCsrf())) return;
      const [error, result] = await api().verifyCode(username, code);
      if (error) return await fail(error);
      finish(result);
    },
    async changePassword(newPassword) {
      if (!pending || store.get().status === 'loading') return;
      store.set({ status: 'loading', error: undefined, notice: undefined });
      if (!(await ensureCsrf())) return;
      const [error] = await api().changePassword(pending.username, pending.password, newPassword);
      if (error) {
        const reason = await describe(error);
        store.set({ status: 'error', error: t()('login.failure', { message: t()('login.forced.failed'), reason }) });
        return;
      }
      // The old password is not needed any more: sign in again with the new one.
      pending = { ...pending, password: newPassword };
      await attempt();
    },
    isCurrentPassword: (value) => pending !== null && pending.password === value,
    back() {
      pending = null;
      sliderToken = null;
      store.set({ step: 'credentials', status: 'idle', error: undefined, notice: undefined });
    },
    clearMessages() {
      if (store.get().status === 'error') store.set({ status: 'idle', error: undefined });
    },
  };
}
