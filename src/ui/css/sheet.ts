/**
 * Constructable stylesheets shared by every element instance: one CSSStyleSheet per stylesheet
 * module, adopted into each shadow root (no runtime <style> injection, so strict CSP hosts work).
 */
const cache = new Map<string, CSSStyleSheet>();
/** The sheets of features (DefineOptions.styles): shared UI sheets go in before them. */
const featureSheets = new WeakSet<CSSStyleSheet>();

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

/** The sheet of a feature's CSS text; shared UI sheets adopted later are put before it, so the
 * feature's rules still win. */
export function featureSheet(cssText: string): CSSStyleSheet {
  const found = sheet(cssText);
  featureSheets.add(found);
  return found;
}

/** Adopts the sheet for this CSS text into a shadow root once, after the shared sheets already
 * there and before the feature's own. */
export function adoptSheet(root: ShadowRoot, cssText: string): void {
  const adding = sheet(cssText);
  const sheets = root.adoptedStyleSheets;
  if (sheets.includes(adding)) return;
  const at = sheets.findIndex((s) => featureSheets.has(s));
  root.adoptedStyleSheets = at < 0 ? [...sheets, adding] : [...sheets.slice(0, at), adding, ...sheets.slice(at)];
}

/** Tags a template literal as CSS (for editor highlighting); returns the text unchanged. */
export function css(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
}
