/**
 * Modal dialogs rendered into the element's own shadow root. `DialogSurface` holds the mechanics
 * shared by Modal, Drawer and Confirm (portal, overlay, focus, dismissal); `Modal` is the centred
 * variant.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useElement } from './context';
import { useDialogFocus } from './focus';
import { hideOutside } from './aria-hide';

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

/** @internal The shared dialog frame. Use Modal, Drawer or Confirm instead. */
export function DialogSurface({
  kind,
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  dismissible = true,
  closeButton = dismissible,
  ignoreOutsideClick = false,
  role = 'dialog',
  initialFocus,
  size,
  status,
}: DialogSurfaceProps) {
  const { root, t } = useElement();
  const bodyRef = useRef<HTMLDivElement>(null);
  const focus = useDialogFocus({ initialFocus: () => initialFocus?.current, preferred: () => bodyRef.current });
  const refuse = (event: Event) => event.preventDefault();
  // State, not a ref: the portal mounts its content a render after `open` turns true.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  // Outside content is hidden from assistive technology by us (see ./aria-hide), which is why
  // Radix runs non-modal here: its own hiding fails in nested shadow roots. Focus containment
  // (./focus), the overlay and outside-click handling are ours either way.
  useEffect(() => (open && content ? hideOutside(content) : undefined), [open, content]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal container={root}>
        {/* A plain overlay rather than Dialog.Overlay: Radix's scroll lock injects a <style> into
            the host page's <head>, which a strict CSP blocks. Its mousedown is cancelled so a click
            on it never moves focus to <body> (Radix's focus trap cannot pull it back here). */}
        <div
          className="yx-overlay"
          part="overlay"
          data-kind={kind}
          role="presentation"
          onMouseDown={(event) => event.preventDefault()}
        />
        <Dialog.Content
          ref={setContent}
          {...focus}
          className={className ? `yx-dialog ${className}` : 'yx-dialog'}
          part={kind}
          role={role}
          aria-modal="true"
          data-kind={kind}
          data-size={size}
          data-status={status}
          onEscapeKeyDown={dismissible ? undefined : refuse}
          onPointerDownOutside={dismissible && !ignoreOutsideClick ? undefined : refuse}
          onInteractOutside={dismissible && !ignoreOutsideClick ? undefined : refuse}
        >
          <div className="yx-dialog__header" part={`${kind}-header`}>
            <div className="yx-dialog__heading">
              <Dialog.Title className="yx-dialog__title" part={`${kind}-title`}>
                {title}
              </Dialog.Title>
              {description && (
                <Dialog.Description className="yx-dialog__description" part={`${kind}-description`}>
                  {description}
                </Dialog.Description>
              )}
            </div>
            {closeButton && (
              <Dialog.Close className="yx-dialog__close" part="close-button" aria-label={t('ui.dialog.close')}>
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </div>
          <div ref={bodyRef} className="yx-dialog__body" part={`${kind}-body`}>
            {children}
          </div>
          {footer && (
            <div className="yx-dialog__footer" part={`${kind}-footer`}>
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
 * <Modal open={open} onOpenChange={setOpen} title={t('tokens.secret.title')} dismissible={false}
 *   role="alertdialog" footer={<Button variant="primary" onClick={() => setOpen(false)}>…</Button>}>
 *   <SecretField value={token} />
 * </Modal> */
export function Modal({ dismissible = true, size = 'md', ...rest }: ModalProps) {
  return <DialogSurface kind="modal" dismissible={dismissible} size={size} {...rest} />;
}
