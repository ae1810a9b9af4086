/**
 * Shadow-safe focus helpers. Inside a shadow root `document.activeElement` is the host element,
 * so anything that compares it with an element of the shadow tree (Radix FocusScope's trap,
 * RovingFocusGroup's `focusFirst`) silently does the wrong thing. These helpers read the focused
 * element from the node's own root and walk into open shadow roots, so they work at any depth.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input',
  'select',
  'textarea',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** The focused element as seen from `node`'s root (a document or a shadow root), followed down
 * into nested open shadow roots. `null` when nothing inside that root has focus.
 * @example activeElementOf(root) // the button focused inside the element's shadow root */
export function activeElementOf(node: Node): Element | null {
  const rootNode = node.getRootNode() as Document | ShadowRoot;
  let active = 'activeElement' in rootNode ? rootNode.activeElement : null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Whether `node` is `ancestor` or inside it, crossing shadow boundaries (Node.contains does not). */
export function containsComposed(ancestor: Node, node: Node | null): boolean {
  for (let current: Node | null = node; current;) {
    if (current === ancestor) return true;
    current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
  }
  return false;
}

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
  if (element.closest('[inert]')) return false;
  // checkVisibility covers display:none ancestors, visibility:hidden and content-visibility.
  if (!element.checkVisibility({ checkVisibilityCSS: true })) return false;
  if (element instanceof HTMLInputElement && element.type === 'radio' && element.name && !element.checked) {
    // A radio group is one tab stop: the checked radio, or the first one when none is checked.
    const scope = element.form ?? element.getRootNode();
    const group = [...(scope as ParentNode).querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
      (radio) => radio.name === element.name,
    );
    return !group.some((radio) => radio.checked) && group[0] === element;
  }
  return true;
}

/** The elements Tab reaches inside `container`, in DOM order, descending into open shadow roots.
 * Positive `tabindex` values are treated as 0 (they are an anti-pattern and rare in practice). */
export function tabbables(container: Element | ShadowRoot): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (parent: Element | ShadowRoot) => {
    for (const child of parent.children) {
      if (child instanceof HTMLElement && child.matches(CANDIDATES) && isTabbable(child)) found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  visit(container);
  return found;
}

/** Focuses the first tabbable element of the first container that has one; returns what it
 * focused (or null). Scrolling is left to the browser's own focus behaviour. */
export function focusFirstIn(...containers: Array<Element | ShadowRoot | null | undefined>): HTMLElement | null {
  for (const container of containers) {
    const first = container ? tabbables(container)[0] : undefined;
    if (first) {
      first.focus();
      return first;
    }
  }
  return null;
}

/** Keeps Tab / Shift+Tab inside `container`: from the last tabbable Tab goes to the first, from
 * the first Shift+Tab goes to the last, and from the container itself (focused after a click on
 * plain text) either key enters it. Call it from the container's keydown handler. Returns true
 * when it moved focus. Keys from a nested dialog (a Confirm over a Drawer) are left alone: they
 * bubble through the React tree but their target is outside this container's DOM. */
export function trapTabKey(event: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return false;
  const active = activeElementOf(container);
  if (!containsComposed(container, active)) return false;
  const list = tabbables(container);
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return false;
  }
  // `contains` rather than `===`: focus may sit inside a composite tab stop (a Radix tab list).
  const atFirst = active === container || containsComposed(first, active);
  const atLast = active === container || containsComposed(last, active);
  const target = event.shiftKey ? (atFirst ? last : null) : atLast ? first : null;
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}

/** Open dialog contents, oldest first: only the topmost one pulls stray focus back. */
const openDialogs: HTMLElement[] = [];

/** While `content` is the topmost open dialog, focus that lands outside it (re-entering the page
 * from the browser's toolbar reaches Radix's focus guard, then whatever sits behind the dialog)
 * is moved back in. Radix's own guard listens on the document only, where a move between two
 * nodes of one shadow root is never dispatched (both retarget to the host), so we listen on
 * every root from the dialog's shadow root up to the document. Returns the function that stops
 * guarding. */
function guardFocus(content: HTMLElement): () => void {
  openDialogs.push(content);
  const roots: Array<Document | ShadowRoot> = [];
  for (let root = content.getRootNode(); ; root = root.host.getRootNode()) {
    if (root instanceof ShadowRoot) roots.push(root);
    else {
      roots.push(document);
      break;
    }
  }
  const onFocusIn = (event: Event) => {
    if (openDialogs[openDialogs.length - 1] !== content || !content.isConnected) return;
    const target = event.composedPath()[0];
    if (target instanceof Node && containsComposed(content, target)) return;
    if (!focusFirstIn(content)) content.focus();
  };
  for (const root of roots) root.addEventListener('focusin', onFocusIn, true);
  return () => {
    for (const root of roots) root.removeEventListener('focusin', onFocusIn, true);
    const index = openDialogs.indexOf(content);
    if (index >= 0) openDialogs.splice(index, 1);
  };
}

export interface DialogFocusOptions {
  /** Where focus goes when the dialog opens; else the first tabbable of `preferred()`, else the
   * first tabbable of the dialog, else the dialog itself. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** A region searched first for the initial focus (the dialog body, so the first field wins
   * over the header's close button). */
  preferred?: () => HTMLElement | null | undefined;
}

/** Focus handling for a Radix Dialog.Content rendered in a shadow root, where Radix's own
 * FocusScope cannot see focus (it reads `document.activeElement`, which is the host): focuses
 * the first field on open, traps Tab / Shift+Tab, pulls stray focus back in, and returns focus
 * to the element focused before opening. Spread the result onto `Dialog.Content`.
 * @example <Dialog.Content {...useDialogFocus({ preferred: () => bodyRef.current })}> */
export function useDialogFocus(options: DialogFocusOptions = {}) {
  const returnTo = useRef<HTMLElement | null>(null);
  const stopGuard = useRef<(() => void) | null>(null);
  const latest = useRef(options);
  latest.current = options;
  // Also stop guarding when the component goes away while the dialog is open.
  useEffect(() => () => stopGuard.current?.(), []);

  const onOpenAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    const content = event.currentTarget as HTMLElement;
    // Focus has not moved yet: what holds it now is the trigger to return to.
    const trigger = activeElementOf(document);
    returnTo.current = trigger instanceof HTMLElement && !containsComposed(content, trigger) ? trigger : null;
    stopGuard.current?.();
    stopGuard.current = guardFocus(content);
    const explicit = latest.current.initialFocus?.();
    if (explicit) {
      explicit.focus();
      return;
    }
    if (!focusFirstIn(latest.current.preferred?.(), content)) content.focus();
  }, []);

  const onCloseAutoFocus = useCallback((event: Event) => {
    // Radix would focus its own Dialog.Trigger (we have none: dialogs here are controlled) or,
    // failing that, `document.activeElement` from before opening, which in a shadow root is the
    // unfocusable host: focus would end on <body>.
    event.preventDefault();
    stopGuard.current?.();
    stopGuard.current = null;
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  const onKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>) => {
    trapTabKey(event, event.currentTarget);
  }, []);

  return { onOpenAutoFocus, onCloseAutoFocus, onKeyDown };
}
