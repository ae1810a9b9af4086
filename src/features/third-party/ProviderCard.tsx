/**
 * One provider's card: its glyph and name, then the bound account (name, synchronized openId,
 * bound date) with Unbind, or Bind, or why it cannot be bound here.
 */
import { useId } from 'react';
import type { Ref } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { formatDate } from '../../core/dates';
import type { Identity, ProviderId } from './api';
import { LOGOS } from './logos';

/** A card is bound, can be bound, or cannot be bound on this site. */
export type CardState = 'bound' | 'unbound' | 'unavailable';

export interface ProviderCardProps {
  provider: ProviderId;
  /** The provider's display name ('DingTalk'). */
  name: string;
  available: boolean;
  identity: Identity | undefined;
  /** The Bind button, for focus after an unbind. */
  bindButtonRef?: Ref<HTMLButtonElement>;
  onBind(provider: ProviderId): void;
  onUnbind(identity: Identity): void;
}

export function ProviderCard({
  provider,
  name,
  available,
  identity,
  bindButtonRef,
  onBind,
  onUnbind,
}: ProviderCardProps) {
  const { t, locale } = useElement();
  const id = useId();
  // An account bound before the provider was switched off can still be unbound.
  const state: CardState = identity ? 'bound' : available ? 'unbound' : 'unavailable';
  const statusKey = {
    bound: 'identities.status.bound',
    unbound: 'identities.status.unbound',
    unavailable: 'identities.status.unavailable',
  } as const;

  return (
    <li
      part="provider-card"
      className="yx-tp-card"
      data-provider={provider}
      data-state={state}
      aria-labelledby={`${id}name`}
    >
      <svg
        part="logo"
        className="yx-tp-logo"
        data-provider={provider}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <rect className="yx-tp-logo__tile" width="24" height="24" rx="6" />
        <path className="yx-tp-logo__mark" d={LOGOS[provider].mark} />
      </svg>
      <div className="yx-tp-card__body">
        <div className="yx-tp-card__head">
          <h3 id={`${id}name`} part="provider-name" className="yx-tp-card__name">
            {name}
          </h3>
          <span part="badge" className="yx-tp-badge" data-state={state}>
            {t(statusKey[state])}
          </span>
        </div>
        {identity ? (
          <dl part="account" className="yx-tp-account">
            <div>
              <dt>{t('identities.account')}</dt>
              <dd part="account-name">{identity.name}</dd>
            </div>
            <div>
              <dt>{t('identities.openId')}</dt>
              <dd>
                <code part="open-id" className="yx-tp-mono">
                  {identity.openId}
                </code>
              </dd>
            </div>
            <div>
              <dt>{t('identities.boundAt')}</dt>
              <dd part="bound-at">{formatDate(identity.boundAt, locale)}</dd>
            </div>
          </dl>
        ) : (
          <p part={available ? 'hint' : 'unavailable-note'} className="yx-tp-muted">
            {t(available ? 'identities.unboundHint' : 'identities.unavailable', { provider: name })}
          </p>
        )}
      </div>
      <div className="yx-tp-card__actions">
        {state === 'bound' && identity && (
          <Button
            part="button unbind-button"
            aria-label={t('identities.action.unbindNamed', { provider: name, name: identity.name })}
            onClick={() => onUnbind(identity)}
          >
            {t('identities.action.unbind')}
          </Button>
        )}
        {state === 'unbound' && (
          <Button
            ref={bindButtonRef}
            variant="primary"
            part="button bind-button"
            aria-label={t('identities.action.bindNamed', { provider: name })}
            onClick={() => onBind(provider)}
          >
            {t('identities.action.bind')}
          </Button>
        )}
      </div>
    </li>
  );
}
