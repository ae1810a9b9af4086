/** The confirmation before clearing all read messages (§4): the deletion is permanent. */
import { useElement } from '../../ui/context';
import { Confirm } from '../../ui/Confirm';

export interface ClearReadConfirmProps {
  open: boolean;
  /** The app filter in force: only its read messages are cleared. */
  appName: string | null;
  onClose(): void;
  /** Clears; resolves false on failure (the dialog stays open so the user may retry). */
  onConfirm(): Promise<boolean>;
}

export function ClearReadConfirm({ open, appName, onClose, onConfirm }: ClearReadConfirmProps) {
  const { t } = useElement();
  return (
    <Confirm
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      variant="danger"
      title={appName ? t('notifications.clear.titleApp', { app: appName }) : t('notifications.clear.title')}
      message={t('notifications.clear.message')}
      confirmLabel={t('notifications.clear.confirm')}
      onConfirm={onConfirm}
    />
  );
}
