/**
 * The dialog mechanics shared by Modal, Drawer and Confirm (portal, overlay, focus, dismissal),
 * on Radix Dialog. Loaded with the first dialog a page opens (see DialogSurface in ./Modal).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useElement } from './context';
import { useStyles } from './css/use-styles';
import { dialogCss } from './css/dialog';
import { useDialogFocus } from './focus';
import { hideOutside } from './aria-hide';
import type { DialogSurfaceProps } from './Modal';

/** Dialog contents on screen, oldest first (a Drawer opened from a Modal comes after it). */
const layers: HTMLElement[] = [];

/** The open dialog on top, if any (one closing may stay mounted for a moment). */
const topLayer = (): HTMLElement | undefined =>
  layers.findLast((layer) => layer.isConnected && layer.dataset.state !== 'closed');

/** The topmost dialog when each press began. Radix reports a left-button press outside a dialog
 * only at its click, by which time the dialog the press was in (a Confirm left with Cancel) may
 * be gone. */
const topAtPress = new WeakMap<Event, HTMLElement | undefined>();
const recordPress = (event: Event) => topAtPress.set(event, topLayer());

/** Keeps {@link layers} in step with one dialog's content element: a ref callback, so a dialog is
 * listed before focus moves into it (Radix's open auto-focus runs in an effect, after refs). */
function trackLayer(previous: HTMLElement | null, next: HTMLElement | null) {
  const index = previous ? layers.indexOf(previous) : -1;
  if (index >= 0) layers.splice(index, 1);
  if (next) layers.push(next);
  // Captured on the document, so a press is recorded before Radix's own (bubbling) listener sees it.
  if (layers.length > 0) document.addEventListener('pointerdown', recordPress, true);
  else document.removeEventListener('pointerdown', recordPress, true);
}

/** Whether an interaction outside `content` (Radix's custom event, the pointerdown or focusin it
 * stands for in `detail.originalEvent`) belongs to another dialog open above it. A Drawer or
 * Confirm opened from a Modal is its sibling in React's tree, not its child, so Radix counts a
 * press in it, or on its overlay, as outside the Modal: only the topmost dialog may take it as a
 * request to close. */
function coveredByAnother(content: HTMLElement, event: Event): boolean {
  const original = (event as CustomEvent<{ originalEvent?: Event } | null>).detail?.originalEvent;
  const top = original && topAtPress.has(original) ? topAtPress.get(original) : topLayer();
  return top !== undefined && top !== content;
}

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
  const tracked = useRef<HTMLDivElement | null>(null);
  const contentRef = useCallback((node: HTMLDivElement | null) => {
    trackLayer(tracked.current, node);
    tracked.current = node;
    setContent(node);
  }, []);
  // A press or focus outside closes the dialog only if it may be dismissed that way and no other
  // dialog is open above it (the press then belongs to that one: its fields, its overlay).
  const outside = (event: Event) => {
    if (!dismissible || ignoreOutsideClick || (content && coveredByAnother(content, event))) event.preventDefault();
  };
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
          ref={contentRef}
          {...focus}
          className={className ? `yx-dialog ${className}` : 'yx-dialog'}
          part={kind}
          role={role}
          aria-modal="true"
          data-kind={kind}
          data-size={size}
          data-status={status}
          onEscapeKeyDown={dismissible ? undefined : refuse}
          onPointerDownOutside={outside}
          onInteractOutside={outside}
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
