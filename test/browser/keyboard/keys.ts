/**
 * What a keyboard-only user does and sees: keys sent through the browser (never `.click()`), the
 * focused element inside shadow roots, and whether that element shows a focus ring.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement, settle, waitFor } from '../fixtures/harness';

export const focused = () => deepActiveElement() as HTMLElement | null;

/** Presses one key and lets React commit what it caused. */
export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
  await settle();
}

/** Shift+Tab (puppeteer refuses the combined 'Shift+Tab'). */
export async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
  await settle();
}

export async function type(text: string): Promise<void> {
  await sendKeys({ type: text });
  await settle();
}

/**
 * A button of the host page in front of the element, focused: the keyboard user arrives from the
 * page with Tab, as they would on a real page (focusing a page control is not a click).
 */
export function pageStart(label = 'Page start'): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = label;
  document.body.prepend(button);
  button.focus();
  return button;
}

/** A short name for the focused element, for failure messages and focus-order lists. */
export function nameOf(el: Element | null): string {
  if (!el) return '(nothing)';
  const part = el.getAttribute('part');
  const name = el.getAttribute('name');
  const role = el.getAttribute('role');
  return [el.localName, part && `[part="${part}"]`, name && `[name="${name}"]`, role && `[role="${role}"]`]
    .filter(Boolean)
    .join('');
}

/** Presses Tab until `match` holds for the focused element; fails with the path taken. */
export async function tabTo(
  match: (el: HTMLElement) => boolean,
  { max = 30, backwards = false, message = 'the control' } = {},
): Promise<HTMLElement> {
  const path: string[] = [];
  for (let i = 0; i <= max; i++) {
    const now = focused();
    if (now && match(now)) return now;
    path.push(nameOf(now));
    if (backwards) await shiftTab();
    else await press('Tab');
  }
  throw new Error(`Tab never reached ${message}; focus went through: ${path.join(' → ')}`);
}

/** Fails unless `target` has focus. (Comparing elements with chai's `equal` would print a failing
 * element with its React internals, which takes the page down.) */
export function expectFocused(target: Element | null | undefined, what: string): HTMLElement {
  const now = focused();
  if (!target) throw new Error(`${what} is not on the page (focus is on ${nameOf(now)})`);
  if (now !== target) throw new Error(`expected focus on ${what}, but it is on ${nameOf(now)}`);
  return now as HTMLElement;
}

/** Waits until focus rests on `target` (focus often moves a frame after the key). */
export async function focusLandsOn(target: () => Element | null | undefined, message: string): Promise<HTMLElement> {
  try {
    await waitFor(
      () => {
        const t = target();
        return t && focused() === t;
      },
      { timeout: 5000, message },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message} (focus is on ${nameOf(focused())})`);
  }
  return focused()!;
}

/** The element that draws the ring of `el`: a tree item rings its row; a native input kept
 * invisible or visually hidden (a segmented radio, a file input) rings the label beside it. */
function ringHolder(el: HTMLElement): Element {
  if (el.getAttribute('role') === 'treeitem') return el.querySelector('[part="tree-row"]') ?? el;
  const hidden = getComputedStyle(el).opacity === '0' || el.getBoundingClientRect().width <= 1;
  if (el instanceof HTMLInputElement && hidden) return el.nextElementSibling ?? el;
  return el;
}

function hasRing(el: Element): boolean {
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
}

/** The focused element is :focus-visible and visibly ringed (an outline or a box-shadow). */
export function expectFocusRing(el: HTMLElement | null = focused()): void {
  expect(el, 'something has focus').to.exist;
  expect(el!.matches(':focus-visible'), `${nameOf(el)} matches :focus-visible`).to.equal(true);
  expect(hasRing(ringHolder(el!)), `${nameOf(el)} shows a focus ring`).to.equal(true);
}

/** Ends opening animations (not endless ones, like a skeleton's shimmer). */
export async function stillFrame(el: Element): Promise<void> {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await settle();
}

/** Every element Tab reaches, forwards from the focused one, until focus comes back to it (a
 * trap) or leaves `container` (no trap). Returns the cycle and whether it stayed inside. */
export async function tabCycle(container: Element, max = 40): Promise<{ stops: HTMLElement[]; trapped: boolean }> {
  const start = focused()!;
  const stops: HTMLElement[] = [start];
  for (let i = 0; i < max; i++) {
    await press('Tab');
    const now = focused();
    if (!now || !containsDeep(container, now)) return { stops, trapped: false };
    if (now === start) return { stops, trapped: true };
    stops.push(now);
  }
  throw new Error(`Tab went round more than ${max} stops without coming back`);
}

/** `contains` across shadow roots. */
export function containsDeep(ancestor: Node, node: Node | null): boolean {
  for (let n: Node | null = node; n; n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null)) {
    if (n === ancestor) return true;
  }
  return false;
}
