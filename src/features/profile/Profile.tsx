/**
 * `<yx-profile>`: the Personal Information tab (§3, §4, §5, §7, issue 6). Avatar, login account,
 * email binding, interface language and password, each saved on its own. While the current user
 * loads a skeleton shows; a failed or malformed answer shows an error with Retry.
 */
import { Suspense, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useElement, withParts } from '../../ui/context';
import { lazyView, prefetch } from '../../ui/lazy';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { createProfileApi } from './api';
import { createProfileActions, createProfileStore } from './store';
import { AvatarSection } from './AvatarSection';
import { EmailSection } from './EmailSection';
import { LanguageSection } from './LanguageSection';
import './events';

// The password card (its rules, live checklist and their messages, part `validation`, and its own
// strings, part `password`) is fetched alongside the user's data rather than before it: the cards
// show together once both are in.
const PasswordSection = lazyView(() =>
  import('./PasswordSection').then((m) => withParts(m.PasswordSection, ['validation', 'password'])),
);
/** Starts fetching the password card's code (elements/yx-profile.ts: as soon as the element exists). */
export const preloadPasswordSection = (): Promise<void> => PasswordSection.preload();

// The load error panel shows only when the user's data could not be loaded: fetched once the
// first screen (the skeleton) is up, so it is in when that answer comes.
const Result = lazyView(() => import('../../ui/Result').then((m) => m.Result));
prefetch(Result);

export interface ProfileProps {
  /** Switch the language without reloading the page: re-render in it and emit
   * `yx-locale-change` instead. @default false */
  noReload?: boolean;
}

export function Profile({ noReload = false }: ProfileProps) {
  const { http, t, settings, signal, locale } = useElement();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const api = useMemo(
    () => createProfileApi({ http, t, settings: () => settingsRef.current, signal }),
    [http, t, signal],
  );
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createProfileStore);
  const actions = useMemo(() => createProfileActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const titleId = useId();

  // Loaded once per element: a language switch without reload re-renders, it does not refetch.
  useEffect(() => {
    void actions.load();
  }, [actions]);

  // The user's data waits behind the skeleton until the password card's code is in too, rather
  // than suspending a tree already on screen: Suspense would hide it, and with it the keyboard
  // focus that Retry left there. The promise is read once per element, so a failed fetch is
  // tried again once, when the card renders (lazyView), not on every render.
  const [passwordCode] = useState(() => PasswordSection.preload() as Promise<void> & { status?: string });
  const [, codeSettled] = useState(false);
  useEffect(() => {
    let live = true;
    const settled = () => {
      if (live) codeSettled(true);
    };
    passwordCode.then(settled, settled);
    return () => {
      live = false;
    };
  }, [passwordCode]);
  const codePending = passwordCode.status === 'pending';

  const { status: loaded, me } = state;
  const status = loaded === 'ready' && codePending ? 'loading' : loaded;
  const loading = (
    <div className="yx-profile-loading" data-status="loading">
      <Spinner />
      <Skeleton lines={4} />
      <Skeleton lines={3} />
    </div>
  );
  let body;
  if (status === 'error' || (status === 'ready' && !me)) {
    body = (
      <Result
        status="error"
        title={t('profile.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (status !== 'ready' || !me) {
    body = loading;
  } else {
    body = (
      <>
        <div className="yx-profile-card" part="card">
          <AvatarSection me={me} api={api} actions={actions} />
          <dl className="yx-profile-facts" part="facts">
            <div className="yx-profile-row">
              <dt>{t('profile.name.title')}</dt>
              <dd part="name">{me.name || me.username}</dd>
            </div>
            <div className="yx-profile-row">
              <dt>{t('profile.account.title')}</dt>
              <dd part="account" title={t('profile.account.hint')}>
                {me.username}
              </dd>
            </div>
            <div className="yx-profile-row">
              <dt>{t('profile.email.title')}</dt>
              <dd>
                <EmailSection email={me.email} resendAt={state.resendAt} api={api} actions={actions} />
              </dd>
            </div>
          </dl>
          {/* The language in force (the cookie wins over the saved preference, §4), so the select
              always names the language the page is shown in. */}
          <LanguageSection language={locale} api={api} actions={actions} noReload={noReload} />
        </div>
        <PasswordSection hasPassword={me.has_password} api={api} actions={actions} />
      </>
    );
  }

  const frame = (shown: typeof status, content: ReactNode) => (
    <section
      part="profile"
      className="yx-profile"
      data-status={shown}
      aria-labelledby={titleId}
      aria-busy={shown === 'loading' || undefined}
    >
      <h2 id={titleId} part="title" className="yx-profile-title">
        {t('profile.title')}
      </h2>
      {content}
    </section>
  );
  // Until the password card's code is in, the element still says it is loading.
  return <Suspense fallback={frame('loading', loading)}>{frame(status, body)}</Suspense>;
}
