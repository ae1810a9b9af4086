/** What of the host page's CSS reaches inside an element (docs/theming.md): the `--yx-*` tokens
 * and nothing else of the text styles a page sets on an ancestor, `dir="rtl"` included (both
 * languages of the elements are written left to right). */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-error-page';
import { settle, waitFor } from '../fixtures/harness';

/** Inherited properties a page may well set on `body`, with a value that is not their initial one. */
const HOSTILE: Record<string, string> = {
  color: 'rgb(255, 0, 0)',
  'font-family': 'serif',
  'font-size': '31px',
  'line-height': '3',
  'font-style': 'italic',
  'font-weight': '900',
  'letter-spacing': '5px',
  'word-spacing': '20px',
  'text-transform': 'uppercase',
  'text-indent': '40px',
  'text-align': 'right',
  'text-shadow': 'rgb(255, 0, 0) 1px 1px 0px',
  'white-space': 'pre',
  'word-break': 'break-all',
  'overflow-wrap': 'anywhere',
  hyphens: 'auto',
  'line-break': 'anywhere',
  'font-variant-caps': 'small-caps',
  'font-variant-numeric': 'slashed-zero',
  'font-feature-settings': '"smcp"',
  'font-stretch': '50%',
  'font-kerning': 'none',
  'font-size-adjust': '0.3',
  'font-synthesis': 'none',
  'font-optical-sizing': 'none',
  '-webkit-text-fill-color': 'rgb(255, 0, 0)',
  '-webkit-text-stroke-width': '1px',
  '-webkit-text-stroke-color': 'rgb(255, 0, 0)',
  cursor: 'wait',
  'caret-color': 'rgb(255, 0, 0)',
  'list-style-type': 'square',
  'list-style-position': 'inside',
};

/** The error page's hint: a sentence of body text. */
const hintOf = (el: Element) => waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[part~="hint"]')!);

/** The computed values of the hostile properties on a node inside the element. */
async function textStyles(el: Element): Promise<Record<string, string>> {
  const style = getComputedStyle(await hintOf(el));
  return Object.fromEntries(Object.keys(HOSTILE).map((name) => [name, style.getPropertyValue(name)]));
}

const errorPage = () => {
  const el = document.createElement('yx-error-page');
  el.setAttribute('type', 'not-found');
  el.setAttribute('locale', 'en_US');
  return el;
};

/** An error page inside an ancestor carrying `css` (and `dir`, when given). */
async function inside(css: string, dir?: string) {
  const style = document.head.appendChild(document.createElement('style'));
  style.textContent = `.host-page { ${css} }`;
  const page = document.body.appendChild(document.createElement('div'));
  page.className = 'host-page';
  if (dir) page.dir = dir;
  const el = page.appendChild(errorPage());
  await settle();
  return { el, style };
}

describe('host page styles around an element', () => {
  let style: HTMLStyleElement | undefined;
  afterEach(() => {
    style?.remove();
    document.body.innerHTML = '';
  });

  it('stop at the element: inherited text styles on an ancestor change nothing inside', async () => {
    const plain = document.body.appendChild(errorPage());
    const expected = await textStyles(plain);
    const css = Object.entries(HOSTILE)
      .map(([name, value]) => `${name}: ${value};`)
      .join(' ');
    let el: Element;
    ({ el, style } = await inside(css));
    const seen = await textStyles(el);
    // Each one really is inherited and really differs: otherwise this test would prove nothing.
    const page = getComputedStyle(el.parentElement!);
    for (const name of Object.keys(HOSTILE)) expect(page.getPropertyValue(name), name).not.to.equal(expected[name]);
    expect(seen).to.deep.equal(expected);
  });

  it('keep the documented tokens working', async () => {
    let el: Element;
    ({ el, style } = await inside(
      '--yx-color-text-secondary: rgb(1, 2, 3); --yx-font-size: 19px; --yx-font-family: monospace; --yx-line-height: 2; color: red; font-size: 40px;',
    ));
    const node = await hintOf(el);
    const computed = getComputedStyle(node);
    expect(computed.color).to.equal('rgb(1, 2, 3)');
    expect(computed.fontSize).to.equal('19px');
    expect(computed.fontFamily).to.equal('monospace');
    expect(computed.lineHeight).to.equal('38px');
  });

  it('still hide with an ancestor that the page hides by visibility', async () => {
    let el: Element;
    ({ el, style } = await inside('visibility: hidden;'));
    const node = await hintOf(el);
    expect(getComputedStyle(node).visibility).to.equal('hidden');
  });

  it('write left to right inside a right-to-left page', async () => {
    let el: Element;
    ({ el, style } = await inside('', 'rtl'));
    expect(getComputedStyle(el.parentElement!).direction, 'the page').to.equal('rtl');
    const node = await hintOf(el);
    expect(getComputedStyle(node).direction).to.equal('ltr');
    // The full stop ends the sentence on the right, where an English reader looks for it.
    const text = node.textContent!.trim();
    expect(text.endsWith('.'), text).to.equal(true);
    const range = document.createRange();
    const last = node.firstChild!;
    range.setStart(last, last.textContent!.lastIndexOf('.'));
    range.setEnd(last, last.textContent!.lastIndexOf('.') + 1);
    const stop = range.getBoundingClientRect();
    range.setStart(last, 0);
    range.setEnd(last, 1);
    const first = range.getBoundingClientRect();
    expect(stop.left, 'the full stop right of the first letter').to.be.greaterThan(first.left);
  });
});
