/**
 * `<yx-password-reset>`: forgot password (§2, §4, §8, issue 7) in three steps with a step
 * indicator: confirm the account, verify by an emailed code, set the new password; then a
 * success screen. A stale verification ('page expired') goes back to step 2. Every step links
 * back to the login page.
 */
import { Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Result } from '../../ui/Result';
import { Spinner } from '../../ui/Spinner';
import { lazyView } from '../../ui/lazy';
import { createResetApi, createUmidToken } from './api';
import { createResetActions, createResetStore } from './store';
import { StepIndicator, STEP_KEYS } from './StepIndicator';
import { AccountStep } from './AccountStep';
import { accountPageUrl } from '../../core/http';

// The later steps are not part of the first download (the first screen asks for the account
// only); they are fetched once it is up, so each is there when the user gets to it.
const VerifyStep = lazyView(() => import('./VerifyStep').then((m) => m.VerifyStep));
const ResetStep = lazyView(() => import('./ResetStep').then((m) => m.ResetStep));

/** The login route (§2) on the standalone page ({@link accountPageUrl}). */
export const LOGIN_ROUTE = '#/users/login';

export function PasswordReset() {
  const { http, t, emit, settings } = useElement();
  const [umid] = useState(createUmidToken);
  const [store] = useState(createResetStore);
  const api = useMemo(
    () => createResetApi(http, t, { csrfToken: () => store.get().csrfToken || settings.csrfToken, umid }),
    [http, t, store, settings.csrfToken, umid],
  );
  const latest = useRef({ api, t, settings });
  latest.current = { api, t, settings };
  const actions = useMemo(
    () =>
      createResetActions(
        store,
        () => latest.current.api,
        () => latest.current.t,
        () => latest.current.settings.csrfToken,
      ),
    [store],
  );
  const state = useSyncExternalStore(store.subscribe, store.get);
  const loginUrl = accountPageUrl(settings.host, LOGIN_ROUTE);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void actions.prepare();
  }, [actions]);

  useEffect(() => {
    // A failed fetch is tried again when the step is shown.
    VerifyStep.preload().catch(() => {});
    ResetStep.preload().catch(() => {});
  }, []);

  // Each later step focuses its first control itself; the success screen focuses its title.
  useEffect(() => {
    if (state.step === 'done') titleRef.current?.focus();
  }, [state.step]);

  const navigate = (url: string) => {
    if (emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
  };
  const onLink = (event: MouseEvent<HTMLAnchorElement>) => {
    // A real link; the host may still route it itself.
    if (!emit('yx-navigate', { url: loginUrl }, { cancelable: true })) event.preventDefault();
  };

  const { step } = state;
  let body;
  if (step === 'done') {
    body = (
      <Result
        status="success"
        title={
          <span ref={titleRef} tabIndex={-1} className="yx-reset-done-title">
            {t('reset.doneTitle')}
          </span>
        }
        headingLevel={2}
        description={t('page.reset.done')}
        actions={
          <Button part="button login-button" variant="primary" onClick={() => navigate(loginUrl)}>
            {t('page.reset.backToLogin')}
          </Button>
        }
      />
    );
  } else if (step === 'verify') {
    body = (
      <Suspense fallback={<Spinner size="lg" />}>
        <VerifyStep state={state} actions={actions} />
      </Suspense>
    );
  } else if (step === 'reset') {
    body = (
      <Suspense fallback={<Spinner size="lg" />}>
        <ResetStep state={state} actions={actions} />
      </Suspense>
    );
  } else {
    body = <AccountStep state={state} actions={actions} />;
  }

  return (
    <div part="password-reset" className="yx-reset" data-step={step} data-status={state.status}>
      <h1 part="title" className="yx-reset-title">
        {t('page.reset.title')}
      </h1>
      <StepIndicator step={step} />
      {step !== 'done' && (
        <h2 part="step-title" className="yx-reset-step-title">
          {t(STEP_KEYS[step])}
        </h2>
      )}
      {body}
      {step !== 'done' && (
        <a part="login-link" className="yx-reset-link" href={loginUrl} onClick={onLink}>
          {t('page.reset.backToLogin')}
        </a>
      )}
    </div>
  );
}
