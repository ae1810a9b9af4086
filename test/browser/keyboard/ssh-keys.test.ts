// Adding a key with the keyboard alone is covered by features/ssh-keys-add.test.ts; this file
// walks the rest of the flow: the drawer's focus trap, Escape, edit and delete.
import { expect } from '@open-wc/testing';
import '../../../elements/yx-ssh-keys';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockCall, MockRoute } from '../fixtures/harness';
import { KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';
import {
  containsDeep,
  expectFocusRing,
  expectFocused,
  focusLandsOn,
  focused,
  pageStart,
  press,
  shiftTab,
  stillFrame,
  tabCycle,
  tabTo,
  type,
} from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rowOf = (el: Element, title: string) =>
  $$(el, 'tr[part="table-row"]').find((r) => r.querySelector('[part="key-title"]')?.textContent === title);
const buttonOf = (el: Element, title: string, action: 'edit' | 'delete') =>
  rowOf(el, title)?.querySelector<HTMLElement>(`[part~="${action}-button"]`) ?? null;

async function callsMatching(
  api: { calls(): Promise<MockCall[]> },
  match: (c: MockCall) => boolean,
): Promise<MockCall[]> {
  const found = await waitFor(
    async () => {
      const matching = (await api.calls()).filter(match);
      return matching.length > 0 ? matching : null;
    },
    { timeout: 5000, message: 'the request' },
  );
  return found!;
}

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
    pageStart();
    const add = await tabTo((f) => f.matches('[part~="add-button"]'), { message: 'Add' });
    expectFocusRing();
    await press('Enter');
    const drawer = (await waitFor(() => $(el, '[part~="drawer"]'), { message: 'the drawer' }))!;
    await focusLandsOn(() => $(el, 'input[name="title"]'), 'focus in the name field');
    await stillFrame(el);
    expectFocusRing();
    const cycle = await tabCycle(drawer);
    expect(cycle.trapped, 'Tab cycles within the drawer').to.equal(true);
    const names = cycle.stops.map((s) => s.getAttribute('name') ?? s.getAttribute('part'));
    for (const expected of ['title', 'key', 'never', 'button cancel-button', 'button submit-button', 'close-button']) {
      expect(names, `the cycle reaches ${expected}`).to.include(expected);
    }
    await shiftTab();
    expect(containsDeep(drawer, focused()), 'Shift+Tab from the first field stays inside').to.equal(true);
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
    const title = (await focusLandsOn(
      () => $(el, 'input[name="title"]'),
      'focus in the name field',
    )) as HTMLInputElement;
    expect(title.value).to.equal('work laptop');
    await press('End');
    await type(' 2');
    await press('Enter');
    const [update] = await callsMatching(api, (c) => c.method === 'POST');
    expect(update!.path).to.equal(`${KEYS_PATH}/11`);
    expect(update!.body).to.include({ title: 'work laptop 2' });
    await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
    await focusLandsOn(() => buttonOf(el, 'work laptop', 'edit'), 'focus back on Edit');

    await press('Tab');
    expectFocused(buttonOf(el, 'work laptop', 'delete'), 'Delete work laptop');
    expectFocusRing();
    await press('Enter');
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
    await focusLandsOn(() => confirm.querySelector('[part~="cancel-button"]'), 'focus on Cancel');
    const cycle = await tabCycle(confirm);
    expect(cycle.trapped, 'Tab cycles within the confirmation').to.equal(true);
    await press('Escape');
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    await focusLandsOn(() => buttonOf(el, 'work laptop', 'delete'), 'focus back on Delete');

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
