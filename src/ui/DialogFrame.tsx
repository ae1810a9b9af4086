/**
 * The dialog mechanics shared by Modal, Drawer and Confirm (portal, overlay, focus, dismissal),
 * on Radix Dialog. Loaded with the first dialog a page opens (see DialogSurface in ./Modal).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useElement } from './context';
import { useStyles } from './css/use-styles';
import { dialogCss } from './css/dialog';
import { useDialogFocus } from './focus';
import { hideOutside } from './aria-hide';
import type { DialogSurfaceProps } from './Modal';

/** @internal The shared dialog frame. Use Modal, Drawer or Confirm instead. */
export function DialogFrame({
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
  useStyles(dialogCss);
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
