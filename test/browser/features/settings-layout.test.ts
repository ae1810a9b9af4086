import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-settings';
import { setSettingsReloader } from '../../../src/features/settings/SettingsShell';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { defineFakeSections, appsRoute, helpRoute, mediaChangesInBackground, noHelpRoute } from './settings-fixtures';

// Stand-ins for the section elements, so no section bundle loads and no section calls the API.
defineFakeSections();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const sidebar = (el: Element) => $(el, '[part="sidebar"]')!;
const toggle = (el: Element) => $(el, '[part~="sidebar-toggle"]')!;
const resizer = (el: Element) => $(el, '[role="separator"]');
const widthOf = (node: Element) => Math.round(node.getBoundingClientRect().width);

async function mountSettings(attrs: Record<string, string> = {}) {
  const api = await mockApi([appsRoute(['codeup', 'packages']), helpRoute()]);
  const el = await mountElement('yx-settings', { host: api.host, locale: 'en_US', section: 'profile', ...attrs });
  await waitFor(() => $(el, '[part="settings"][data-status="ready"]'), { message: 'the shell' });
  await waitFor(() => $(el, '[part="help-link"]'), { message: 'the help link' });
  return el;
}

/** Resizes the viewport and waits until the page has heard about it (media query change events
 * come with the next rendering update, after `setViewport` resolves). */
async function resizeTo(width: number) {
  const query = matchMedia('(max-width: 1279.98px)');
  const crosses = query.matches !== width < 1280;
  const changed = crosses ? new Promise((r) => query.addEventListener('change', r, { once: true })) : null;
  await setViewport({ width, height: 800 });
  await changed;
  await settle();
}

/** Drags the separator with the real mouse by `dx` px (one move: hidden test tabs move slowly). */
async function drag(el: Element, dx: number) {
  const box = resizer(el)!.getBoundingClientRect();
  const x = Math.round(box.left + box.width / 2);
  const y = Math.round(box.top + Math.min(box.height / 2, 100));
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + dx, y] });
  await sendMouse({ type: 'up' });
  await settle();
}

describe('<yx-settings> layout', function () {
  this.timeout(45_000);
  let restoreReloader: () => void;
  let restoreMedia: () => void;
  const reloads: number[] = [];
  before(() => {
    restoreReloader = setSettingsReloader(() => reloads.push(1));
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

  it('renders nothing while the apps load', async () => {
    const api = await mockApi([appsRoute([], { delayMs: 600 }), noHelpRoute]);
    const el = await mountElement('yx-settings', { host: api.host, locale: 'en_US', section: 'profile' });
    const shell = $(el, '[part="settings"]')!;
    expect(shell.dataset.status).to.equal('loading');
    expect(getComputedStyle(shell).display).to.equal('none');
    expect(el.getBoundingClientRect().height).to.equal(0);
    await waitFor(() => shell.dataset.status === 'ready');
  });

  describe('below 1280 px', () => {
    it('collapses the sidebar to icons, and the toggle expands it', async () => {
      await setViewport({ width: 1200, height: 800 });
      const el = await mountSettings();
      expect(sidebar(el).dataset.state).to.equal('collapsed');
      expect(toggle(el).getAttribute('aria-expanded')).to.equal('false');
      expect(toggle(el).textContent).to.equal('Sidebar');
      expect(widthOf(sidebar(el))).to.equal(56);
      expect(resizer(el), 'nothing to drag').to.equal(null);
      const link = $(el, '[data-key="personalAccessToken"]')!;
      expect(link.textContent, 'the name stays for screen readers').to.equal('Access Token');
      expect(link.hasAttribute('title'), 'named beside the icon on hover and focus instead').to.equal(false);
      expect(widthOf(link.querySelector('.yx-settings-nav__label')!)).to.be.at.most(1);

      toggle(el).click();
      await settle();
      expect(sidebar(el).dataset.state).to.equal('expanded');
      expect(toggle(el).getAttribute('aria-expanded')).to.equal('true');
      expect(widthOf(sidebar(el))).to.equal(240);
      expect(resizer(el)).to.exist;
      expect(widthOf(link.querySelector('.yx-settings-nav__label')!)).to.be.greaterThan(20);
    });
  });

  describe('at 1280 px and wider', () => {
    it('shows the sidebar expanded, collapses on the toggle, and follows the viewport', async () => {
      await setViewport({ width: 1400, height: 800 });
      const el = await mountSettings();
      expect(sidebar(el).dataset.state).to.equal('expanded');
      expect(toggle(el).getAttribute('aria-expanded')).to.equal('true');
      toggle(el).click();
      await settle();
      expect(sidebar(el).dataset.state).to.equal('collapsed');
      expect(toggle(el).getAttribute('aria-expanded')).to.equal('false');

      // Crossing 1280 px drops the user's choice: each side gets its default again.
      await resizeTo(1279);
      await waitFor(() => toggle(el).getAttribute('aria-expanded') === 'false', { message: 'collapsed at 1279 px' });
      toggle(el).click();
      await waitFor(() => sidebar(el).dataset.state === 'expanded', { message: 'expanded by hand' });
      await resizeTo(1280);
      await waitFor(() => sidebar(el).dataset.state === 'expanded', { message: 'expanded at 1280 px' });
      toggle(el).click();
      await waitFor(() => sidebar(el).dataset.state === 'collapsed');
      await resizeTo(1279);
      await resizeTo(1300);
      await waitFor(() => sidebar(el).dataset.state === 'expanded', { message: 'expanded again at 1300 px' });
    });

    it('drags the sidebar edge with the pointer, never narrower than 200 px', async () => {
      await setViewport({ width: 1400, height: 800 });
      const el = await mountSettings();
      const edge = resizer(el)!;
      expect(edge.getAttribute('aria-orientation')).to.equal('vertical');
      expect(edge.getAttribute('aria-valuenow')).to.equal('240');
      expect(edge.getAttribute('aria-valuemin')).to.equal('200');
      expect(edge.getAttribute('aria-valuemax')).to.equal('480');
      expect(edge.getAttribute('aria-label')).to.equal('Resize the sidebar');

      await drag(el, -300);
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('200');
      expect(widthOf(sidebar(el))).to.equal(200);
      expect(sidebar(el).style.getPropertyValue('--yx-sidebar-width')).to.equal('200px');

      await drag(el, 120);
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('320');
      expect(widthOf(sidebar(el))).to.equal(320);

      await drag(el, 900);
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('480');
    });

    it('resizes from the keyboard: ←/→, Shift for bigger steps, Home and End', async () => {
      await setViewport({ width: 1400, height: 800 });
      const el = await mountSettings();
      resizer(el)!.focus();
      expect(deepActiveElement()).to.equal(resizer(el));
      for (let i = 0; i < 6; i++) await sendKeys({ press: 'ArrowLeft' });
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('200');
      expect(widthOf(sidebar(el))).to.equal(200);
      await sendKeys({ press: 'ArrowRight' });
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('210');
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ up: 'Shift' });
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('260');
      await sendKeys({ press: 'End' });
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('480');
      expect(widthOf(sidebar(el))).to.equal(480);
      await sendKeys({ press: 'Home' });
      expect(resizer(el)!.getAttribute('aria-valuenow')).to.equal('200');
    });
  });

  describe('at phone widths', () => {
    // The standalone page's frame around the shell: 24 px on each side.
    beforeEach(() => {
      document.body.style.margin = '24px';
    });
    afterEach(() => {
      document.body.style.margin = '';
    });

    /** The standalone page's controls in the top bar: the unread count and Switch Organization. */
    function addPageControls(el: Element) {
      const badge = document.createElement('span');
      badge.slot = 'top-bar';
      badge.textContent = '8';
      const link = document.createElement('a');
      link.slot = 'top-bar';
      link.href = '#/users/switch/organization';
      link.textContent = 'Switch Organization';
      link.style.whiteSpace = 'nowrap';
      el.append(badge, link);
      return link;
    }

    for (const width of [320, 390]) {
      it(`fits ${width} px without scrolling sideways, the top bar's controls under the title`, async () => {
        await setViewport({ width, height: 800 });
        const el = await mountSettings();
        const link = addPageControls(el);
        await settle();
        const right = el.getBoundingClientRect().right;
        expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(window.innerWidth);
        expect(link.getBoundingClientRect().right, 'Switch Organization').to.be.at.most(right);
        expect($(el, '[part="top-bar"]')!.getBoundingClientRect().right, 'top bar').to.be.at.most(right);
        expect($(el, '[part="main"]')!.getBoundingClientRect().right, 'content').to.be.at.most(right);
        expect($(el, '[part="help-link"]')!.getBoundingClientRect().top).to.be.at.least(
          $(el, '[part="title"]')!.getBoundingClientRect().bottom - 1,
        );
        expect(sidebar(el).dataset.state).to.equal('collapsed');
        expect(widthOf(sidebar(el))).to.equal(56);
        expect(widthOf($(el, '[part="main"]')!), 'the rest is the section').to.equal(widthOf(el) - 56);
      });
    }

    it('keeps the title and the controls on one line of the top bar at 1280 px and wider', async () => {
      await setViewport({ width: 1400, height: 800 });
      const el = await mountSettings();
      addPageControls(el);
      await settle();
      const top = $(el, '[part="top-bar"]')!;
      expect(Math.round(top.getBoundingClientRect().height)).to.equal(52);
      expect(Math.round($(el, '[part="help-link"]')!.getBoundingClientRect().top)).to.be.below(
        $(el, '[part="title"]')!.getBoundingClientRect().bottom,
      );
    });
  });

  describe('accessibility', () => {
    for (const locale of ['en_US', 'zh_CN']) {
      it(`lets every user read the shell, expanded and collapsed (${locale})`, async () => {
        await setViewport({ width: 1400, height: 800 });
        const el = await mountSettings({ locale });
        $(el, '[data-key="ssh"]')!.focus();
        await expectNoAxeViolations(el.shadowRoot!);
        toggle(el).click();
        await settle();
        await expectNoAxeViolations(el.shadowRoot!);
      });
    }

    it('lets every user read the error state', async () => {
      const api = await mockApi([appsRoute([], { status: 503 }), noHelpRoute]);
      const el = await mountElement('yx-settings', { host: api.host, locale: 'en_US', section: 'profile' });
      await waitFor(() => $(el, '[part="result"]'));
      await expectNoAxeViolations(el.shadowRoot!);
      $(el, '[part="result"] button')!.click();
      expect(reloads).to.have.length(1);
    });
  });
});
