/**
 * `<yx-profile>`: the Personal Information tab (§3, §4, §5, §7, issue 6). Avatar, login account,
 * email binding, interface language and password, each saved on its own. While the current user
 * loads a skeleton shows; a failed or malformed answer shows an error with Retry.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement } from '../../ui/context';
import { Result } from '../../ui/Result';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { createProfileApi } from './api';
import { createProfileActions, createProfileStore } from './store';
import { AvatarSection } from './AvatarSection';
import { EmailSection } from './EmailSection';
import { LanguageSection } from './LanguageSection';
import { PasswordSection } from './PasswordSection';
import './events';

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

  const { status, me } = state;
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
    body = (
      <div className="yx-profile-loading" data-status="loading">
        <Spinner />
        <Skeleton lines={4} />
        <Skeleton lines={3} />
      </div>
    );
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

  return (
    <section
      part="profile"
      className="yx-profile"
      data-status={status}
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
    >
      <h2 id={titleId} part="title" className="yx-profile-title">
        {t('profile.title')}
      </h2>
      {body}
    </section>
  );
}
