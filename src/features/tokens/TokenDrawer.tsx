/** The create / edit drawer (§4): 640 wide, the shared token form, Cancel and submit. */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import type { AccessToken, TokensApi } from './api';
import type { ScopesState } from './store';
import { TokenForm, useTokenForm } from './TokenForm';
import type { SaveOutcome, TokenFormMode } from './TokenForm';

export interface TokenDrawerProps {
  open: boolean;
  mode: TokenFormMode;
  /** The token being edited (edit mode). */
  token?: AccessToken | undefined;
  api: TokensApi;
  scopes: ScopesState;
  onRetryScopes(): void;
  onClose(): void;
  onSaved(outcome: SaveOutcome): void;
}

/** Give each opening a new `key`: it then starts from a fresh form (or the token's values). */
export function TokenDrawer({ open, mode, token, api, scopes, onRetryScopes, onClose, onSaved }: TokenDrawerProps) {
  const { t } = useElement();
  const formId = useId();
  const form = useTokenForm({ mode, token, api, scopes, onSaved });
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        if (!next && !form.saving) onClose();
      }}
      className="yx-tokens-drawer"
      title={t(mode === 'create' ? 'tokens.form.createTitle' : 'tokens.form.editTitle')}
      footer={
        <>
          <Button
            part="button cancel-button"
            aria-disabled={form.saving || undefined}
            onClick={() => {
              if (!form.saving) onClose();
            }}
          >
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
            {t(mode === 'create' ? 'tokens.action.submitCreate' : 'tokens.action.submitEdit')}
          </Button>
        </>
      }
    >
      <TokenForm form={form} formId={formId} scopes={scopes} onRetryScopes={onRetryScopes} />
    </Drawer>
  );
}
