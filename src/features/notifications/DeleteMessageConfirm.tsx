/** The confirmation before deleting one message (§4): the deletion is permanent. */
import { useElement } from '../../ui/context';
import { Confirm } from '../../ui/Confirm';
import type { Message } from './api';

/** The most characters of a title the question quotes: a longer one is cut, so that however long
 * the title, the question stays a few lines and the buttons stay in view. */
const TITLE_MAX = 80;

export interface DeleteMessageConfirmProps {
  open: boolean;
  message: Message;
  onClose(): void;
  /** Deletes; resolves false on failure (the dialog stays open so the user may retry). */
  onConfirm(message: Message): Promise<boolean>;
}

export function DeleteMessageConfirm({ open, message, onClose, onConfirm }: DeleteMessageConfirmProps) {
  const { t } = useElement();
  const chars = Array.from(message.title);
  const title = chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX - 1).join('')}…` : message.title;
  return (
    <Confirm
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      variant="danger"
      title={t('notifications.delete.title', { title })}
      message={t('notifications.delete.message')}
      confirmLabel={t('notifications.action.delete')}
      onConfirm={() => onConfirm(message)}
    />
  );
}
