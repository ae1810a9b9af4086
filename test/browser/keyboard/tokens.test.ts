import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import { endOfDayMinus2s, presetExpiryDay } from '../../../src/core/dates';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { SEARCH, TOKENS, page, scopeRoutes, token } from '../features/tokens-fixtures';
import {
  callsMatching,
  containsDeep,
  enterByTab,
  escapeConfirmation,
  expectFocusRing,
  expectFocused,
  expectTrapped,
  focusLandsOn,
  focused,
  press,
  renameInDrawer,
  stillFrame,
  tabTo,
  type,
} from './keys';

const SECRET = 'pt-keyboard-only-7c1e';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);
const rowOf = (el: Element, name: string) =>
  $$(el, 'tr[part="table-row"]').find((r) => r.querySelector('[part="token-name"]')?.textContent === name);
const buttonOf = (el: Element, name: string, action: 'edit' | 'delete') =>
  rowOf(el, name)?.querySelector<HTMLElement>(`[part~="${action}-button"]`) ?? null;

const existing = token('t1', { name: 'nightly-build' });
const created = token('new1', { name: 'ci-deploy', token_scopes: ['codeup:repository:read'] });

describe('<yx-token-manager> with the keyboard alone', () => {
  let restoreClipboard: (() => void) | undefined;
  afterEach(() => {
    restoreClipboard?.();
    restoreClipboard = undefined;
    document.body.innerHTML = '';
  });

  function stubClipboard(copied: string[]) {
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    restoreClipboard = () => {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    };
  }

  it('creates a token with a name, a preset and one scope, copies its value, edits it and deletes it', async () => {
    const copied: string[] = [];
    stubClipboard(copied);
    const routes: MockRoute[] = [...scopeRoutes, { method: 'POST', path: SEARCH, body: page([existing]) }];
    const api = await mockApi(routes);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => rowOf(el, 'nightly-build'), { message: 'the list' });

    // From the page into the element: the include-expired switch, then Create.
    await enterByTab((f) => f === $(el, 'input[part="include-expired"]'), {
      message: 'the include-expired checkbox',
      tabs: 1,
    });
    await press('Tab');
    const create = $(el, '.yx-tokens-toolbar [part~="create-button"]')!;
    expectFocused(create, 'Create');
    expectFocusRing();

    // Open the drawer: focus on its first field.
    await press('Enter');
    const drawer = (await waitFor(() => $(el, '[part~="drawer"]'), { message: 'the drawer' }))!;
    await focusLandsOn(() => $(el, 'input[name="name"]'), 'focus in the name field');
    await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the scope tree' });
    await stillFrame(el);
    expectFocusRing();
    await type('ci-deploy');

    // Tab stays inside the drawer, all the way round.
    await expectTrapped(drawer, 'the drawer', [
      'name',
      'description',
      'treeitem',
      'button cancel-button',
      'button submit-button',
      'close-button',
    ]);

    // The 30-day preset, chosen already: Tab lands on it.
    await tabTo((f) => f instanceof HTMLInputElement && f.type === 'radio', { message: 'the expiry presets' });
    expectFocusRing();
    expect((focused() as HTMLInputElement).value).to.equal('30');
    expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(presetExpiryDay(30));

    // Into the tree: down to Repositories, Space selects it (read and write).
    await tabTo((f) => f.getAttribute('role') === 'treeitem', { message: 'the scope tree' });
    expect(focused()!.dataset.key).to.equal('codeup');
    expectFocusRing();
    await press('ArrowDown');
    expect(focused()!.dataset.key).to.equal('codeup:repository');
    expectFocusRing();
    await press('Space');
    expect($(el, '[part="scope-count"]')!.textContent).to.equal('Selected permissions: 2');
    expect(focused()!.getAttribute('aria-checked')).to.equal('true');

    await api.define([
      ...routes,
      { method: 'POST', path: SEARCH, body: page([created, existing]) },
      { method: 'POST', path: TOKENS, body: { token: SECRET, token_id: 'new1' } },
      { method: 'PUT', path: `${TOKENS}/:id`, body: {} },
      { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
    ]);
    await tabTo((f) => f.matches('[part~="submit-button"]'), { message: 'Create' });
    expectFocusRing();
    await press('Enter');
    const [post] = await callsMatching(api, (c) => c.method === 'POST' && c.path === TOKENS);
    expect(post!.body).to.include({ name: 'ci-deploy', expires_at: endOfDayMinus2s(presetExpiryDay(30)) });
    expect((post!.body as { token_scopes: string[] }).token_scopes).to.deep.equal([
      'codeup:repository:read',
      'codeup:repository:write',
    ]);

    // The value shown once: focus on Copy, and it stays there once the drawer has gone.
    await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
    await focusLandsOn(() => $(el, '[part="secret"] [part~="copy-button"]'), 'focus on Copy');
    expectFocusRing();
    await press('Enter');
    await waitFor(() => toasts(el).includes('Token copied'), { message: 'the copied toast' });
    expect(copied).to.deep.equal([SECRET]);
    await waitFor(() => !$(el, '[part="secret"]'), { message: 'the value to go' });
    await focusLandsOn(() => $(el, '.yx-tokens-toolbar [part~="create-button"]'), 'focus back on Create');

    // Edit: the drawer opens on the name, Enter saves, focus returns to Edit.
    await tabTo((f) => f === buttonOf(el, 'ci-deploy', 'edit'), { message: 'Edit ci-deploy' });
    expectFocusRing();
    await press('Enter');
    await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the edit drawer' });
    const put = await renameInDrawer(el, api, {
      field: 'name',
      from: 'ci-deploy',
      append: '-2',
      method: 'PUT',
      opener: () => buttonOf(el, 'ci-deploy', 'edit'),
    });
    expect(put.path).to.equal(`${TOKENS}/new1`);
    expect(put.body).to.include({ name: 'ci-deploy-2' });

    // Escape backs out of a delete and returns focus to Delete.
    await press('Tab');
    expectFocused(buttonOf(el, 'ci-deploy', 'delete'), 'Delete ci-deploy');
    expectFocusRing();
    expect(await escapeConfirmation(el, () => buttonOf(el, 'ci-deploy', 'delete'))).to.deep.equal([
      'button cancel-button',
      'button confirm-button',
    ]);
    expect((await api.calls()).some((c) => c.method === 'DELETE')).to.equal(false);

    // Delete for real: the row goes, and focus stays in the element rather than falling to <body>.
    await api.define([
      ...routes,
      { method: 'POST', path: SEARCH, body: page([existing]) },
      { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
    ]);
    await press('Enter');
    await focusLandsOn(() => $(el, '[part~="confirm"] [part~="cancel-button"]'), 'focus on Cancel');
    await press('Tab');
    await press('Enter');
    const [del] = await callsMatching(api, (c) => c.method === 'DELETE');
    expect(del!.path).to.equal(`${TOKENS}/new1`);
    await waitFor(() => !rowOf(el, 'ci-deploy'), { message: 'the row to go' });
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    await focusLandsOn(
      () => $(el, '.yx-tokens-toolbar [part~="create-button"]'),
      'focus on Create once the deleted row and its Delete button are gone',
    );
  });

  it('reopens the v1 modal from its button and returns there on Escape', async () => {
    const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([existing]) }]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
    const modal = (await waitFor(() => $(el, '[part~="modal"]'), { message: 'the modal' }))!;
    await waitFor(() => $(el, '[part~="modal"] [part="count"]'), { message: 'the list in the modal' });
    await waitFor(() => containsDeep(modal, focused()), { message: 'focus inside the modal on open' });
    await press('Escape');
    await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the modal to close' });

    // Focus was on nothing in the element before; Tab from the page reaches Open.
    const open = await enterByTab((f) => f === $(el, '[part~="open-button"]'), { message: 'Open', tabs: 1 });
    await press('Enter');
    await waitFor(() => $(el, '[part~="modal"] [part="count"]'), { message: 'the list in the modal' });
    await waitFor(() => containsDeep($(el, '[part~="modal"]')!, focused()), { message: 'focus inside the modal' });
    await expectTrapped($(el, '[part~="modal"]')!, 'the modal');
    await press('Escape');
    await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the modal to close' });
    await focusLandsOn(() => open, 'focus back on Open');
  });
});
