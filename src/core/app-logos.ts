/**
 * The apps' SVG logos (§1): our own simple tiles drawn in `currentColor`, recoloured to the brand
 * colour. Apart from the catalogue (./catalogue) so that a page showing one logo (the lingma
 * sign-in) does not download every app's names.
 */
import type { AppId } from './catalogue';

/** Default brand colour (§9). */
export const BRAND_COLOR = '#006AD4';

/** A rounded tile in the app colour with a white glyph on it. */
export function tile(glyph: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<rect width="32" height="32" rx="7" fill="currentColor"/>' +
    `<g fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>` +
    '</svg>'
  );
}

export const GLYPHS: Partial<Record<AppId, string>> = {
  workbench:
    '<rect x="8" y="8" width="6.5" height="6.5"/><rect x="17.5" y="8" width="6.5" height="6.5"/><rect x="8" y="17.5" width="6.5" height="6.5"/><rect x="17.5" y="17.5" width="6.5" height="6.5"/>',
  projex: '<path d="M9 10h14M9 16h10M9 22h6"/>',
  testhub: '<path d="M9 16.5l4.5 4.5L23 11"/>',
  alidocs: '<path d="M11 7h7l5 5v13H11z"/><path d="M18 7v5h5"/>',
  insight: '<path d="M9 24v-6M16 24V9M23 24v-10"/>',
  codeup: '<path d="M12 11l-5 5 5 5M20 11l5 5-5 5"/>',
  flow: '<circle cx="9" cy="16" r="2.5"/><circle cx="23" cy="16" r="2.5"/><path d="M11.5 16h9"/>',
  appstack: '<path d="M16 8l9 5-9 5-9-5z"/><path d="M7 18l9 5 9-5"/>',
  packages: '<path d="M16 7l8 4.5v9L16 25l-8-4.5v-9z"/><path d="M8 11.5l8 4.5 8-4.5M16 16v9"/>',
  'org-member': '<circle cx="16" cy="12" r="4"/><path d="M8.5 24c1.5-4 4-5.5 7.5-5.5s6 1.5 7.5 5.5"/>',
  'org-admin': '<path d="M16 7l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9v-6z"/>',
  devstudio: '<path d="M9 11l5 5-5 5M16 22h7"/>',
  thoughts: '<path d="M8 10h16v10h-9l-5 4v-4H8z"/>',
  yunxiao: '<path d="M11 22h11a4.5 4.5 0 0 0 0-9 6 6 0 0 0-11.5 1.5A3.8 3.8 0 0 0 11 22z"/>',
  lingma: '<path d="M16 7l2.5 6.5L25 16l-6.5 2.5L16 25l-2.5-6.5L7 16l6.5-2.5z"/>',
};

/** An SVG drawn in `currentColor`, recoloured to `brand`, as a data URL. */
export function svgDataUrl(svg: string, brand: string = BRAND_COLOR): string {
  // Only a plain colour may go into the SVG, so a host-provided value cannot inject markup.
  const colour = /^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(brand) ? brand : BRAND_COLOR;
  return 'data:image/svg+xml,' + encodeURIComponent(svg.replaceAll('currentColor', colour));
}

/** The SVG logo of an app with a glyph, recoloured to `brand`, as a data URL (undefined for the
 * apps with a raster logo only: see `logoUrl` in ./catalogue). */
export function appLogoUrl(id: AppId, brand?: string): string | undefined {
  const glyph = GLYPHS[id];
  return glyph ? svgDataUrl(tile(glyph), brand) : undefined;
}
