/** The create / edit drawer (§4): 640 wide, the shared token form, Cancel and submit. */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import type { AccessToken, TokensApi } from './api';
import type { ScopesState } from './store';
import { TokenForm, useTokenForm } from './TokenForm';
import type { SaveOutcome, TokenFormMode, TokenFormValues } from './TokenForm';

export interface TokenDrawerProps {
  open: boolean;
  mode: TokenFormMode;
  /** The token being edited (edit mode). */
  token?: AccessToken | undefined;
  /** The values left unsubmitted by an earlier opening for the same token (or a new one). */
  draft?: TokenFormValues | undefined;
  api: TokensApi;
  scopes: ScopesState;
  onRetryScopes(): void;
  /** Closed without submitting. After Escape, a click beside the drawer or ×, which are easily
   * made by accident, `draft` holds what the user changed, to start the next opening from;
   * after Cancel (a choice to drop it) or when nothing changed, it is undefined. */
  onClose(draft: TokenFormValues | undefined): void;
  onSaved(outcome: SaveOutcome): void;
}

/** Give each opening a new `key`: it then starts from the draft if any, else from a fresh form
 * (or the token's values). */
export function TokenDrawer({
  open,
  mode,
  token,
  draft,
  api,
  scopes,
  onRetryScopes,
  onClose,
  onSaved,
}: TokenDrawerProps) {
  const { t } = useElement();
  const formId = useId();
  const form = useTokenForm({ mode, token, draft, api, scopes, onSaved });
  const close = (keep: boolean) => {
    if (!form.saving) onClose(keep && form.edited ? form.values : undefined);
  };
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        if (!next) close(true);
      }}
      className="yx-tokens-drawer"
      title={t(mode === 'create' ? 'tokens.form.createTitle' : 'tokens.form.editTitle')}
      footer={
        <>
          <Button part="button cancel-button" aria-disabled={form.saving || undefined} onClick={() => close(false)}>
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
