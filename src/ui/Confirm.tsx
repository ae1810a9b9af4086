/** The confirmation step before an irreversible action ("Delete this token?"). */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { useT } from './context';
import { DialogSurface } from './Modal';

export interface ConfirmProps {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when it closes: after a successful confirm, on Cancel or Escape. */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. "Delete token ci-deploy?". */
  title: ReactNode;
  /** What happens if the user confirms, e.g. "Apps using it stop working immediately." */
  message?: ReactNode;
  /** @default t('common.ok') */
  confirmLabel?: ReactNode;
  /** @default t('common.cancel') */
  cancelLabel?: ReactNode;
  /** `danger` for destructive actions. @default 'primary' */
  variant?: 'danger' | 'primary';
  /** Runs on confirm. While a returned promise is pending the confirm button shows a spinner and
   * the dialog cannot be cancelled; it then closes, unless the result is `false` or the promise
   * rejects (the caller reports the failure, e.g. with a toast, and the user may retry). */
  onConfirm: () => void | boolean | Promise<void | boolean>;
  /** Runs when the user backs out (Cancel or Escape). */
  onCancel?: () => void;
}

type Status = 'idle' | 'busy';

/** An alert dialog (`role="alertdialog"`, `aria-modal`) with a title, a message and Cancel /
 * confirm buttons, in the element's shadow root. Focus starts on Cancel, the safe choice for a
 * destructive action; Escape cancels (outside clicks do not); Tab stays inside; focus returns to
 * the element that opened it. `part="confirm"`, `data-state="open|closed"`,
 * `data-status="idle|busy"`.
 * @example
 * <Confirm open={open} onOpenChange={setOpen} variant="danger" title={t('tokens.delete.title', { name })}
 *   confirmLabel={t('tokens.action.delete')}
 *   onConfirm={async () => { const [error] = await api.remove(id); if (error) toast.error(error.message); return !error; }} /> */
export function Confirm({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  onConfirm,
  onCancel,
}: ConfirmProps) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // A dialog reopened after a pending run was abandoned (parent closed it) starts fresh.
  useEffect(() => {
    if (!open) setStatus('idle');
  }, [open]);

  const busy = status === 'busy';

  const cancel = () => {
    if (busy) return;
    onCancel?.();
    onOpenChange(false);
  };

  const confirm = async () => {
    if (busy) return;
    let result: void | boolean;
    try {
      const outcome = onConfirm();
      if (outcome instanceof Promise) {
        setStatus('busy');
        result = await outcome;
      } else {
        result = outcome;
      }
    } catch (error) {
      console.error('[yx] Confirm: onConfirm failed', error);
      result = false;
    }
    if (!mounted.current) return;
    setStatus('idle');
    if (result !== false) onOpenChange(false);
  };

  return (
    <DialogSurface
      kind="confirm"
      role="alertdialog"
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : cancel())}
      title={title}
      description={message}
      dismissible={!busy}
      closeButton={false}
      ignoreOutsideClick
      initialFocus={cancelRef}
      size="sm"
      status={status}
      footer={
        <>
          <span className="yx-visually-hidden" role="status">
            {busy ? t('ui.confirm.busy') : ''}
          </span>
          <Button ref={cancelRef} part="button cancel-button" aria-disabled={busy || undefined} onClick={cancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button part="button confirm-button" variant={variant} loading={busy} onClick={confirm}>
            {confirmLabel ?? t('common.ok')}
          </Button>
        </>
      }
    />
  );
}
