/**
 * `<yx-third-party-bindings>`: the user's DingTalk and Lark accounts (§2, §3, §7, issue 5), one
 * card per provider: the bound account with Unbind (after a confirmation), Bind (a full-page trip
 * to the provider through a cancelable `yx-navigate`), or why it cannot be bound here. Coming back
 * from the provider, the page's `?bound=` / `?error=` is read once and said in a toast. The same
 * content serves the identity-provider section under that section's label.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement } from '../../ui/context';
import { useFocusAfterDialog } from '../../ui/focus-after-dialog';
import { Result } from '../../ui/Result';
import { Skeleton } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import type { MessageKey, Translate } from '../../core/i18n/index';
import { getQueryParam } from '../../core/query';
import { PROVIDERS, authorizeUrl, createThirdPartyApi, isProvider } from './api';
import type { Identity, ProviderId } from './api';
import { describeBindError, describeUnbindError, isErrorCode } from './errors';
import { createThirdPartyActions, createThirdPartyStore } from './store';
import { ProviderCard } from './ProviderCard';
import { UnbindConfirm } from './UnbindConfirm';
import './events';

/** Which settings section the element stands for: the same content under another label. */
export const SECTIONS = ['third-party', 'identity-provider'] as const;
export type Section = (typeof SECTIONS)[number];

export interface ThirdPartyBindingsProps {
  /** @default 'third-party' */
  section?: Section;
}

const NAME_KEYS: Record<ProviderId, MessageKey> = {
  dingtalk: 'identities.provider.dingtalk',
  lark: 'identities.provider.lark',
};
const providerName = (provider: ProviderId, t: Translate) => t(NAME_KEYS[provider]);

/** The outcome parameters of the binding flow, taken out of the address so a reload or Back does
 * not repeat the message. `replaceState` fires no `hashchange`: a hash router stays where it is. */
function forgetOutcome() {
  const url = new URL(location.href);
  const strip = (query: string) => {
    const params = new URLSearchParams(query);
    params.delete('bound');
    params.delete('error');
    const rest = params.toString();
    return rest ? `?${rest}` : '';
  };
  url.search = strip(url.search);
  const q = url.hash.indexOf('?');
  if (q >= 0) url.hash = url.hash.slice(0, q) + strip(url.hash.slice(q + 1));
  if (url.href !== location.href) history.replaceState(history.state, '', url.href);
}

export function ThirdPartyBindings({ section = 'third-party' }: ThirdPartyBindingsProps) {
  const { http, t, emit, root, settings } = useElement();
  const toast = useToast();
  const id = useId();
  const api = useMemo(() => createThirdPartyApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createThirdPartyStore);
  const actions = useMemo(() => createThirdPartyActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [unbinding, setUnbinding] = useState<{ key: number; open: boolean; value: Identity } | null>(null);
  const bindButtons = useRef(new Map<ProviderId, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  // The Unbind button is gone with the binding: focus goes to the card's Bind button.
  const focusAfterDialog = useFocusAfterDialog(root);
  const latest = useRef({ t, toast });
  latest.current = { t, toast };

  useEffect(() => {
    void actions.load();
    return () => {
      actions.reset();
      setUnbinding(null);
    };
  }, [actions]);

  // Back from the provider: say how it went, once.
  useEffect(() => {
    const { t: tr, toast: say } = latest.current;
    const bound = getQueryParam('bound');
    const code = getQueryParam('error');
    if (isProvider(bound)) say.success(tr('identities.bound', { provider: providerName(bound, tr) }));
    else if (code && isErrorCode(code)) say.error(describeBindError(code, tr));
    else return;
    forgetOutcome();
  }, []);

  const bind = (provider: ProviderId) => {
    const url = authorizeUrl(settings.host, provider);
    emit('yx-identity-bind', { provider });
    if (emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
  };

  const unbind = async (identity: Identity): Promise<boolean> => {
    const [error] = await apiRef.current.unbind(identity.provider);
    // 404: unbound already (in another tab). What the user asked for is done.
    if (error && error.status !== 404) {
      toast.error(describeUnbindError(error, t), `unbind ${identity.provider}`);
      return false;
    }
    actions.unbound(identity.provider);
    toast.success(
      t('identities.unbind.done', { provider: providerName(identity.provider, t) }),
      `unbind ${identity.provider}`,
    );
    emit('yx-identity-unbind', { provider: identity.provider });
    focusAfterDialog(() => bindButtons.current.get(identity.provider) ?? heading.current);
    return true;
  };

  const { status } = state;
  const cards = PROVIDERS.filter(
    (p) => state.providers.some((info) => info.provider === p) || state.identities.some((i) => i.provider === p),
  );

  let body;
  if (status === 'error') {
    body = (
      <Result
        status="error"
        title={t('identities.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (status !== 'ready') {
    body = (
      <>
        <Skeleton lines={4} />
        <span role="status" className="yx-visually-hidden">
          {t('common.loading')}
        </span>
      </>
    );
  } else if (cards.length === 0) {
    body = <Result status="empty" title={t('identities.empty')} />;
  } else {
    body = (
      <ul part="provider-list" className="yx-tp-list" aria-labelledby={`${id}title`}>
        {cards.map((provider) => (
          <ProviderCard
            key={provider}
            provider={provider}
            name={providerName(provider, t)}
            available={state.providers.some((p) => p.provider === provider && p.available)}
            identity={state.identities.find((i) => i.provider === provider)}
            bindButtonRef={(node) => {
              if (node) bindButtons.current.set(provider, node);
              else bindButtons.current.delete(provider);
            }}
            onBind={bind}
            onUnbind={(identity) => setUnbinding((u) => ({ key: (u?.key ?? 0) + 1, open: true, value: identity }))}
          />
        ))}
      </ul>
    );
  }

  const identityProvider = section === 'identity-provider';
  return (
    <section
      part="third-party"
      className="yx-tp"
      data-status={status}
      data-section={section}
      aria-labelledby={`${id}title`}
      aria-busy={status === 'loading' || undefined}
    >
      <h2 ref={heading} id={`${id}title`} part="title" className="yx-tp-heading" tabIndex={-1}>
        {t(identityProvider ? 'page.settings.identityProvider' : 'page.settings.thirdParty')}
      </h2>
      <p part="intro" className="yx-tp-muted">
        {t(identityProvider ? 'identities.intro.identityProvider' : 'identities.intro')}
      </p>
      {body}
      {unbinding && (
        <UnbindConfirm
          key={unbinding.key}
          open={unbinding.open}
          identity={unbinding.value}
          providerName={providerName(unbinding.value.provider, t)}
          onClose={() => setUnbinding((u) => u && { ...u, open: false })}
          onConfirm={unbind}
        />
      )}
    </section>
  );
}
