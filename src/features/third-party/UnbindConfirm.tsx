/** The confirmation before unbinding an account: signing in with it stops working. */
import { useElement } from '../../ui/context';
import { LazyConfirm } from '../../ui/LazyConfirm';
import type { Identity } from './api';

export interface UnbindConfirmProps {
  open: boolean;
  identity: Identity;
  /** The provider's display name ('DingTalk'). */
  providerName: string;
  onClose(): void;
  /** Unbinds; resolves false on failure (the dialog stays open so the user may retry). */
  onConfirm(identity: Identity): Promise<boolean>;
}

export function UnbindConfirm({ open, identity, providerName, onClose, onConfirm }: UnbindConfirmProps) {
  const { t } = useElement();
  return (
    <LazyConfirm
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      variant="danger"
      title={t('identities.unbind.title', { provider: providerName, name: identity.name })}
      message={t('identities.unbind.message', { provider: providerName })}
      confirmLabel={t('identities.unbind.confirm')}
      onConfirm={() => onConfirm(identity)}
    />
  );
}
