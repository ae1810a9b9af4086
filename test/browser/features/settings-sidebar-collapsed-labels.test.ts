import { expect } from '@open-wc/testing';
import axe from 'axe-core';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-settings';
import { setSettingsReloader } from '../../../src/features/settings/SettingsShell';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { defineFakeSections, appsRoute, helpRoute, mediaChangesInBackground } from './settings-fixtures';

// Stand-ins for the section elements, so no section bundle loads and no section calls the API.
defineFakeSections();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const sidebar = (el: Element) => $(el, '[part="sidebar"]')!;
const toggle = (el: Element) => $(el, '[part~="sidebar-toggle"]')!;
const links = (el: Element) => $$(el, '[part~="nav-link"]');
/** The text that names an icon: the link's label, the toggle's hidden span. */
const nameOf = (control: HTMLElement) => control.querySelector<HTMLElement>('span')!;

async function mountSettings(attrs: Record<string, string> = {}) {
  const api = await mockApi([appsRoute(['codeup', 'packages']), helpRoute()]);
  const el = await mountElement('yx-settings', { host: api.host, locale: 'en_US', section: 'profile', ...attrs });
  await waitFor(() => $(el, '[part="settings"][data-status="ready"]'), { message: 'the shell' });
  await waitFor(() => $(el, '[part="help-link"]'), { message: 'the help link' });
  return el;
}

/** Fails unless the control's name is drawn on screen, readable, beside its icon and on top. */
function expectNameShown(el: Element, control: HTMLElement, text: string) {
  const name = nameOf(control);
  expect(name.textContent, 'the name').to.equal(text);
  expect(name.checkVisibility({ opacityProperty: true, visibilityProperty: true }), `${text}: visible`).to.equal(true);
  const box = name.getBoundingClientRect();
  expect(box.width, `${text}: width`).to.be.greaterThan(20);
  expect(box.height, `${text}: height`).to.be.greaterThan(10);
  // Not cut down to a sliver: the whole text fits.
  expect(name.scrollWidth, `${text}: not clipped`).to.be.at.most(Math.ceil(box.width) + 1);
  expect(box.left, `${text}: in the viewport`).to.be.at.least(0);
  expect(box.top).to.be.at.least(0);
  expect(box.right).to.be.at.most(window.innerWidth);
  expect(box.bottom).to.be.at.most(window.innerHeight);
  // Beside the icon, right of it, clear of the collapsed sidebar's edge.
  const icon = control.querySelector('svg')!.getBoundingClientRect();
  expect(box.left, `${text}: right of the icon`).to.be.at.least(icon.right);
  expect(box.top, `${text}: level with the icon`).to.be.below(icon.bottom);
  expect(box.bottom).to.be.above(icon.top);
  // On top of whatever is there: the point in its middle and near each end hits the name.
  const y = box.top + box.height / 2;
  for (const x of [box.left + 2, box.left + box.width / 2, box.right - 2]) {
    const hit = el.shadowRoot!.elementFromPoint(x, y);
    expect(
      hit === name || name.contains(hit),
      `${text}: on top at x=${Math.round(x)} (hit ${hit?.className})`,
    ).to.equal(true);
  }
  // The theme's colours: a filled bubble, its text unlike its fill.
  const style = getComputedStyle(name);
  expect(style.backgroundColor, `${text}: filled`).to.not.equal('rgba(0, 0, 0, 0)');
  expect(style.color).to.not.equal(style.backgroundColor);
}

function expectNameHidden(control: HTMLElement) {
  const box = nameOf(control).getBoundingClientRect();
  expect(box.width * box.height, 'hidden until hovered or focused').to.be.at.most(1);
}

/** The accessible name of a control, as axe-core computes it (the shadow tree included). */
function accessibleName(el: Element, control: HTMLElement): string {
  axe.setup(el);
  try {
    return axe.commons.text.accessibleText(control);
  } finally {
    axe.teardown();
  }
}

/** Presses Tab until `target` has focus. */
async function tabTo(target: HTMLElement) {
  for (let i = 0; i < 12 && deepActiveElement() !== target; i++) await sendKeys({ press: 'Tab' });
  expect(deepActiveElement(), 'reached by Tab').to.equal(target);
  await settle();
}

describe('<yx-settings> collapsed sidebar: names of the icons', function () {
  this.timeout(45_000);
  let restoreReloader: () => void;
  let restoreMedia: () => void;
  before(() => {
    restoreReloader = setSettingsReloader(() => undefined);
    restoreMedia = mediaChangesInBackground();
  });
  after(async () => {
    restoreReloader();
    restoreMedia();
    await setViewport({ width: 800, height: 600 });
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const [locale, width, theme] of [
    ['en_US', 1200, 'light'],
    ['zh_CN', 1200, 'dark'],
    ['en_US', 320, 'light'],
  ] as const) {
    it(`shows each name beside its icon on keyboard focus (${locale}, ${width} px, ${theme})`, async () => {
      await setViewport({ width, height: 800 });
      const el = await mountSettings({ locale, theme });
      // The pointer rests away from the sidebar.
      await sendMouse({ type: 'move', position: [width - 5, 795] });
      expect(sidebar(el).dataset.state).to.equal('collapsed');
      const controls = [toggle(el), ...links(el)];
      expect(controls.length).to.be.greaterThan(3);
      for (const control of controls) expectNameHidden(control);

      $(el, '[part="help-link"]')!.focus();
      for (const control of controls) {
        await tabTo(control);
        const text = nameOf(control).textContent!;
        expectNameShown(el, control, text);
        // Screen readers get the name once: no tooltip title repeating it as the description.
        expect(control.hasAttribute('title'), `${text}: no title`).to.equal(false);
        expect(control.hasAttribute('aria-describedby')).to.equal(false);
        expect(accessibleName(el, control), `${text}: accessible name`).to.equal(text);
        // Only the focused control's name shows.
        for (const other of controls) if (other !== control) expectNameHidden(other);
      }
    });
  }

  it('puts a shown name away on Escape, until the focus or the pointer moves on (WCAG 1.4.13)', async () => {
    await setViewport({ width: 1200, height: 800 });
    const el = await mountSettings();
    await sendMouse({ type: 'move', position: [1195, 795] });
    const [first, second] = links(el);
    $(el, '[part="help-link"]')!.focus();
    await tabTo(first!);
    expectNameShown(el, first!, 'Personal Information');
    await sendKeys({ press: 'Escape' });
    await settle();
    expectNameHidden(first!);
    expect(deepActiveElement(), 'the focus stays').to.equal(first);
    await sendKeys({ press: 'Tab' });
    await settle();
    expect(deepActiveElement()).to.equal(second);
    expectNameShown(el, second!, nameOf(second!).textContent!);
  });

  it('shows the name under the pointer too, and the toggle names itself when expanded', async () => {
    await setViewport({ width: 1200, height: 800 });
    const el = await mountSettings();
    const link = $(el, '[data-key="ssh"]')!;
    const center = (node: Element) => {
      const box = node.getBoundingClientRect();
      return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] as [number, number];
    };
    await sendMouse({ type: 'move', position: center(link.querySelector('svg')!) });
    await settle();
    expectNameShown(el, link, 'SSH Public Key');
    await sendMouse({ type: 'move', position: [1195, 795] });
    await settle();
    expectNameHidden(link);

    await sendMouse({ type: 'move', position: center(toggle(el)) });
    await settle();
    expectNameShown(el, toggle(el), 'Sidebar');

    // Expanded, the links show their labels as before; the toggle is still an icon.
    toggle(el).click();
    await settle();
    expect(sidebar(el).dataset.state).to.equal('expanded');
    expectNameShown(el, toggle(el), 'Sidebar');
    await sendMouse({ type: 'move', position: [1195, 795] });
    await settle();
    expectNameHidden(toggle(el));
    const label = nameOf(link).getBoundingClientRect();
    expect(label.left, 'the label inside the link').to.be.below(link.getBoundingClientRect().right);
    expect(label.width).to.be.greaterThan(20);
  });
});
