import { useEffect, useRef, useState } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { logoutUrl, reloginTarget } from '../../core/flavours';
import { accountPageUrl } from '../../core/http';
import type { MessageKey } from '../../core/i18n/index';
import { verifyAccess } from './access';
import { ERROR_TYPES, LOGIN_FAILURE_REASONS } from './types';
import type { ErrorAction, ErrorPageSpec, ErrorType } from './types';
import './events';

export interface ErrorPageProps {
  /** Which error to show. @default 'generic' */
  type?: ErrorType;
  /** Login failure detail: `type-not-supported`, `bound-account-not-found` or `account-info-missing`. */
  reason?: string;
  /** The failing request's id, shown so users can quote it to support. */
  requestId?: string;
  /** Where "Back to Home" goes. @default '/' */
  homeUrl?: string;
  /** The `/users/errors` checks (§2): with `org-id` and `app-id` known, first ask whether the user
   * has that app and may open it; if so go to the app's `raw_url` (or `/`) instead of showing the
   * page. @default false */
  verifyAccess?: boolean;
}

/** Of the access checks: `idle` when there are none to run, `passed` while leaving for the app. */
type CheckStatus = 'idle' | 'checking' | 'passed' | 'failed';

const currentAddress = () => location.href;

// `location.reload` cannot be replaced (Location is unforgeable): tests swap this instead.
const defaultReload = () => location.reload();
let reloader: () => void = defaultReload;

/** Replaces how Reload reloads the page when no listener cancels `yx-reload`; `null` restores
 * `location.reload()`. Returns a function that puts back the previous one.
 * @example const restore = setErrorPageReloader(() => router.refresh()); */
export function setErrorPageReloader(next: (() => void) | null): () => void {
  const previous = reloader;
  reloader = next ?? defaultReload;
  return () => {
    reloader = previous;
  };
}

/** The organization picker's route (§2) on the standalone page ({@link accountPageUrl}). */
export const SWITCH_ORGANIZATION_ROUTE = '#/users/switch/organization';

/** A full-page error (§2, §8) with the ways out that fit it. Navigation is announced with
 * cancelable `yx-navigate` / `yx-relogin` / `yx-reload` events so a host app can route it, or
 * fetch its own data again, itself. */
export function ErrorPage({
  type: asked = 'generic',
  reason,
  requestId,
  homeUrl = '/',
  verifyAccess: verify = false,
}: ErrorPageProps) {
  const { t, emit, flavour, settings, http } = useElement();
  const { organizationId: orgId, appId } = settings;
  const checks = verify && Boolean(orgId && appId);
  const [check, setCheck] = useState<{ key: string; status: CheckStatus; type?: ErrorType }>({
    key: '',
    status: 'idle',
  });
  const checkKey = checks ? `${orgId}\n${appId}` : '';
  // Until this render's checks have started, they are as good as running: never flash the page.
  const status: CheckStatus = !checks ? 'idle' : check.key === checkKey ? check.status : 'checking';
  const type = (status === 'failed' && check.type) || asked;
  const spec: ErrorPageSpec = ERROR_TYPES[type] ?? ERROR_TYPES.generic;
  const heading = useRef<HTMLHeadingElement>(null);

  const emitRef = useRef(emit);
  emitRef.current = emit;
  useEffect(() => {
    if (!checkKey) return;
    let live = true;
    setCheck({ key: checkKey, status: 'checking' });
    void verifyAccess(http, t, orgId, appId).then((verdict) => {
      if (!live) return;
      if (!verdict.pass) {
        // A plain refusal says so: the generic page's "reload" could never help with it.
        const type = verdict.type ?? (verdict.denied && asked === 'generic' ? 'no-permission' : undefined);
        setCheck({ key: checkKey, status: 'failed', ...(type ? { type } : {}) });
        return;
      }
      setCheck({ key: checkKey, status: 'passed' });
      // The errors page was only a stop on the way: going back should not land on it again.
      if (emitRef.current('yx-navigate', { url: verdict.url }, { cancelable: true })) location.replace(verdict.url);
    });
    return () => {
      live = false;
    };
    // http and t change with the element's settings, which already make up the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkKey]);

  const showing = status === 'idle' || status === 'failed';
  // Move focus to the heading so screen-reader users hear what went wrong first.
  useEffect(() => {
    if (showing) heading.current?.focus();
  }, [type, showing]);

  const go = (url: string) => {
    if (emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
  };
  const relogin = (url: string) => {
    if (emit('yx-relogin', { url }, { cancelable: true })) location.assign(url);
  };
  const reload = () => {
    if (emit('yx-reload', { url: currentAddress() }, { cancelable: true })) reloader();
  };
  // A route is on the account host's standalone page: a bare hash would stay on a host app's page.
  // The global flavour's sign-in is another site already.
  const onAccountHost = (target: string) => (target.startsWith('#') ? accountPageUrl(settings.host, target) : target);
  const signInTarget = () => onAccountHost(reloginTarget(settings.flavour));

  let titleKey: MessageKey = spec.titleKey;
  if (type === 'ram-user') titleKey = flavour.ramUserMessageKey;
  const detailKey =
    type === 'login-failure' && reason && reason in LOGIN_FAILURE_REASONS
      ? LOGIN_FAILURE_REASONS[reason as keyof typeof LOGIN_FAILURE_REASONS]
      : undefined;

  const button = (action: ErrorAction, primary: boolean) => {
    const variant = primary ? 'primary' : 'secondary';
    switch (action) {
      case 'home':
        return (
          <Button key={action} variant={variant} onClick={() => go(homeUrl)}>
            {t('action.backHome')}
          </Button>
        );
      case 'reload':
      case 'retry':
        return (
          <Button key={action} variant={variant} onClick={reload}>
            {t(action === 'retry' ? 'common.retry' : 'common.reload')}
          </Button>
        );
      case 'switch-organization':
        return (
          <Button key={action} variant={variant} onClick={() => go(onAccountHost(SWITCH_ORGANIZATION_ROUTE))}>
            {t('action.switchOrganization')}
          </Button>
        );
      case 'sign-in-again':
        return (
          <Button key={action} variant={variant} onClick={() => relogin(signInTarget())}>
            {t('action.signInAgain')}
          </Button>
        );
      case 'ram-user': {
        const switchAccount = flavour.ramUserActionKey === 'action.switchAccount';
        const target = switchAccount ? logoutUrl(currentAddress(), settings.host) : signInTarget();
        return (
          <Button key={action} variant={variant} onClick={() => relogin(target)}>
            {t(flavour.ramUserActionKey)}
          </Button>
        );
      }
    }
  };

  if (!showing) {
    return (
      <section part="error-page" className="yx-error-page" data-status={status} aria-busy="true">
        <Spinner size="lg" />
      </section>
    );
  }

  return (
    <section
      part="error-page"
      className="yx-error-page"
      data-type={type}
      data-status={status}
      aria-labelledby="yx-error-title"
    >
      {spec.code && (
        <p part="code" className="yx-error-page__code" aria-hidden="true">
          {spec.code}
        </p>
      )}
      <h1 id="yx-error-title" ref={heading} tabIndex={-1} part="title" className="yx-error-page__title">
        {t(detailKey ?? titleKey)}
      </h1>
      {spec.hintKey && (
        <p part="hint" className="yx-error-page__hint">
          {t(spec.hintKey)}
        </p>
      )}
      {requestId && (
        <p part="request-id" className="yx-error-page__request-id">
          {t('page.errors.requestId', { requestId })}
        </p>
      )}
      <div part="actions" className="yx-error-page__actions">
        {spec.actions.map((action, i) => button(action, i === 0))}
      </div>
    </section>
  );
}
