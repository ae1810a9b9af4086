/** The confirmation before resetting the packages password: a new one is shown once, and works
 * (the old one, if any, stops working) 10 seconds after the reset (§4, §9). */
import { useElement } from '../../ui/context';
import { LazyConfirm } from '../../ui/LazyConfirm';

export interface ResetPasswordConfirmProps {
  open: boolean;
  /** No password works yet, so the message speaks of no old one. */
  first?: boolean;
  onClose(): void;
  /** Resets; resolves false on failure (the dialog stays open so the user may retry). */
  onConfirm(): Promise<boolean>;
}

export function ResetPasswordConfirm({ open, first, onClose, onConfirm }: ResetPasswordConfirmProps) {
  const { t } = useElement();
  return (
    <LazyConfirm
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      variant="danger"
      title={t('packages.reset.title')}
      message={t(first ? 'packages.reset.messageNew' : 'packages.reset.message')}
      confirmLabel={t('packages.reset.confirm')}
      onConfirm={onConfirm}
    />
  );
}
