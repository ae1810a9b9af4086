/**
 * The host's `--yx-sidebar-width` (documented in docs/theming.md): the expanded sidebar starts as
 * wide as the host says, within the separator's limits, and the user's drag or keys move it from
 * the width on screen. Without a host value it is 240 px, as before.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-settings';
import { SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '../../../src/features/settings/resize';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { defineFakeSections, appsRoute, helpRoute, mediaChangesInBackground } from './settings-fixtures';

// Stand-ins for the section elements, so no section bundle loads and no section calls the API.
defineFakeSections();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const sidebar = (el: Element) => $(el, '[part="sidebar"]')!;
const toggle = (el: Element) => $(el, '[part~="sidebar-toggle"]')!;
const resizer = (el: Element) => $(el, '[role="separator"]')!;
const widthOf = (node: Element) => Math.round(node.getBoundingClientRect().width);
const valueNow = (el: Element) => Number(resizer(el).getAttribute('aria-valuenow'));

/** The host page's rule, as a theme would write it. */
function hostWidth(value: string) {
  const style = document.createElement('style');
  style.textContent = `yx-settings { --yx-sidebar-width: ${value}; }`;
  document.head.append(style);
  return style;
}

async function mountSettings() {
  const api = await mockApi([appsRoute(['codeup', 'packages']), helpRoute()]);
  const el = await mountElement('yx-settings', { host: api.host, locale: 'en_US', section: 'profile' });
  await waitFor(() => $(el, '[part="settings"][data-status="ready"]'), { message: 'the shell' });
  return el;
}

/** Drags the separator with the real mouse by `dx` px (one move: hidden test tabs move slowly). */
async function drag(el: Element, dx: number) {
  const box = resizer(el).getBoundingClientRect();
  const x = Math.round(box.left + box.width / 2);
  const y = Math.round(box.top + Math.min(box.height / 2, 100));
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + dx, y] });
  await sendMouse({ type: 'up' });
  await settle();
}

describe('<yx-settings> sidebar width from the host', function () {
  this.timeout(45_000);
  let restoreMedia: () => void;
  let style: HTMLStyleElement | undefined;
  before(() => {
    restoreMedia = mediaChangesInBackground();
  });
  after(async () => {
    restoreMedia();
    await setViewport({ width: 800, height: 600 });
  });
  beforeEach(async () => {
    await setViewport({ width: 1400, height: 800 });
  });
  afterEach(() => {
    style?.remove();
    style = undefined;
    document.body.innerHTML = '';
  });

  it("starts as wide as the host's --yx-sidebar-width, and the separator says so", async () => {
    style = hostWidth('333px');
    const el = await mountSettings();
    expect(sidebar(el).dataset.state).to.equal('expanded');
    expect(widthOf(sidebar(el))).to.equal(333);
    expect(valueNow(el)).to.equal(333);
    expect(sidebar(el).style.getPropertyValue('--yx-sidebar-width'), 'nothing hides the host value').to.equal('');
  });

  it("moves from the host's width with the keys, within the limits", async () => {
    style = hostWidth('333px');
    const el = await mountSettings();
    resizer(el).focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(valueNow(el)).to.equal(343);
    expect(widthOf(sidebar(el))).to.equal(343);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(valueNow(el)).to.equal(323);
    expect(widthOf(sidebar(el))).to.equal(323);
    await sendKeys({ press: 'Home' });
    expect(valueNow(el)).to.equal(SIDEBAR_MIN_WIDTH);
    expect(widthOf(sidebar(el))).to.equal(SIDEBAR_MIN_WIDTH);
    await sendKeys({ press: 'End' });
    expect(valueNow(el)).to.equal(SIDEBAR_MAX_WIDTH);
    expect(widthOf(sidebar(el))).to.equal(SIDEBAR_MAX_WIDTH);
  });

  it("drags from the host's width, never under the minimum nor over the maximum", async () => {
    style = hostWidth('333px');
    const el = await mountSettings();
    await drag(el, -33);
    expect(valueNow(el)).to.equal(300);
    expect(widthOf(sidebar(el))).to.equal(300);
    await drag(el, -500);
    expect(valueNow(el)).to.equal(SIDEBAR_MIN_WIDTH);
    expect(widthOf(sidebar(el))).to.equal(SIDEBAR_MIN_WIDTH);
    await drag(el, 900);
    expect(valueNow(el)).to.equal(SIDEBAR_MAX_WIDTH);
    expect(widthOf(sidebar(el))).to.equal(SIDEBAR_MAX_WIDTH);
  });

  for (const [value, expected] of [
    ['120px', SIDEBAR_MIN_WIDTH],
    ['900px', SIDEBAR_MAX_WIDTH],
  ] as const) {
    it(`keeps a host width of ${value} within the limits (${expected} px)`, async () => {
      style = hostWidth(value);
      const el = await mountSettings();
      expect(widthOf(sidebar(el))).to.equal(expected);
      expect(valueNow(el)).to.equal(expected);
    });
  }

  it("below 1280 px starts collapsed, and the toggle opens it at the host's width", async () => {
    await setViewport({ width: 1200, height: 800 });
    style = hostWidth('20rem');
    const el = await mountSettings();
    await waitFor(() => sidebar(el).dataset.state === 'collapsed', { message: 'collapsed at 1200 px' });
    expect(widthOf(sidebar(el))).to.equal(56);
    toggle(el).click();
    await settle();
    expect(sidebar(el).dataset.state).to.equal('expanded');
    expect(widthOf(sidebar(el))).to.equal(320);
    expect(valueNow(el)).to.equal(320);
  });

  it('is 240 px without a host value', async () => {
    const el = await mountSettings();
    expect(widthOf(sidebar(el))).to.equal(240);
    expect(valueNow(el)).to.equal(240);
    resizer(el).focus();
    await sendKeys({ press: 'ArrowLeft' });
    expect(valueNow(el)).to.equal(230);
    expect(widthOf(sidebar(el))).to.equal(230);
  });
});
