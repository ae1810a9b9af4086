import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { useState } from 'react';
import '../../../elements/yx-error-page';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-unread-badge';
import { Modal } from '../../../src/ui/Modal';
import { TOKENS } from '../../../src/ui/css/tokens';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mount, mountElement, settle, waitFor } from '../fixtures/harness';
import { SEARCH, daysFromNow, page, scopeRoutes, token } from '../features/tokens-fixtures';
import { COUNT, counts, useFakeEventSource } from '../features/notifications-fixtures';

/** `#1b1d21` → `rgb(27, 29, 33)`, as getComputedStyle reports colours. */
function rgb(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
const light = (name: keyof typeof TOKENS) => rgb(TOKENS[name].light);
const dark = (name: keyof typeof TOKENS) => rgb((TOKENS[name] as { dark?: string }).dark!);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const style = (node: Element) => getComputedStyle(node);

/** Ends opening animations and colour transitions: colours are read (by the test and by axe) as
 * painted once they are over. */
async function stillFrame(el: Element) {
  await settle();
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await settle();
}

/** A 500 page: a brand-coloured code, a primary Reload and a secondary Back to Home. */
async function mountErrorPage(attributes: Record<string, string> = {}, parent: HTMLElement = document.body) {
  const el = document.createElement('yx-error-page');
  for (const [name, value] of Object.entries({ type: 'server-error', locale: 'en_US', ...attributes })) {
    el.setAttribute(name, value);
  }
  parent.append(el);
  await waitFor(() => $(el, '[data-variant="secondary"]'), { message: 'the error page' });
  return el;
}
const primary = (el: Element) => $(el, '[part~="button"][data-variant="primary"]')!;
const secondary = (el: Element) => $(el, '[part~="button"][data-variant="secondary"]')!;

const tokenList = page([
  token('t1', { name: 'ci-deploy', description: 'Deploys from CI', last_used_at: daysFromNow(-1) }),
  token('t2', { name: 'soon', expires_at: daysFromNow(3) }),
  token('t3', { name: 'old', expires_at: daysFromNow(-3), expired: true }),
]);

describe('theming', () => {
  afterEach(async () => {
    document.body.innerHTML = '';
    document.head.querySelectorAll('style[data-host-page]').forEach((node) => node.remove());
    document.documentElement.removeAttribute('style');
    await emulateMedia({ colorScheme: 'light' });
  });

  describe('given tokens set by the page', () => {
    it('a brand colour set on an ancestor reaches the buttons inside the shadow root', async () => {
      const wrapper = document.createElement('div');
      wrapper.style.setProperty('--yx-color-brand', '#7b3fe4');
      document.body.append(wrapper);
      const el = await mountErrorPage({}, wrapper);
      expect(style(primary(el)).backgroundColor).to.equal('rgb(123, 63, 228)');
      expect(style($(el, '[part="code"]')!).color).to.equal('rgb(123, 63, 228)');
    });

    it('a token set on the element itself wins over the same token on an ancestor', async () => {
      document.documentElement.style.setProperty('--yx-color-brand', '#7b3fe4');
      const el = await mountErrorPage();
      el.style.setProperty('--yx-color-brand', '#b0306a');
      await stillFrame(el);
      expect(style(primary(el)).backgroundColor).to.equal('rgb(176, 48, 106)');
    });

    it('radius, spacing and font tokens set on an ancestor apply too', async () => {
      document.documentElement.style.setProperty('--yx-radius', '0px');
      document.documentElement.style.setProperty('--yx-font-size', '18px');
      document.documentElement.style.setProperty('--yx-space-4', '20px');
      document.documentElement.style.setProperty('--yx-font-family', 'monospace');
      const el = await mountErrorPage();
      const button = style(secondary(el));
      expect(button.borderTopLeftRadius).to.equal('0px');
      expect(button.fontSize).to.equal('18px');
      expect(button.paddingLeft).to.equal('20px');
      expect(button.fontFamily).to.equal('monospace');
    });

    it('tokens reach dialogs, which render at the top of the shadow root', async () => {
      document.documentElement.style.setProperty('--yx-color-bg', '#fdf6e3');
      function Dialog() {
        const [open, setOpen] = useState(true);
        return (
          <Modal open={open} onOpenChange={setOpen} title="Legacy tokens">
            Nothing here yet.
          </Modal>
        );
      }
      const { root } = await mount(<Dialog />);
      // The dialog frame is loaded on first use.
      const dialog = await waitFor(() => root.querySelector<HTMLElement>('[part~="modal"]'), {
        message: 'the dialog',
        timeout: 15000,
      });
      expect(dialog!.parentNode).to.equal(root);
      expect(style(dialog!).backgroundColor).to.equal('rgb(253, 246, 227)');
    });

    it('a token the page sets wins in the dark theme too', async () => {
      document.documentElement.style.setProperty('--yx-color-brand', '#7b3fe4');
      const el = await mountErrorPage({ theme: 'dark' });
      expect(style(primary(el)).backgroundColor).to.equal('rgb(123, 63, 228)');
      expect(style(el).backgroundColor).to.equal(dark('color-bg'));
    });
  });

  describe('given theme="dark"', () => {
    it('paints the dark surface and text on the element and its buttons', async () => {
      const el = await mountErrorPage({ theme: 'dark' });
      expect(style(el).backgroundColor).to.equal(dark('color-bg'));
      expect(style(el).color).to.equal(dark('color-text'));
      expect(style(el).colorScheme).to.equal('dark');
      expect(style(secondary(el)).backgroundColor).to.equal(dark('color-bg'));
      expect(style(secondary(el)).color).to.equal(dark('color-text'));
      expect(style(primary(el)).backgroundColor).to.equal(dark('color-brand'));
      expect(style(primary(el)).color).to.equal(dark('color-on-brand'));
    });

    it('goes back to the light set when the attribute is removed', async () => {
      const el = await mountErrorPage({ theme: 'dark' });
      el.removeAttribute('theme');
      await stillFrame(el);
      // In the light scheme the page's own background shows through.
      expect(style(el).backgroundColor).to.equal(TRANSPARENT);
      expect(style(el).color).to.equal(light('color-text'));
      expect(style(secondary(el)).backgroundColor).to.equal(light('color-bg'));
      expect(style(primary(el)).backgroundColor).to.equal(light('color-brand'));
    });

    it('lets every user read the error page', async () => {
      const el = await mountErrorPage({ theme: 'dark' });
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it('lets every user read the token list, its create drawer and its delete confirmation', async () => {
      const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: tokenList }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', theme: 'dark' });
      await waitFor(() => $(el, '[part="count"]'), { message: 'the token list' });
      await expectNoAxeViolations(el.shadowRoot!);

      $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer' });
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => $(el, '[part~="drawer"] [part="error"]')?.textContent, { message: 'a field error' });
      await stillFrame(el);
      expect(style($(el, '[part~="drawer"]')!).backgroundColor).to.equal(dark('color-bg'));
      await expectNoAxeViolations(el.shadowRoot!);
      $(el, '[part~="drawer"] [part~="cancel-button"]')!.click();
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });

      $(el, '[part~="delete-button"]')!.click();
      await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' });
      await stillFrame(el);
      const confirm = $(el, '[part~="confirm-button"]')!;
      expect(style(confirm).backgroundColor).to.equal(dark('color-danger'));
      expect(style(confirm).color).to.equal(dark('color-on-danger'));
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it('lets every user read the unread count', async () => {
      const restore = useFakeEventSource();
      try {
        const api = await mockApi([{ method: 'POST', path: COUNT, body: counts({ codeup: 7 }) }]);
        const el = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US', theme: 'dark' });
        const bubble = await waitFor(() => $(el, '[part="count"]'), { message: 'the count' });
        expect(style(bubble!).color).to.equal(dark('color-on-danger'));
        await expectNoAxeViolations(el.shadowRoot!);
      } finally {
        restore();
      }
    });
  });

  describe('given a dark OS (prefers-color-scheme: dark)', () => {
    it('uses the dark set without any attribute', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const el = await mountErrorPage();
      expect(style(el).backgroundColor).to.equal(dark('color-bg'));
      expect(style(primary(el)).backgroundColor).to.equal(dark('color-brand'));
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it('keeps the light set with theme="light"', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const el = await mountErrorPage({ theme: 'light' });
      expect(style(el).backgroundColor).to.equal(TRANSPARENT);
      expect(style(el).color).to.equal(light('color-text'));
      expect(style(el).colorScheme).to.equal('light');
      expect(style(primary(el)).backgroundColor).to.equal(light('color-brand'));
    });
  });

  describe('given host page CSS', () => {
    it('host rules for buttons, yx- classes, parts and text styles do not reach inside', async () => {
      const hostile = document.createElement('style');
      hostile.dataset.hostPage = '';
      hostile.textContent = `
        button, .yx-button, .yx-button[data-variant='primary'], [part], h1, p {
          background: rgb(255, 0, 0) !important;
          color: rgb(0, 128, 0) !important;
          border-radius: 0 !important;
          padding: 40px !important;
        }
        body { letter-spacing: 7px; word-spacing: 9px; text-transform: uppercase; font-style: italic;
               font-weight: 900; text-align: center; line-height: 4; font-size: 30px; font-family: serif; }`;
      document.head.append(hostile);
      const el = await mountErrorPage();
      const button = style(primary(el));
      expect(button.backgroundColor).to.equal(light('color-brand'));
      expect(button.color).to.equal(light('color-on-brand'));
      expect(button.borderTopLeftRadius).to.equal(TOKENS.radius.light);
      expect(button.paddingTop).to.not.equal('40px');
      const title = style($(el, '[part="title"]')!);
      expect(title.color).to.equal(light('color-text'));
      expect(title.backgroundColor).to.equal(TRANSPARENT);
      for (const node of [primary(el), $(el, '[part="hint"]')!]) {
        const text = style(node);
        expect(text.letterSpacing).to.equal('normal');
        expect(text.wordSpacing).to.equal('0px');
        expect(text.textTransform).to.equal('none');
        expect(text.fontStyle).to.equal('normal');
        expect(text.fontFamily).to.equal(TOKENS['font-family'].light.replace(/'/g, '"'));
      }
      expect(style($(el, '[part="hint"]')!).fontSize).to.equal(TOKENS['font-size'].light);
      expect(style($(el, '[part="hint"]')!).fontWeight).to.equal('400');
    });

    it('styles reach inside only through ::part', async () => {
      const sheet = document.createElement('style');
      sheet.dataset.hostPage = '';
      sheet.textContent = `yx-error-page::part(code) { color: rgb(1, 2, 3); }`;
      document.head.append(sheet);
      const el = await mountErrorPage();
      expect(style($(el, '[part="code"]')!).color).to.equal('rgb(1, 2, 3)');
    });
  });
});
