/** Text contrast as WCAG measures it, for the page's own frame (tests only). */
import type { Locator } from 'playwright-core';

type Rgba = [r: number, g: number, b: number, a: number];
const rgba = (value: string): Rgba => {
  const [r = 0, g = 0, b = 0, a = 1] = (/rgba?\(([^)]+)\)/.exec(value)?.[1] ?? '0,0,0,0')
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [r, g, b, a];
};
const luminance = ([r, g, b]: Rgba) => {
  const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};

/** The text colour of `locator` and its contrast ratio with the first opaque background under it
 * (up the flat tree: slots, shadow hosts, the document; white when there is none). */
export async function contrastOf(locator: Locator): Promise<{ color: string; ratio: number }> {
  // No named functions in the page: tsx would wrap them in a helper the page does not have.
  const { color, backgrounds } = await locator.evaluate((el: Element) => {
    const found: string[] = [];
    for (let node: Element | null = el; node;) {
      found.push(getComputedStyle(node).backgroundColor);
      node = node.assignedSlot ?? node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host || null);
    }
    return { color: getComputedStyle(el).color, backgrounds: found };
  });
  const background = backgrounds.map(rgba).find(([, , , a]) => a === 1) ?? [255, 255, 255, 1];
  const [hi, lo] = [luminance(rgba(color)), luminance(background)].sort((x, y) => y - x) as [number, number];
  return { color, ratio: (hi + 0.05) / (lo + 0.05) };
}
