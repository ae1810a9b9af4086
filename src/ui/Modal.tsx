/**
 * Modal dialogs rendered into the element's own shadow root. `DialogSurface` holds the mechanics
 * shared by Modal, Drawer and Confirm (portal, overlay, focus, dismissal); `Modal` is the centred
 * variant.
 */
import { Suspense, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { lazyView, prefetch } from './lazy';

/** Common props of Modal and Drawer. */
export interface DialogBaseProps {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the user asks to close (Escape, outside click, close button). */
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** A sentence under the title, announced as the dialog's description. */
  description?: ReactNode;
  /** The body: fields, lists, text. The first field in it gets focus on open. */
  children?: ReactNode;
  /** Actions at the bottom (usually Cancel and a primary Button). */
  footer?: ReactNode;
  /** Extra class on the dialog, for feature styles. */
  className?: string;
}

/** @internal Everything DialogSurface needs beyond the common props. */
export interface DialogSurfaceProps extends DialogBaseProps {
  kind: 'modal' | 'drawer' | 'confirm';
  /** `false`: Escape, outside clicks and the close button cannot close it. @default true */
  dismissible?: boolean;
  /** Show the labelled × button in the header. @default dismissible */
  closeButton?: boolean;
  /** Also refuse outside clicks while keeping Escape (alert dialogs). @default false */
  ignoreOutsideClick?: boolean;
  /** @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** The element focused on open, overriding "first field of the body". */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Reflected as `data-size` for width. */
  size?: 'sm' | 'md' | 'lg';
  /** Reflected as `data-status` (e.g. `busy` on a Confirm). */
  status?: string;
}

// A page opens its dialogs only after a click, so their mechanics (Radix Dialog and our focus
// containment, ~10 KB gzip) are not part of its first download: they are fetched once the page
// is idle after its first screen, or with the first open if that comes sooner.
const DialogFrame = lazyView(() => import('./DialogFrame').then((m) => m.DialogFrame));
prefetch(DialogFrame);

/** @internal The shared dialog frame. Use Modal, Drawer or Confirm instead. */
export function DialogSurface(props: DialogSurfaceProps) {
  // Mounted from the first open on, so closing still runs through the frame (focus return,
  // restoring what it hid).
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  );
}

export interface ModalProps extends DialogBaseProps {
  /** `false` for a surface that must not close by accident (a secret shown once): Escape and
   * outside clicks are ignored and there is no × button, so the footer must offer the way out.
   * @default true */
  dismissible?: boolean;
  /** `alertdialog` when the content needs the user's attention before anything else (a secret
   * shown once). @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** Width: sm 400px, md 520px, lg 800px (never wider than the viewport). @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** The element focused on open; by default the first field of the body, else the first
   * tabbable element. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** A centred modal dialog in the element's shadow root: title, body, footer actions, overlay.
 * Focus moves to the first field, Tab stays inside, Escape closes (unless `dismissible={false}`)
 * and focus returns to the element that opened it. `part="modal"`, `data-state="open|closed"`.
 * @example
 * <Modal open={open} onOpenChange={setOpen} title={t('tokens.secret.title', { name })} dismissible={false}
 *   role="alertdialog" footer={<Button variant="primary" onClick={() => setOpen(false)}>…</Button>}>
 *   <SecretField value={token} />
 * </Modal> */
export function Modal({ dismissible = true, size = 'md', ...rest }: ModalProps) {
  return <DialogSurface kind="modal" dismissible={dismissible} size={size} {...rest} />;
}
