/**
 * Submitting the token drawer with a field in error (Enter on Create / Save) takes the user to
 * the first such field in visual order, as every other form of the product does: name,
 * description, expiry (the day, or the presets when none is chosen), then the scope tree's active
 * item. The tree itself carries the "Select at least one permission" state and message.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { SEARCH, TOKENS, daysFromNow, page, scopeRoutes, token } from './tokens-fixtures';

// Files run side by side; drafts of the create drawer live in localStorage.
useOwnLocalStorage();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const creates = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === TOKENS);
const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;
const nameInput = (el: Element) => $(el, 'input[name="name"]') as HTMLInputElement;
const dateInput = (el: Element) => $(el, 'input[type="date"]') as HTMLInputElement;
const tree = (el: Element) => $(el, '[part~="drawer"] [role="tree"]')!;
const preset = (el: Element, value: string) => $(el, `input[type="radio"][value="${value}"]`) as HTMLInputElement;
const textOf = (el: Element, ids: string | null) =>
  (ids ?? '')
    .split(' ')
    .map((id) => el.shadowRoot!.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

async function mountList(rows = [token('t1')]) {
  const api = await mockApi([
    ...scopeRoutes,
    { method: 'POST', path: SEARCH, body: page(rows) },
    { method: 'PUT', path: `${TOKENS}/:id`, body: {} },
  ]);
  const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
  await waitFor(() => $(el, '[part="count"]'), { message: 'the list' });
  return { api, el };
}

async function openCreateDrawer(el: Element) {
  $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
  await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer with its scope tree' });
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
}

/** Enter on the footer's submit button, where a keyboard user ends up after the last field. */
async function pressSubmit(el: Element) {
  submitButton(el).focus();
  await sendKeys({ press: 'Enter' });
  await settle();
}

describe('<yx-token-manager> submit with a field in error', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the user to the name first when everything required is missing', async () => {
    const { api, el } = await mountList();
    await openCreateDrawer(el);
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(nameInput(el));
    expect(nameInput(el).getAttribute('aria-invalid')).to.equal('true');
    expect(creates(await api.calls())).to.have.length(0);
  });

  it('takes the user to the day when "Custom" is chosen and no day is left', async () => {
    const { el } = await mountList();
    await openCreateDrawer(el);
    nameInput(el).focus();
    await sendKeys({ type: 'ci-deploy' });
    dateInput(el).focus();
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => preset(el, 'custom').checked, { message: 'the cleared day to choose "Custom"' });
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(dateInput(el));
    expect(dateInput(el).getAttribute('aria-invalid')).to.equal('true');
  });

  it('takes the user to the presets when a draft left no expiry chosen', async () => {
    const { el } = await mountList();
    await openCreateDrawer(el);
    nameInput(el).focus();
    await sendKeys({ type: 'ci-deploy' });
    dateInput(el).focus();
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => preset(el, 'custom').checked, { message: 'the cleared day to choose "Custom"' });
    nameInput(el).focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'Escape to close the drawer' });
    await openCreateDrawer(el);
    expect(nameInput(el).value).to.equal('ci-deploy');
    expect(preset(el, '7').checked || preset(el, 'custom').checked, 'no expiry chosen').to.equal(false);
    $(el, 'li[data-key="codeup"]')!.click();
    await settle();
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(preset(el, '7'));
  });

  it('takes the user to the scope tree, which is marked invalid and described by the message', async () => {
    const { el } = await mountList();
    await openCreateDrawer(el);
    nameInput(el).focus();
    await sendKeys({ type: 'ci-deploy' });
    await pressSubmit(el);
    const active = deepActiveElement() as HTMLElement;
    expect(active.getAttribute('role')).to.equal('treeitem');
    expect(active.dataset.key).to.equal('codeup');
    expect(tree(el).contains(active)).to.equal(true);
    expect(tree(el).getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(el, tree(el).getAttribute('aria-describedby'))).to.equal('Select at least one permission');
    // The group keeps its own description (the selected count), without saying the message twice.
    const group = $(el, '[part="scopes"]')!;
    expect(textOf(el, group.getAttribute('aria-describedby'))).to.equal('Selected permissions: 0');

    // Once a permission is chosen the tree is valid again.
    await sendKeys({ press: 'Space' });
    await settle();
    expect(tree(el).getAttribute('aria-invalid')).to.equal(null);
    expect(tree(el).getAttribute('aria-describedby')).to.equal(null);
  });

  it('takes the user to the name of a token being edited', async () => {
    const { el } = await mountList([
      token('t1', { name: 'ci', token_scopes: ['codeup:repository:read'], expires_at: daysFromNow(45) }),
    ]);
    $(el, '[part~="edit-button"]')!.click();
    await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the edit drawer' });
    for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
    expect(dateInput(el).value).to.equal(formatDate(daysFromNow(45)));
    nameInput(el).focus();
    nameInput(el).select();
    await sendKeys({ press: 'Backspace' });
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(nameInput(el));
    expect(nameInput(el).getAttribute('aria-invalid')).to.equal('true');
  });
});
