/**
 * Constructable stylesheets shared by every element instance: one CSSStyleSheet per stylesheet
 * module, adopted into each shadow root (no runtime <style> injection, so strict CSP hosts work).
 */
const cache = new Map<string, CSSStyleSheet>();

/** The shared sheet for this CSS text, created on first use. */
export function sheet(cssText: string): CSSStyleSheet {
  let found = cache.get(cssText);
  if (!found) {
    found = new CSSStyleSheet();
    found.replaceSync(cssText);
    cache.set(cssText, found);
  }
  return found;
}

/** Tags a template literal as CSS (for editor highlighting); returns the text unchanged. */
export function css(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
}
