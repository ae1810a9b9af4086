import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { presetExpiryDay } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { SEARCH, TOKENS, page, scopeRoutes, token } from './tokens-fixtures';

// Files run side by side; the list reads its page size from localStorage.
useOwnLocalStorage();

const SECRET = 'pt-layered-dialogs-0123456789abcdef';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);
const rows = (el: Element) => $$(el, 'tr[part="table-row"]');
const nameInput = (el: Element) => $(el, 'input[name="name"]') as HTMLInputElement;
const preset = (el: Element, days: string) =>
  $$(el, 'input[type="radio"]').find((r) => (r as HTMLInputElement).value === days) as HTMLInputElement;
const errors = (el: Element) => $$(el, '[part~="drawer"] [part="error"]').map((e) => e.textContent);

/** Clicks the middle of an element with the real mouse (pointerdown, focus change, click). */
async function click(target: Element) {
  const r = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/** Lets the open animations end, so a click lands where the element finally sits. */
function finishAnimations(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
}

async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n: number) {
  for (let i = 0; i < 150; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

async function openCreateDrawer(el: Element) {
  await click($(el, '.yx-tokens-toolbar [part~="create-button"]')!);
  await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer with its scope tree' });
  finishAnimations(el);
  await waitFor(() => deepActiveElement() === nameInput(el), { message: 'focus in the name field' });
}

describe('<yx-token-manager> dialogs', () => {
  beforeEach(() => setViewport({ width: 1280, height: 900 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given the list in a modal (version="v1")', () => {
    it('keeps the list open while the user fills the drawer with the mouse, and shows the new value in it', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('new1', { name: 'by-mouse' }), token('t1')]) },
        { method: 'POST', path: SEARCH, body: page([token('t1')]), times: 1 },
        { method: 'POST', path: TOKENS, body: { token: SECRET, token_id: 'new1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
      await waitFor(() => $(el, '[part~="modal"] [part="count"]'), { message: 'the list in its modal' });
      finishAnimations(el);
      await openCreateDrawer(el);

      await click(nameInput(el));
      await settle();
      expect($(el, '[part~="modal"]'), 'the list modal after a click in the drawer').to.exist;
      await sendKeys({ type: 'by-mouse' });
      await click(preset(el, '30'));
      await click($(el, 'li[data-key="codeup:repository:read"]')!);
      await settle();
      await click($(el, '[part~="submit-button"]')!);

      const secret = await waitFor(() => $(el, '[part~="modal"] tr [part="secret"]'), {
        message: 'the value in its row, in the modal',
      });
      expect(secret!.closest('tr')!.querySelector('[part="token-name"]')!.textContent).to.equal('by-mouse');
      expect(toasts(el)).to.include('Created successfully');
    });

    it('closes only the confirmation when the user cancels a deletion', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([token('t1', { name: 'ci' })]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
      await waitFor(() => rows(el).length === 1, { message: 'the row' });
      finishAnimations(el);
      await click(rows(el)[0]!.querySelector('[part~="delete-button"]')!);
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      finishAnimations(el);
      await click(confirm.querySelector('[part~="cancel-button"]')!);
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
      await settle();
      expect($(el, '[part~="modal"]'), 'the list modal').to.exist;
      expect((await api.calls()).filter((c) => c.method === 'DELETE')).to.have.length(0);
    });

    it('closes only the drawer on a click beside it, and the list only on a click beside the list', async () => {
      const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([token('t1')]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
      await waitFor(() => $(el, '[part~="modal"] [part="count"]'));
      finishAnimations(el);
      await openCreateDrawer(el);
      // The far left of the page: the drawer's dimmed overlay, above the list modal's one.
      await sendMouse({ type: 'click', position: [10, 450] });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
      await settle();
      expect($(el, '[part~="modal"]'), 'the list modal').to.exist;

      await sendMouse({ type: 'click', position: [10, 450] });
      await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the list modal to close' });
    });
  });

  describe('given a user who typed in the create drawer', () => {
    async function mountWithList() {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('t1')]) },
        { method: 'POST', path: TOKENS, body: { token: SECRET, token_id: 'new1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="count"]'), { message: 'the list' });
      return { api, el };
    }

    async function typeDraft(el: Element) {
      await sendKeys({ type: 'half-done' });
      ($(el, 'textarea[name="description"]') as HTMLTextAreaElement).focus();
      await sendKeys({ type: 'for the nightly job' });
      await click(preset(el, '60'));
      await click($(el, 'li[data-key="codeup:merge-request:read"]')!);
      await settle();
    }

    async function expectDraft(el: Element) {
      expect(nameInput(el).value).to.equal('half-done');
      expect(($(el, 'textarea[name="description"]') as HTMLTextAreaElement).value).to.equal('for the nightly job');
      expect(preset(el, '60').checked, 'the 60-day preset').to.equal(true);
      expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(presetExpiryDay(60));
      expect($(el, 'li[data-key="codeup:merge-request:read"]')!.getAttribute('aria-checked')).to.equal('true');
    }

    it('gives the typed values back when the drawer closed with Escape is opened again', async () => {
      const { el } = await mountWithList();
      await openCreateDrawer(el);
      await typeDraft(el);
      nameInput(el).focus();
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'Escape to close the drawer' });

      await openCreateDrawer(el);
      await expectDraft(el);
    });

    it('gives them back after a click beside the drawer, and starts empty once the token is created', async () => {
      const { api, el } = await mountWithList();
      await openCreateDrawer(el);
      await typeDraft(el);
      await sendMouse({ type: 'click', position: [10, 450] });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the outside click to close the drawer' });

      await openCreateDrawer(el);
      await expectDraft(el);
      await click($(el, '[part~="submit-button"]')!);
      const [post] = await callsMatching(api, (c) => c.method === 'POST' && c.path === TOKENS, 1);
      expect((post!.body as Record<string, unknown>).name).to.equal('half-done');
      await waitFor(() => $(el, '[part="secret"]'), { message: 'the value shown once' });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });

      await openCreateDrawer(el);
      expect(nameInput(el).value).to.equal('');
      expect(($(el, 'textarea[name="description"]') as HTMLTextAreaElement).value).to.equal('');
      expect($(el, 'li[data-key="codeup:merge-request:read"]')!.getAttribute('aria-checked')).to.equal('false');
    });

    it('drops the typed values when the user chooses Cancel', async () => {
      const { el } = await mountWithList();
      await openCreateDrawer(el);
      await typeDraft(el);
      await click($(el, '[part~="drawer"] [part~="cancel-button"]')!);
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'Cancel to close the drawer' });

      await openCreateDrawer(el);
      expect(nameInput(el).value).to.equal('');
      expect(($(el, 'textarea[name="description"]') as HTMLTextAreaElement).value).to.equal('');
    });

    it('forgets the typed values when the user leaves the token screen', async () => {
      const { el } = await mountWithList();
      await openCreateDrawer(el);
      await typeDraft(el);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, '[part~="drawer"]'));
      el.setAttribute('view', 'create');
      await waitFor(() => $(el, '[part="create-screen"]'), { message: 'the create screen' });
      el.setAttribute('view', 'list');
      await waitFor(() => $(el, '[part="count"]'), { message: 'the list again' });

      await openCreateDrawer(el);
      expect(nameInput(el).value).to.equal('');
    });
  });

  describe('given a user who edited a token without saving', () => {
    it('gives the unsaved edits back when the same token is edited again, and not for another token', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('t1', { name: 'one' }), token('t2', { name: 'two' })]) },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 2, { message: 'the rows' });
      const edit = (i: number) => rows(el)[i]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!;
      edit(0).click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the edit drawer' });
      await waitFor(() => deepActiveElement() === nameInput(el));
      await sendKeys({ press: 'End' });
      await sendKeys({ type: '-renamed' });
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, '[part~="drawer"]'));

      edit(1).click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
      expect(nameInput(el).value).to.equal('two');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, '[part~="drawer"]'));

      edit(0).click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
      expect(nameInput(el).value).to.equal('one-renamed');
    });
  });

  describe('given the create drawer just opened, focus in the empty name field', () => {
    it('takes the first click on a preset without an error pushing it away', async () => {
      const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([token('t1')]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="count"]'));
      await openCreateDrawer(el);
      // Not the 30-day preset: the form starts on it, so a click there would change nothing.
      await click(preset(el, '60'));
      await settle();
      expect(preset(el, '60').checked, 'the 60-day preset').to.equal(true);
      expect(errors(el)).not.to.include('Enter a name');
      expect(nameInput(el).getAttribute('aria-invalid')).to.equal(null);
    });

    it('still asks for a name once one was typed and cleared', async () => {
      const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([token('t1')]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="count"]'));
      await openCreateDrawer(el);
      await sendKeys({ type: 'x' });
      await sendKeys({ press: 'Backspace' });
      await click(preset(el, '60'));
      await settle();
      expect(errors(el)).to.include('Enter a name');
      expect($(el, '[part~="submit-button"]')!.getAttribute('aria-disabled')).to.equal('true');
    });
  });
});
