import { expect } from '@open-wc/testing';
import { activeElementOf, containsComposed, tabbables } from '../../../src/ui/focus';

/** A host with an open shadow root holding `html`, appended to the page. */
function shadowHost(html: string): ShadowRoot {
  const host = document.createElement('div');
  host.className = 'focus-fixture';
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = html;
  return root;
}

describe('focus helpers', () => {
  afterEach(() => {
    document.querySelectorAll('.focus-fixture').forEach((el) => el.remove());
  });

  it('lists only what Tab reaches: skips disabled, hidden, inert and unchecked radios of a group', () => {
    const root = shadowHost(`
      <button id="a">a</button>
      <button id="disabled" disabled>x</button>
      <input id="hidden-input" type="hidden" />
      <div hidden><button id="in-hidden">x</button></div>
      <div inert><button id="in-inert">x</button></div>
      <span id="minus" tabindex="-1">x</span>
      <span id="zero" tabindex="0">z</span>
      <input id="r1" type="radio" name="scope" />
      <input id="r2" type="radio" name="scope" checked />
      <input id="r3" type="radio" name="scope" />
      <a id="link" href="#x">link</a>
      <a id="no-href">not a link</a>
    `);
    expect(tabbables(root).map((el) => el.id)).to.deep.equal(['a', 'zero', 'r2', 'link']);
  });

  it('finds controls and the focused element inside nested shadow roots', () => {
    const root = shadowHost('<button id="outer">outer</button><div id="inner-host"></div>');
    const inner = root.getElementById('inner-host')!.attachShadow({ mode: 'open' });
    inner.innerHTML = '<input id="inner-field" />';
    const field = inner.getElementById('inner-field')!;
    expect(tabbables(root).map((el) => el.id)).to.deep.equal(['outer', 'inner-field']);
    field.focus();
    expect(document.activeElement).to.equal(root.host);
    expect(activeElementOf(root)).to.equal(field);
    expect(activeElementOf(document)).to.equal(field);
    expect(containsComposed(root, field)).to.equal(true);
    expect(root.contains(field)).to.equal(false);
  });
});
