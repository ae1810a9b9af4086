/** The app filter's 'All Messages' option shows an inbox icon in the tile the apps' logos use,
 * not an empty grey square that read as a broken image; its name lines up with the apps'. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { COUNT, LIST, counts, message, page, useCentreTestPage } from './notifications-fixtures';

const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const options = (el: Element) => $$(el, '[part="app-filter-option"]');

/** Relative luminance of an `rgb()` colour (WCAG 2). */
function luminance(rgb: string): number {
  const [r, g, b] = rgb
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('<yx-message-centre> app filter: the All Messages icon', () => {
  useCentreTestPage();

  for (const theme of ['light', 'dark']) {
    it(`draws an inbox glyph on a brand tile, aligned with the app logos (${theme})`, async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([message('1', { app: 'codeup' }), message('2', { app: 'flow' })]) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US', theme });
      await waitFor(() => options(el).length === 3, { message: 'the app filter' });
      const [all, app] = options(el) as [HTMLElement, HTMLElement];
      expect(all.dataset.app).to.equal(undefined);

      const tile = all.querySelector<SVGSVGElement>('svg.yx-msgs-filter__logo')!;
      expect(tile, 'an inline SVG icon').to.not.equal(null);
      expect(tile.getAttribute('aria-hidden')).to.equal('true');
      const rect = tile.querySelector('rect')!;
      const glyph = tile.querySelector('path')!;
      expect(glyph.getAttribute('d')!.length, 'a drawn glyph').to.be.above(10);
      const fill = getComputedStyle(rect).fill;
      const stroke = getComputedStyle(glyph).stroke;
      expect(fill, 'the tile is the brand colour').to.equal(getComputedStyle(tile).color);
      expect(getComputedStyle(glyph).fill).to.equal('none');
      expect(contrast(fill, stroke), 'the glyph stands out of its tile').to.be.at.least(3);
      const glyphBox = glyph.getBoundingClientRect();
      expect(glyphBox.width, 'the glyph has a size').to.be.above(8);
      expect(glyphBox.height).to.be.above(8);

      // The same tile as an app's logo, in the same place, and the names start at the same x.
      const logo = app.querySelector<HTMLImageElement>('img.yx-msgs-filter__logo')!;
      const [a, b] = [tile.getBoundingClientRect(), logo.getBoundingClientRect()];
      expect([a.width, a.height]).to.deep.equal([b.width, b.height]);
      expect(a.left).to.be.closeTo(b.left, 0.5);
      const nameLeft = (o: HTMLElement) => o.querySelector('.yx-msgs-filter__name')!.getBoundingClientRect().left;
      expect(nameLeft(all)).to.be.closeTo(nameLeft(app), 0.5);
      const middle = (r: DOMRect) => r.top + r.height / 2;
      expect(middle(a)).to.be.closeTo(middle(all.getBoundingClientRect()), 1);
    });
  }
});
