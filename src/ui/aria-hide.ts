/**
 * Hides everything but an open dialog from assistive technology, across shadow roots. Radix's
 * own helper (the `aria-hidden` package) walks from `document.body` and gives up ("not contained
 * inside") as soon as the dialog lives in a shadow root inside another one — e.g. a token drawer
 * in `<yx-token-manager>` inside `<yx-settings>` — so we do it ourselves: at every level from the
 * dialog up to `<body>`, each sibling gets `aria-hidden="true"`, and is restored on close.
 */

/** Live regions stay audible while a dialog is open, so its toasts are still read out. */
const keepAudible = (el: Element) =>
  el.hasAttribute('aria-live') || el.querySelector('[aria-live]') !== null || el.localName === 'script';

/** Hides the siblings of `target` and of each of its ancestors (through shadow hosts); returns a
 * function that undoes exactly what it changed. */
export function hideOutside(target: Element): () => void {
  const changed: Array<[Element, string | null]> = [];
  let node: Element | null = target;
  while (node && node !== document.body && node !== document.documentElement) {
    const parent: Element | ShadowRoot | null = node.parentElement ?? (node.parentNode as ShadowRoot | null);
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || keepAudible(sibling) || sibling.getAttribute('aria-hidden') === 'true') continue;
      changed.push([sibling, sibling.getAttribute('aria-hidden')]);
      sibling.setAttribute('aria-hidden', 'true');
    }
    node = parent instanceof ShadowRoot ? parent.host : parent;
  }
  return () => {
    for (const [el, previous] of changed) {
      if (previous === null) el.removeAttribute('aria-hidden');
      else el.setAttribute('aria-hidden', previous);
    }
  };
}
