/**
 * `<yx-login>`: the login page (§2, §3, §5, §7, §8, issue 7). Account and password (or LDAP /
 * Windows AD in the same form), the configured identity providers, then whatever the server asks
 * for: the slider, the emailed code, a forced password change. On success it emits `yx-login`
 * with the session's new CSRF token and goes to the (same-origin) next URL.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';
import { useElement, withParts } from '../../ui/context';
import { Spinner } from '../../ui/Spinner';
import { appLogoUrl } from '../../core/app-logos';
import { getNextUrl, safeRedirect } from '../../core/query';
import { createLoginApi } from './api';
import type { SignedIn } from './api';
import { createUmidToken } from './device';
import { createLoginActions, createLoginStore } from './store';
import type { LoginStep } from './store';
import { Alternatives, MODE_KEYS } from './Alternatives';
import { PasswordStep } from './PasswordStep';
import { accountPageUrl } from '../../core/http';
import './events';

// The steps the server may ask for after the password (the slider, the emailed code, a forced
// password change) load when it does, with their strings (part `login-steps`, also loaded right
// after the first screen): the first screen is the password form.
const STEPS = ['login-steps'] as const;
const SliderCaptcha = lazy(() =>
  import('./SliderCaptcha').then((m) => ({ default: withParts(m.SliderCaptcha, STEPS) })),
);
const CodeStep = lazy(() => import('./CodeStep').then((m) => ({ default: withParts(m.CodeStep, STEPS) })));
const ForcedChange = lazy(() => import('./ForcedChange').then((m) => ({ default: withParts(m.ForcedChange, STEPS) })));

/** The steps that hold focus in controls of their own, gone when the form comes back. */
const LATER_STEPS: ReadonlySet<LoginStep> = new Set(['slider', 'code', 'forced-change']);

/** Whether nothing has focus any more (a focused control went away with its step). */
const focusLost = (root: ShadowRoot) =>
  !root.activeElement && (!document.activeElement || document.activeElement === document.body);

/** The route a signed-in user goes to without a (safe) next URL, on the account host's standalone
 * page ({@link accountPageUrl}). */
export const DEFAULT_NEXT_ROUTE = '#/users/settings/profile';

/** The login failure page (§2) on the account host's standalone page ({@link accountPageUrl}). */
export const failurePageUrl = (host: string, reason: string) =>
  accountPageUrl(host, `#/login/errors?reason=${encodeURIComponent(reason)}`);

/**
 * A provider's authorize URL carrying the (already safe) next URL: the sign-in finishes on the
 * server's callback, which only knows where to go if the authorize request told it (the server
 * checks it again).
 */
export function authorizeWithNext(url: string, next: string | null): string {
  if (!next) return url;
  return `${url}${url.includes('?') ? '&' : '?'}next_url=${encodeURIComponent(next)}`;
}

export type LoginVariant = 'default' | 'lingma';

export interface LoginProps {
  /** `"lingma"`: the AI coding assistant's branding. @default 'default' */
  variant?: LoginVariant;
  /** Where to go after signing in (same origin only). @default the page's `nextUrl` / `next_url` / `nexturl`, else the profile settings on the account host, `${host}/users/#/users/settings/profile` */
  nextUrl?: string | undefined;
}

function Header({ variant }: { variant: LoginVariant }) {
  const { t, flavour } = useElement();
  const logo = variant === 'lingma' ? appLogoUrl('lingma', flavour.brandColor) : undefined;
  if (logo) {
    return (
      <header part="header" className="yx-login-header" data-variant="lingma">
        <img part="logo" className="yx-login-logo" src={logo} alt="" />
        <h1 part="title" className="yx-login-title">
          {t('login.lingma.title')}
        </h1>
        <p part="subtitle" className="yx-login-subtitle">
          {t('login.lingma.subtitle')}
        </p>
      </header>
    );
  }
  return (
    <header part="header" className="yx-login-header" data-variant="default">
      <h1 part="title" className="yx-login-title">
        {t('page.login.title')}
      </h1>
      <p part="subtitle" className="yx-login-subtitle">
        {t('login.subtitle', { system: t(flavour.systemNameKey) })}
      </p>
    </header>
  );
}

export function Login({ variant = 'default', nextUrl }: LoginProps) {
  const { http, t, emit, settings, root } = useElement();
  const [umid] = useState(createUmidToken);
  const [store] = useState(createLoginStore);
  const api = useMemo(
    () => createLoginApi(http, t, { csrfToken: () => store.get().csrfToken || settings.csrfToken, umid }),
    [http, t, store, settings.csrfToken, umid],
  );
  const latest = useRef({ api, t, settings, nextUrl, emit });
  latest.current = { api, t, settings, nextUrl, emit };
  const state = useSyncExternalStore(store.subscribe, store.get);

  const actions = useMemo(() => {
    const navigate = (url: string) => {
      if (latest.current.emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
    };
    return {
      navigate,
      ...createLoginActions(
        store,
        () => latest.current.api,
        () => latest.current.t,
        {
          csrfFromSettings: () => latest.current.settings.csrfToken,
          signedIn(result: SignedIn) {
            latest.current.emit('yx-login', { user: result.user, csrfToken: result.csrfToken });
            // Only a given next URL is guarded: the default is built from the settings, not the page.
            const next = safeRedirect(latest.current.nextUrl || getNextUrl());
            navigate(next ?? accountPageUrl(latest.current.settings.host, DEFAULT_NEXT_ROUTE));
          },
          failurePage: (reason) => navigate(failurePageUrl(latest.current.settings.host, reason)),
        },
      ),
    };
  }, [store]);

  useEffect(() => {
    void actions.prepare();
  }, [actions]);

  // Going back to the form from a later step takes the focused control away with that step: the
  // Back button of the code or forced-change step, or the slider's handle when the attempt it
  // sent is refused (wrong password, frozen account, no connection). A wrong account or password
  // also takes the cursor from Sign In. Resume on the password, selected so typing replaces it
  // (after Back it is empty: it has to be typed again). Focus the user moved meanwhile, on the
  // host page (or, but for a wrong password, here), stays where it is.
  const shownStep = useRef(state.step);
  const incorrect = state.error === t('error.accountOrPasswordIncorrect');
  useEffect(() => {
    const from = shownStep.current;
    shownStep.current = state.step;
    if (
      state.step !== 'credentials' ||
      !(incorrect || LATER_STEPS.has(from)) ||
      !(root.activeElement ? incorrect : focusLost(root))
    )
      return;
    const password = root.querySelector<HTMLInputElement>('input[name="password"]');
    password?.focus();
    password?.select();
  }, [state.step, incorrect, root]);

  const onLink = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    // A real link (new tab, copy address); the host may still route it itself.
    if (!emit('yx-navigate', { url }, { cancelable: true })) event.preventDefault();
  };

  const { step, mode } = state;
  let body;
  if (step === 'signed-in') {
    body = <Spinner showLabel size="lg" label={t('login.success')} />;
  } else if (step === 'code') {
    body = (
      <Suspense fallback={<Spinner size="lg" />}>
        <CodeStep state={state} actions={actions} onBack={actions.back} />
      </Suspense>
    );
  } else if (step === 'forced-change') {
    body = (
      <Suspense fallback={<Spinner size="lg" />}>
        <ForcedChange
          state={state}
          actions={actions}
          isCurrentPassword={actions.isCurrentPassword}
          onBack={actions.back}
        />
      </Suspense>
    );
  } else {
    body = (
      <>
        <PasswordStep
          state={state}
          actions={actions}
          modeName={mode === 'password' ? undefined : t(MODE_KEYS[mode])}
          onLink={onLink}
          incorrect={incorrect}
          slider={
            step === 'slider'
              ? (form) => (
                  <Suspense fallback={null}>
                    <SliderCaptcha
                      key={state.sliderRound}
                      username={form.username}
                      api={api}
                      onVerified={form.onVerified}
                    />
                  </Suspense>
                )
              : null
          }
        />
        <Alternatives
          providers={state.providers}
          mode={mode}
          onMode={actions.setMode}
          onRetry={() => void actions.loadProviders()}
          onProvider={(url) => actions.navigate(authorizeWithNext(url, safeRedirect(nextUrl || getNextUrl())))}
        />
      </>
    );
  }

  return (
    <div
      part="login"
      className="yx-login"
      data-step={step}
      data-status={state.status}
      data-variant={variant}
      data-mode={mode}
    >
      <Header variant={variant} />
      {body}
    </div>
  );
}
