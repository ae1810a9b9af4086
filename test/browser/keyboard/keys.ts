/**
 * What a keyboard-only user does and sees: keys sent through the browser (never `.click()`), the
 * focused element inside shadow roots, and whether that element shows a focus ring; and the steps
 * the elements with a list, a drawer and a confirmation share (coming in from the page, the focus
 * trap, renaming, backing out of a delete).
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';

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

/**
 * Comes into the element from the host page as a keyboard user does: from a page button in front
 * of it, Tab until `match` holds (`tabs: 1` — it must be the very first stop), and the control
 * reached shows a focus ring.
 */
export async function enterByTab(
  match: (el: HTMLElement) => boolean,
  { message, tabs = 30 }: { message: string; tabs?: number },
): Promise<HTMLElement> {
  pageStart();
  const reached = await tabTo(match, { max: tabs, message });
  expectFocusRing(reached);
  return reached;
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

/** How a stop of a Tab cycle is named in expectations: its `name`, else its `role`, else its `part`. */
const stopName = (el: Element) => el.getAttribute('name') ?? el.getAttribute('role') ?? el.getAttribute('part') ?? '';

/**
 * Checks the focus trap of an open drawer or dialog, from the control focused in it: Tab goes all
 * the way round inside `container`, through every stop in `expected` (named by `name`, `role` or
 * `part`), and Shift+Tab from there stays inside too. Returns the names of the stops in Tab order.
 */
export async function expectTrapped(container: Element, what: string, expected: string[] = []): Promise<string[]> {
  const cycle = await tabCycle(container);
  expect(cycle.trapped, `Tab cycles within ${what}`).to.equal(true);
  const names = cycle.stops.map(stopName);
  for (const stop of expected) expect(names, `the cycle reaches ${stop}`).to.include(stop);
  await shiftTab();
  expect(containsDeep(container, focused()), `Shift+Tab stays inside ${what} too`).to.equal(true);
  return names;
}

/**
 * Renames in the edit drawer as a keyboard user does, once focus is in its name `field`: the field
 * shows the old name `from`, End then `append` then Enter saves, and the drawer closes with focus
 * back on `opener`. Returns the save request (its `method`).
 */
export async function renameInDrawer(
  host: Element,
  api: { calls(): Promise<MockCall[]> },
  edit: { field: string; from: string; append: string; method: string; opener: () => Element | null | undefined },
): Promise<MockCall> {
  const input = await focusLandsOn(
    () => host.shadowRoot!.querySelector(`input[name="${edit.field}"]`),
    'focus in the name field',
  );
  expect((input as HTMLInputElement).value).to.equal(edit.from);
  await press('End');
  await type(edit.append);
  await press('Enter');
  const [save] = await callsMatching(api, (c) => c.method === edit.method);
  await waitFor(() => !host.shadowRoot!.querySelector('[part~="drawer"]'), { message: 'the drawer to close' });
  await focusLandsOn(edit.opener, 'focus back on Edit');
  return save!;
}

/**
 * Opens a confirmation (`[part~="confirm"]`) with Enter on the focused button and backs out of it:
 * focus lands on Cancel with a ring, Tab stays inside, and Escape closes it with focus back on
 * `opener`. Returns the names of the confirmation's stops in Tab order.
 */
export async function escapeConfirmation(host: Element, opener: () => Element | null | undefined): Promise<string[]> {
  const confirmation = () => host.shadowRoot!.querySelector<HTMLElement>('[part~="confirm"]');
  await press('Enter');
  const confirm = (await waitFor(confirmation, { message: 'the confirmation' }))!;
  await focusLandsOn(() => confirm.querySelector('[part~="cancel-button"]'), 'focus on Cancel');
  expectFocusRing();
  const stops = await expectTrapped(confirm, 'the confirmation');
  await press('Escape');
  await waitFor(() => !confirmation(), { message: 'the confirmation to close' });
  await focusLandsOn(opener, 'focus back on the button that opened it');
  return stops;
}

/** Waits until the fake API has been called as `match` says (a key press often sends a frame later). */
export async function callsMatching(
  api: { calls(): Promise<MockCall[]> },
  match: (c: MockCall) => boolean,
): Promise<MockCall[]> {
  const found = await waitFor(
    async () => {
      const matching = (await api.calls()).filter(match);
      return matching.length > 0 ? matching : null;
    },
    { timeout: 5000, message: 'the request' },
  );
  return found!;
}
