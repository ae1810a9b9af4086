/**
 * Small helpers for play functions: the elements keep their DOM in an open shadow root (and the
 * settings shell nests sections in their own), so queries go through `shadowRoot`, and every wait
 * is for a condition the user would see, never a fixed time.
 */
import { expect, userEvent, waitFor } from 'storybook/test';

/** Generous: the fake API answers at once, but a shared CI machine may be slow to render. */
const TIMEOUT = 8000;

/** Testing Library appends the whole document to a timeout error; the first line says it all. */
const concise = (error: Error) => new Error(error.message.split('\n')[0]);

/** The story's element (the first one with this tag in the canvas). */
export function storyElement(canvasElement: HTMLElement, tag: string): HTMLElement {
  const element = canvasElement.querySelector<HTMLElement>(tag);
  if (!element) throw new Error(`<${tag}> is not in the story`);
  return element;
}

/** Finds `selector` in the shadow root of `host`; a chain of selectors descends into nested elements. */
export function query(host: Element, ...selectors: string[]): HTMLElement | null {
  let scope: Element | null = host;
  for (const selector of selectors) {
    const root: ShadowRoot | null | undefined = scope?.shadowRoot;
    scope = root?.querySelector<HTMLElement>(selector) ?? null;
  }
  return scope as HTMLElement | null;
}

/** Waits until `selector` (or the chain) is in the shadow tree, then returns it. */
export async function find(host: Element, ...selectors: string[]): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = query(host, ...selectors);
      if (!found) throw new Error(`${selectors.join(' » ')} did not appear in <${host.localName}>`);
      return found;
    },
    { timeout: TIMEOUT, onTimeout: concise },
  );
}

/** Waits until `check` holds (or stops throwing). */
export async function until(check: () => unknown, message: string): Promise<void> {
  await waitFor(
    () => {
      if (!check()) throw new Error(`Timed out waiting for ${message}`);
    },
    { timeout: TIMEOUT, onTimeout: concise },
  );
}

/** Waits for the element's `data-status` (on `part`) to become `status`. */
export async function status(host: Element, part: string, value: string): Promise<void> {
  await until(() => query(host, `[part~="${part}"]`)?.dataset.status === value, `${part} to be ${value}`);
}

/** Clicks as a user does (pointer events, focus). */
export async function click(target: Element): Promise<void> {
  await userEvent.click(target);
}

/**
 * Focuses the field and types into it one character at a time. user-event types into
 * `document.activeElement`, which is the host element when the field is in a shadow root, so this
 * sets the value as the browser would and fires the `input` event React listens to.
 */
export async function type(target: Element, text: string): Promise<void> {
  const field = target as HTMLInputElement | HTMLTextAreaElement;
  field.focus();
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  for (const data of text) {
    setValue.call(field, field.value + data);
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data, inputType: 'insertText' }));
  }
}

/** Ends the opening animations of dialogs and drawers, so what is shown is the final state. */
export async function stillFrame(host: Element): Promise<void> {
  for (const animation of host.shadowRoot?.getAnimations() ?? []) {
    // Spinners and skeletons run forever: finishing those would throw.
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Opens a drawer or dialog as a user does: clicks `trigger`, waits for `opened` and ends its
 * opening animation, so the story shows it at rest. Returns what opened.
 */
export async function openWith(host: Element, trigger: string, opened: string): Promise<HTMLElement> {
  await click(await find(host, trigger));
  const surface = await find(host, opened);
  await stillFrame(host);
  return surface;
}

/** Submits the open drawer's form with its button and waits for what the user sees next. */
export async function submitDrawer(host: Element, outcome: string): Promise<HTMLElement> {
  await click(await find(host, '[part~="drawer"] [part~="submit-button"]'));
  return find(host, outcome);
}

/**
 * The steps the stories of a list element with drawers and confirmations share (SSH keys, tokens):
 * `ready` is what shows once the list has loaded.
 */
export function listSteps(tag: string, ready: string) {
  const element = (canvasElement: HTMLElement) => storyElement(canvasElement, tag);
  /** The story's element, once its list shows. */
  const listed = async (canvasElement: HTMLElement) => {
    const el = element(canvasElement);
    await find(el, ready);
    return el;
  };
  /** A whole play: once the list shows, open a drawer or dialog with `trigger` and show it at rest. */
  const opens =
    (trigger: string, opened: string) =>
    async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      await openWith(await listed(canvasElement), trigger, opened);
    };
  return { element, listed, opens };
}

/** The text of the first match in the shadow tree (or ''), for assertions. */
export const textOf = (host: Element, ...selectors: string[]) => query(host, ...selectors)?.textContent?.trim() ?? '';

export { expect };
