/** The confirmation before deleting a key: what stops working once it is gone. */
import { useElement } from '../../ui/context';
import { LazyConfirm } from '../../ui/LazyConfirm';
import type { SshKey } from './api';

export interface DeleteSshKeyConfirmProps {
  open: boolean;
  sshKey: SshKey;
  onClose(): void;
  /** Deletes; resolves false on failure (the dialog stays open so the user may retry). */
  onConfirm(sshKey: SshKey): Promise<boolean>;
}

export function DeleteSshKeyConfirm({ open, sshKey, onClose, onConfirm }: DeleteSshKeyConfirmProps) {
  const { t } = useElement();
  return (
    <LazyConfirm
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      variant="danger"
      title={t('ssh.delete.title', { title: sshKey.title })}
      message={t('ssh.delete.message')}
      confirmLabel={t('ssh.action.delete')}
      onConfirm={() => onConfirm(sshKey)}
    />
  );
}
