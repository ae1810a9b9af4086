/**
 * The other ways to sign in (§2): the identity providers the server has configured (DingTalk,
 * Lark, Enterprise WeChat, Alibaba Cloud), each going to its authorize URL, and LDAP / Windows AD
 * as a mode of the same form. Nothing is rendered when none is configured; when they could not be
 * loaded, a line says so in the row's place with a Retry.
 */
import { useEffect, useId, useRef } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import type { MessageKey } from '../../core/i18n/index';
import { safeRedirect } from '../../core/query';
import type { DirectoryKind, LoginMode, Provider, ProviderId } from './api';
import type { LoginState } from './store';

export const PROVIDER_KEYS: Record<ProviderId, MessageKey> = {
  dingtalk: 'page.login.dingtalk',
  lark: 'page.login.lark',
  'wechat-work': 'page.login.wechatWork',
  aliyun: 'page.login.aliyun',
};

export const MODE_KEYS: Record<DirectoryKind, MessageKey> = {
  ldap: 'page.login.ldap',
  'windows-ad': 'page.login.windowsAd',
};

/** The origin of the account host (`host`, else this page's: an empty `host` resolves to this page). */
function accountOrigin(host: string): string {
  try {
    return new URL(host, location.href).origin;
  } catch {
    return location.origin;
  }
}

export interface AlternativesProps {
  providers: LoginState['providers'];
  mode: LoginMode;
  /** Fetches the providers again after a failure. */
  onRetry(): void;
  onMode(mode: LoginMode): void;
  /** Called with the provider's authorize URL (already checked to stay on this origin). */
  onProvider(url: string): void;
}

export function Alternatives({
  providers: { value, status, error },
  mode,
  onMode,
  onProvider,
  onRetry,
}: AlternativesProps) {
  const { t, root, settings } = useElement();
  const titleId = useId();
  const row = useRef<HTMLElement>(null);
  const retried = useRef(false);
  // The server gives paths on the account host (`host`, else this page's origin): they are
  // followed there, and an authorize URL anywhere else is not followed at all.
  const origin = accountOrigin(settings.host);
  const links = (value?.providers ?? []).flatMap((p: Provider) => {
    const url = safeRedirect(p.authorize_url, origin);
    return url ? [{ ...p, url: url.startsWith('/') ? settings.host + url : url }] : [];
  });
  const kinds = value?.ldap?.enabled ? value.ldap.kinds : [];

  // A Retry that went through takes its button away: the row's first button (else the account
  // field) gets the focus, unless the user has moved it meanwhile.
  useEffect(() => {
    if (status !== 'ready' || !retried.current) return;
    retried.current = false;
    if (root.activeElement || document.activeElement !== document.body) return;
    (row.current?.querySelector('button') ?? root.querySelector('input'))?.focus();
  }, [status, root]);

  // The live region stays in place (hidden while empty), so its message is announced when it
  // comes; Retry is outside it, so its busy state is not.
  const failure = (
    <div className={error ? 'yx-login-alternatives' : 'yx-visually-hidden'} data-failed="">
      <div part="alternatives-error" className="yx-login-field-error" role="status">
        {error}
      </div>
      {error && (
        <Button
          part="button alternatives-retry-button"
          size="sm"
          loading={status === 'loading'}
          onClick={() => {
            retried.current = true;
            onRetry();
          }}
        >
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
  if (links.length === 0 && kinds.length === 0) return failure;

  return (
    <section ref={row} part="alternatives" className="yx-login-alternatives" aria-labelledby={titleId}>
      <h2 id={titleId} className="yx-login-alternatives__title">
        {t('page.login.otherMethods')}
      </h2>
      <ul className="yx-login-alternatives__list">
        {links.map((p) => {
          const name = t(PROVIDER_KEYS[p.id]);
          return (
            <li key={p.id}>
              <Button
                part="button provider-button"
                size="sm"
                data-provider={p.id}
                aria-label={t('login.provider.signIn', { name })}
                onClick={() => onProvider(p.url)}
              >
                {name}
              </Button>
            </li>
          );
        })}
        {kinds.map((kind) =>
          kind === mode ? null : (
            <li key={kind}>
              <Button
                part="button mode-button"
                size="sm"
                data-mode={kind}
                aria-label={t('login.mode.switchTo', { mode: t(MODE_KEYS[kind]) })}
                onClick={() => onMode(kind)}
              >
                {t(MODE_KEYS[kind])}
              </Button>
            </li>
          ),
        )}
        {mode !== 'password' && (
          <li>
            <Button part="button mode-button" size="sm" data-mode="password" onClick={() => onMode('password')}>
              {t('login.mode.back')}
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
