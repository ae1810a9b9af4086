/**
 * Failures of the message centre's writes → the §8 messages, in one place: 'Failed to mark as
 * read', 'Failed to clear read messages', 'Deletion failed, please retry', each followed by the
 * reason (our words for a known code, else the server's or the client's message).
 */
import type { HttpError } from '../../core/http';
import type { MessageKey, Translate } from '../../core/i18n/index';

export type NotificationOperation = 'markRead' | 'markAllRead' | 'delete' | 'clearRead';

const OPERATION_KEYS: Record<NotificationOperation, MessageKey> = {
  markRead: 'error.markReadFailed',
  markAllRead: 'error.markReadFailed',
  delete: 'error.deleteFailed',
  clearRead: 'error.clearReadFailed',
};

/** Codes the notifications API answers with that have a message of our own. */
const CODE_KEYS: Record<string, MessageKey> = {
  message_not_found: 'notifications.error.notFound',
  not_found: 'notifications.error.notFound',
};

function reasonKey(error: HttpError, operation: NotificationOperation): MessageKey | undefined {
  const known = CODE_KEYS[error.code];
  if (known) return known;
  if ((operation === 'markRead' || operation === 'delete') && error.status === 404) {
    return 'notifications.error.notFound';
  }
  return undefined;
}

/** The message a per-message call named no longer exists (deleted elsewhere): any 404, as for
 * the reason above — the route itself exists, or the list would not have loaded. */
export function isGone(error: HttpError): boolean {
  return error.status === 404 || CODE_KEYS[error.code] === 'notifications.error.notFound';
}

/** The whole sentence for a toast: 'Failed to mark as read: <reason>'. */
export function describeFailure(error: HttpError, operation: NotificationOperation, t: Translate): string {
  const key = reasonKey(error, operation);
  return t('notifications.failure', { message: t(OPERATION_KEYS[operation]), reason: key ? t(key) : error.message });
}
