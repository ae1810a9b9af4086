import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { deepActiveElement, mockApi, mountElement, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import { SEARCH, page, scopeRoutes, token } from './tokens-fixtures';

// Files run side by side; the list reads its page size from localStorage.
useOwnLocalStorage();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const openButton = (el: Element) => $(el, '[part~="open-button"]');

/** Lets the open animations end, so the dialogs are where they finally sit. */
function finishAnimations(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
}

/** Waits for the overlay `part` to be gone, ending its closing animation: a page the runner keeps
 * in the background may not play it at all. */
const closed = (el: Element, part: string) =>
  waitFor(
    () => {
      finishAnimations(el);
      return !$(el, `[part~="${part}"]`);
    },
    { message: `the ${part} to close` },
  );

/** Mounts the v1 token manager, whose list opens in a modal on mount, and waits for focus in it. */
async function mountV1() {
  const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([token('t1')]) }]);
  const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
  await waitFor(() => $(el, '[part~="modal"] [part="count"]'), { timeout: 10_000, message: 'the list in its modal' });
  finishAnimations(el);
  const modal = $(el, '[part~="modal"]')!;
  await waitFor(() => modal.contains(deepActiveElement()), { message: 'focus in the modal' });
  return el;
}

describe('<yx-token-manager version="v1"> focus', () => {
  beforeEach(() => setViewport({ width: 1280, height: 900 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given the modal opened on mount', () => {
    it('gives focus to the button that reopens the list when Escape closes it', async () => {
      const el = await mountV1();
      await sendKeys({ press: 'Escape' });
      await closed(el, 'modal');
      await waitFor(() => deepActiveElement() === openButton(el), { message: 'focus on the open button' });
      expect(openButton(el)!.textContent).to.equal('Access tokens');

      // And Enter there brings the list back, with focus in it.
      await sendKeys({ press: 'Enter' });
      const modal = (await waitFor(() => $(el, '[part~="modal"]'), { message: 'the modal again' }))!;
      await waitFor(() => modal.contains(deepActiveElement()), { message: 'focus back in the modal' });
      expect(modal.getAttribute('data-state')).to.equal('open');
    });

    it('does the same after the New-token drawer opened from it was closed first', async () => {
      const el = await mountV1();
      const create = $(el, '[part~="modal"] [part~="create-button"]')!;
      create.focus();
      await sendKeys({ press: 'Enter' });
      const drawer = (await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer' }))!;
      finishAnimations(el);
      await waitFor(() => drawer.closest('[part~="drawer"]')!.contains(deepActiveElement()), {
        message: 'focus in the drawer',
      });
      await sendKeys({ press: 'Escape' });
      await closed(el, 'drawer');
      await waitFor(() => deepActiveElement() === create, { message: 'focus back on New token, in the modal' });
      expect($(el, '[part~="modal"]'), 'the list modal, still open').to.exist;

      await sendKeys({ press: 'Escape' });
      await closed(el, 'modal');
      await waitFor(() => deepActiveElement() === openButton(el), { message: 'focus on the open button' });
      expect(openButton(el)!.textContent).to.equal('Access tokens');
    });
  });
});
