// Adding a key with the keyboard alone is covered by features/ssh-keys-add.test.ts; this file
// walks the rest of the flow: the drawer's focus trap, Escape, edit and delete.
import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';
import {
  callsMatching,
  enterByTab,
  escapeConfirmation,
  expectFocusRing,
  expectFocused,
  expectTrapped,
  focusLandsOn,
  pageStart,
  press,
  renameInDrawer,
  stillFrame,
  tabTo,
} from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rowOf = (el: Element, title: string) =>
  $$(el, 'tr[part="table-row"]').find((r) => r.querySelector('[part="key-title"]')?.textContent === title);
const buttonOf = (el: Element, title: string, action: 'edit' | 'delete') =>
  rowOf(el, title)?.querySelector<HTMLElement>(`[part~="${action}-button"]`) ?? null;

const laptop = sshKey(11, { title: 'work laptop' });
const server = sshKey(12, { title: 'build server', scope: 'read' });

describe('<yx-ssh-keys> with the keyboard alone', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps Tab inside the add drawer and returns to Add on Escape', async () => {
    const api = await mockApi([listRoute([laptop])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await waitFor(() => rowOf(el, 'work laptop'), { message: 'the list' });
    const add = await enterByTab((f) => f.matches('[part~="add-button"]'), { message: 'Add' });
    await press('Enter');
    const drawer = (await waitFor(() => $(el, '[part~="drawer"]'), { message: 'the drawer' }))!;
    await focusLandsOn(() => $(el, 'input[name="title"]'), 'focus in the name field');
    await stillFrame(el);
    expectFocusRing();
    await expectTrapped(drawer, 'the drawer', [
      'title',
      'key',
      'never',
      'button cancel-button',
      'button submit-button',
      'close-button',
    ]);
    await press('Escape');
    await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
    await focusLandsOn(() => add, 'focus back on Add');
  });

  it('renames a key, then deletes it after backing out once, focus never lost', async () => {
    const routes: MockRoute[] = [
      listRoute([laptop, server]),
      { method: 'POST', path: `${KEYS_PATH}/:id`, body: {} },
      { method: 'DELETE', path: `${KEYS_PATH}/:id`, body: {} },
    ];
    const api = await mockApi(routes);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await waitFor(() => rowOf(el, 'build server'), { message: 'the list' });
    pageStart();

    await tabTo((f) => f === buttonOf(el, 'work laptop', 'edit'), { message: 'Edit work laptop' });
    expectFocusRing();
    await press('Enter');
    const update = await renameInDrawer(el, api, {
      field: 'title',
      from: 'work laptop',
      append: ' 2',
      method: 'POST',
      opener: () => buttonOf(el, 'work laptop', 'edit'),
    });
    expect(update.path).to.equal(`${KEYS_PATH}/11`);
    expect(update.body).to.include({ title: 'work laptop 2' });

    await press('Tab');
    expectFocused(buttonOf(el, 'work laptop', 'delete'), 'Delete work laptop');
    expectFocusRing();
    await escapeConfirmation(el, () => buttonOf(el, 'work laptop', 'delete'));

    await api.define([listRoute([server]), ...routes.slice(1)]);
    await press('Enter');
    await focusLandsOn(() => $(el, '[part~="confirm"] [part~="cancel-button"]'), 'focus on Cancel');
    await press('Tab');
    expectFocused($(el, '[part~="confirm"] [part~="confirm-button"]'), 'Delete in the confirmation');
    expectFocusRing();
    await press('Enter');
    const [removal] = await callsMatching(api, (c) => c.method === 'DELETE');
    expect(removal!.path).to.equal(`${KEYS_PATH}/11`);
    await waitFor(() => !rowOf(el, 'work laptop'), { message: 'the row to go' });
    await focusLandsOn(() => $(el, '[part~="add-button"]'), 'focus on Add once the row and its Delete button are gone');
  });
});
