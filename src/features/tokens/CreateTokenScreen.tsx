/**
 * The separate create screen (`view="create"`, the `/create` child route of §2): the token form
 * inline on a page. Cancel and "Back" announce a cancelable `yx-navigate` to the list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import type { TokensApi } from './api';
import type { TokenActions, TokenState } from './store';
import { TokenForm, useTokenForm } from './TokenForm';
import type { SaveOutcome } from './TokenForm';
import { SecretOnce } from './SecretOnce';
import { accountPageUrl } from '../../core/http';

/** The token list's route (§2) on the standalone page ({@link accountPageUrl}). */
export const TOKEN_LIST_ROUTE = '#/users/settings/personalAccessToken';

export interface CreateTokenScreenProps {
  api: TokensApi;
  state: TokenState;
  actions: TokenActions;
  onSaved(outcome: SaveOutcome): void;
}

export function CreateTokenScreen({ api, state, actions, onSaved }: CreateTokenScreenProps) {
  const { t, emit, settings } = useElement();
  const formId = useId();
  const [created, setCreated] = useState(false);
  const backButton = useRef<HTMLButtonElement>(null);
  const form = useTokenForm({
    mode: 'create',
    api,
    scopes: state.scopes,
    onSaved(outcome) {
      setCreated(true);
      onSaved(outcome);
    },
  });

  useEffect(() => {
    void actions.loadScopes();
  }, [actions]);

  const backToList = () => {
    const url = accountPageUrl(settings.host, TOKEN_LIST_ROUTE);
    if (emit('yx-navigate', { url }, { cancelable: true })) location.assign(url);
  };

  if (created) {
    return (
      <section part="create-screen" className="yx-tokens-page" data-state="created" aria-labelledby={`${formId}done`}>
        <h2 id={`${formId}done`} part="title" className="yx-tokens-title">
          {t('tokens.create.doneTitle')}
        </h2>
        {state.visibleToken && (
          <SecretOnce
            secret={state.visibleToken}
            onCleared={() => {
              actions.clearSecret();
              backButton.current?.focus();
            }}
          />
        )}
        <div className="yx-tokens-page__actions">
          <Button ref={backButton} part="button back-button" onClick={backToList}>
            {t('tokens.action.backToList')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section part="create-screen" className="yx-tokens-page" data-state="editing" aria-labelledby={`${formId}title`}>
      <h2 id={`${formId}title`} part="title" className="yx-tokens-title">
        {t('tokens.form.createTitle')}
      </h2>
      <TokenForm
        form={form}
        formId={formId}
        scopes={state.scopes}
        onRetryScopes={() => void actions.loadScopes(true)}
      />
      <div className="yx-tokens-page__actions">
        <Button part="button cancel-button" onClick={backToList}>
          {t('common.cancel')}
        </Button>
        <Button
          part="button submit-button"
          variant="primary"
          type="submit"
          form={formId}
          loading={form.saving}
          aria-disabled={form.blocked || undefined}
          {...(form.blocked && !form.saving ? { 'data-state': 'disabled' } : {})}
        >
          {t('tokens.action.submitCreate')}
        </Button>
      </div>
    </section>
  );
}
