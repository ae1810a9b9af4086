// Arrow keys, Home/End and deleting the last message are covered by
// features/notifications-keyboard.test.ts; this file walks the whole page once, from the host page.
import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import {
  BATCH_DELETE,
  COUNT,
  DELETE_ONE,
  LIST,
  READ,
  READ_ONE,
  counts,
  message,
  page,
  useCentreTestPage,
} from '../features/notifications-fixtures';
import {
  callsMatching,
  expectFocused,
  expectFocusRing,
  focused,
  focusLandsOn,
  pageStart,
  press,
  tabCycle,
  tabTo,
} from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const row = (el: Element, id: string) => rows(el).find((r) => r.dataset.id === id) ?? null;

const inbox = [
  message('1', { title: 'First' }),
  message('2', { title: 'Second', app: 'flow' }),
  message('3', { title: 'Third', read: true }),
];
const routes: MockRoute[] = [
  { method: 'POST', path: LIST, body: page(inbox) },
  { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
  { method: 'POST', path: READ_ONE, body: {} },
  { method: 'POST', path: READ, body: {} },
  { method: 'DELETE', path: DELETE_ONE, body: {} },
  { method: 'POST', path: BATCH_DELETE, body: {} },
];

describe('<yx-message-centre> with the keyboard alone', () => {
  useCentreTestPage();

  it('filters, switches tabs, marks read and deletes a message, marks all read and clears the read ones', async () => {
    const api = await mockApi(routes);
    const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(el).length === 3 && $(el, '[part="tab-count"]'), { message: 'the list' });

    pageStart();
    await press('Tab');
    const markAll = expectFocused($(el, '[part~="mark-all-read-button"]'), 'Mark all read');
    expectFocusRing();
    await press('Tab');
    const clear = expectFocused($(el, '[part~="clear-read-button"]'), 'Clear all read');
    expectFocusRing();

    // The app filter: each app is a toggle button in the Tab order.
    const flow = await tabTo((f) => f.dataset.app === 'flow', { message: 'the Flow filter' });
    expectFocusRing();
    await press('Enter');
    await waitFor(() => flow.getAttribute('aria-pressed') === 'true', { message: 'Flow selected' });
    await callsMatching(api, (c) => c.path === LIST && (c.body as { app?: string })?.app === 'flow');

    // The tabs: one stop, arrows switch.
    const all = await tabTo((f) => f.getAttribute('role') === 'tab', { message: 'the tabs' });
    expect(all.getAttribute('aria-selected')).to.equal('true');
    expectFocusRing();
    await press('ArrowRight');
    await waitFor(() => focused()?.getAttribute('aria-selected') === 'true' && focused() !== all, {
      message: 'the Unread tab selected',
    });
    expectFocusRing();
    await press('ArrowLeft');
    await waitFor(() => all.getAttribute('aria-selected') === 'true', { message: 'the All tab again' });
    expectFocused(all, 'the All tab');

    // Into the list: the first message, its title, Mark as read.
    await waitFor(() => rows(el).length === 3, { message: 'the list for All' });
    await tabTo((f) => f.getAttribute('role') === 'article', { message: 'a message' });
    expect(focused()!.dataset.id).to.equal('1');
    expectFocusRing();
    await tabTo((f) => f.matches('[part~="mark-read-button"]'), { max: 3, message: 'Mark as read' });
    expectFocusRing();
    await press('Enter');
    await callsMatching(api, (c) => c.path.endsWith('/messages/1/read'));
    await waitFor(() => row(el, '1')?.dataset.state === 'read', { message: 'the message read' });
    await focusLandsOn(() => row(el, '1'), 'focus back on the message');

    const remove = await tabTo((f) => f.matches('[part~="delete-button"]'), { max: 3, message: 'Delete' });
    expectFocusRing(remove);
    // Delete asks first: Escape backs out to the Delete button, then Tab and Enter confirm.
    await press('Enter');
    const ask = (await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'the delete confirmation' }))!;
    await focusLandsOn(() => ask.querySelector('[part~="cancel-button"]'), 'focus on Cancel');
    expect((await tabCycle(ask)).trapped, 'Tab cycles within the delete confirmation').to.equal(true);
    await press('Escape');
    await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'the delete confirmation to close' });
    await focusLandsOn(() => remove, 'focus back on Delete');
    expect((await api.calls()).some((c) => c.method === 'DELETE')).to.equal(false);
    await press('Enter');
    await focusLandsOn(() => $(el, '[role="alertdialog"] [part~="cancel-button"]'), 'focus on Cancel');
    await press('Tab');
    expectFocused($(el, '[role="alertdialog"] [part~="confirm-button"]'), 'Delete in the confirmation');
    await press('Enter');
    await callsMatching(api, (c) => c.method === 'DELETE' && c.path.endsWith('/messages/1'));
    await waitFor(() => !row(el, '1'), { message: 'the message gone' });
    await focusLandsOn(() => row(el, '2'), 'focus on the next message');

    // Back up to the bulk actions.
    await tabTo((f) => f === markAll, { backwards: true, message: 'Mark all read' });
    await press('Enter');
    const [readAll] = await callsMatching(api, (c) => c.path === READ);
    expect(readAll!.body).to.deep.include({ all: true });
    expectFocused(markAll, 'Mark all read, still');

    await press('Tab');
    expectFocused(clear, 'Clear all read');
    await press('Enter');
    const dialog = (await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'the confirmation' }))!;
    await focusLandsOn(() => dialog.querySelector('[part~="cancel-button"]'), 'focus on Cancel');
    expectFocusRing();
    const cycle = await tabCycle(dialog);
    expect(cycle.trapped, 'Tab cycles within the confirmation').to.equal(true);
    await press('Escape');
    await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'the confirmation to close' });
    await focusLandsOn(() => clear, 'focus back on Clear all read');
    expect((await api.calls()).some((c) => c.path === BATCH_DELETE)).to.equal(false);

    await press('Enter');
    await focusLandsOn(() => $(el, '[role="alertdialog"] [part~="cancel-button"]'), 'focus on Cancel');
    await press('Tab');
    expectFocused($(el, '[role="alertdialog"] [part~="confirm-button"]'), 'Clear in the confirmation');
    await press('Enter');
    const [batch] = await callsMatching(api, (c) => c.path === BATCH_DELETE);
    expect(batch!.body).to.deep.include({ read: true });
    await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'the confirmation to close' });
    await focusLandsOn(() => clear, 'focus back on Clear all read');
  });
});
