/** The confirmation before deleting a token (§4): it can no longer be used afterwards. */
import { useElement } from '../../ui/context';
import { Confirm } from '../../ui/Confirm';
import type { AccessToken } from './api';

export interface DeleteTokenConfirmProps {
  open: boolean;
  token: AccessToken;
  onClose(): void;
  /** Deletes; resolves false on failure (the dialog stays open so the user may retry). */
  onConfirm(token: AccessToken): Promise<boolean>;
}

export function DeleteTokenConfirm({ open, token, onClose, onConfirm }: DeleteTokenConfirmProps) {
  const { t } = useElement();
  return (
    <Confirm
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      variant="danger"
      title={t('tokens.delete.title', { name: token.name })}
      message={t('tokens.delete.message')}
      confirmLabel={t('tokens.action.delete')}
      onConfirm={() => onConfirm(token)}
    />
  );
}
