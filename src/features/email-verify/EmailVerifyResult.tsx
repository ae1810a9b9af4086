/**
 * `<yx-email-verify-result>`: the page an activation link opens (§2 `/users/emails`, §4). It
 * verifies the link's token, then says so and redirects after a countdown (with Enter Now), or
 * says exactly why the link failed, with a way to personal settings to send a new one. A link
 * opened a second time is not a failure: the address is verified, and the page says that.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { HttpResult } from '../../core/http';
import type { Translate } from '../../core/i18n/index';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Result } from '../../ui/Result';
import { Spinner } from '../../ui/Spinner';
import { getQueryParam, safeRedirect } from '../../core/query';
import { createEmailVerifyApi } from './api';
import { INVALID_LINK, describeVerifyFailure, isAlreadyVerified } from './errors';
import type { VerifyFailure } from './errors';
import { accountPageUrl } from '../../core/http';

/** The profile section of personal settings (§2), on the standalone page: where a new link can
 * be requested. */
export const PROFILE_SETTINGS_ROUTE = '#/users/settings/profile';

/** Seconds before the redirect after success. @default 5 */
export const DEFAULT_SECONDS = 5;

export interface EmailVerifyResultProps {
  /** The link's token. @default the `token` query parameter of the page (search or hash) */
  token?: string | undefined;
  /** Seconds before redirecting after success. @default 5 */
  seconds?: number;
  /** Where to go after success (same origin only). @default the profile settings on the account host, `${host}/users/#/users/settings/profile` */
  nextUrl?: string | undefined;
}

/** The page's `token` parameter: the real query first, then the hash route's
 * (`#/users/emails?token=…`). `getQueryParam` alone reads the hash only when there is no query. */
function linkTokenFromPage(): string {
  if (typeof location === 'undefined') return '';
  return getQueryParam('token') || getQueryParam('token', location.hash) || '';
}

/** On success `address` is the address just verified; undefined when the link was used before. */
type State =
  | { status: 'loading' }
  | { status: 'success'; address: string | undefined }
  | { status: 'error'; failure: VerifyFailure };

/** What the verify call's answer means for the page. */
function stateOf(result: HttpResult<{ address: string }>): State {
  const [error, verified] = result;
  if (!error) return { status: 'success', address: verified.address };
  if (isAlreadyVerified(error)) return { status: 'success', address: undefined };
  return { status: 'error', failure: describeVerifyFailure(error) };
}

interface SuccessProps {
  address: string | undefined;
  seconds: number;
  onGo(): void;
}

/** "Redirecting in 3 seconds", "… in 1 second". */
const countdown = (t: Translate, seconds: number) =>
  t(seconds === 1 ? 'page.emailVerify.countdownOne' : 'page.emailVerify.countdown', { seconds });

/** The success panel: a visible countdown, read to screen readers once, then the redirect. */
function Success({ address, seconds, onGo }: SuccessProps) {
  const { t } = useElement();
  const [left, setLeft] = useState(seconds);
  const gone = useRef(false);
  const go = () => {
    if (gone.current) return;
    gone.current = true;
    onGo();
  };
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    if (left <= 0) {
      goRef.current();
      return undefined;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return (
    <Result
      status="success"
      headingLevel={2}
      title={t('page.emailVerify.success')}
      description={
        <>
          {address === undefined ? (
            <p part="already-verified" className="yx-email-verify__text">
              {t('emailVerify.error.alreadyVerified')}
            </p>
          ) : (
            <p part="address" className="yx-email-verify__text">
              {t('emailVerify.verifiedAddress', { email: address })}
            </p>
          )}
          {/* The ticking number is hidden from screen readers, which hear the sentence once. */}
          <p part="countdown" className="yx-email-verify__text" aria-hidden="true" data-seconds={left}>
            {countdown(t, left)}
          </p>
          <p className="yx-visually-hidden">{countdown(t, seconds)}</p>
        </>
      }
      actions={
        <Button part="button enter-button" variant="primary" onClick={go}>
          {t('action.enterNow')}
        </Button>
      }
    />
  );
}

export function EmailVerifyResult({ token, seconds = DEFAULT_SECONDS, nextUrl }: EmailVerifyResultProps) {
  const { http, t, emit, settings } = useElement();
  const api = useMemo(() => createEmailVerifyApi(http, t), [http, t]);
  // Built from the settings, not the page: it may be the account host's origin, unlike `nextUrl`.
  const settingsUrl = accountPageUrl(settings.host, PROFILE_SETTINGS_ROUTE);
  const apiRef = useRef(api);
  apiRef.current = api;
  const linkToken = token || linkTokenFromPage();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();

  // One verification per token (and per Retry); a language switch only re-renders.
  useEffect(() => {
    if (!linkToken) return undefined;
    let live = true;
    setState({ status: 'loading' });
    void apiRef.current.verify(linkToken).then((result) => {
      if (!live) return;
      setState(stateOf(result));
    });
    return () => {
      live = false;
    };
  }, [linkToken, attempt]);

  const navigate = (url: string) => {
    if (emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
  };

  const shown: State = linkToken ? state : { status: 'error', failure: INVALID_LINK };
  let body;
  if (shown.status === 'loading') {
    body = <Spinner size="lg" showLabel label={t('emailVerify.verifying')} />;
  } else if (shown.status === 'success') {
    const target = safeRedirect(nextUrl) ?? settingsUrl;
    body = <Success address={shown.address} seconds={Math.max(0, Math.floor(seconds))} onGo={() => navigate(target)} />;
  } else {
    const { failure } = shown;
    body = (
      <Result
        status="error"
        headingLevel={2}
        title={t('emailVerify.failed')}
        description={failure.key ? t(failure.key) : failure.message}
        {...(failure.kind === 'other' ? { onRetry: () => setAttempt((n) => n + 1) } : {})}
        actions={
          <Button
            part="button settings-button"
            variant={failure.kind === 'other' ? 'secondary' : 'primary'}
            onClick={() => navigate(settingsUrl)}
          >
            {t('emailVerify.goToSettings')}
          </Button>
        }
      />
    );
  }

  return (
    <section
      part="email-verify"
      className="yx-email-verify"
      data-status={shown.status}
      data-reason={shown.status === 'error' ? shown.failure.kind : undefined}
      aria-labelledby={titleId}
      aria-busy={shown.status === 'loading' || undefined}
    >
      {/* The page's own heading: the link opens this element alone (§2 /users/emails). */}
      <h1 id={titleId} part="title" className="yx-email-verify__title">
        {t('page.emailVerify.title')}
      </h1>
      {body}
    </section>
  );
}
