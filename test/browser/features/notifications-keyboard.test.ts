import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-message-centre';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import {
  BATCH_DELETE,
  COUNT,
  DELETE_ONE,
  LIST,
  READ_ONE,
  counts,
  message,
  page,
  pagedRoutes,
  scrollList,
  useCentreTestPage,
} from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const focused = () => deepActiveElement() as HTMLElement | null;
const press = async (key: string) => {
  await sendKeys({ press: key });
  await settle();
};
const shiftTab = async () => {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
  await settle();
};

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await settle();
}

const inbox = [
  message('1', { title: 'First', content: '<p>See <a href="https://example.com/mr/1">the merge request</a></p>' }),
  message('2', { title: 'Second', app: 'flow' }),
  message('3', { title: 'Third', read: true }),
  message('4', { title: 'Fourth', app: 'projex', sensitive: true }),
  message('5', { title: 'Fifth', read: true, app: 'unknown-app' }),
];
const base: MockRoute[] = [
  { method: 'POST', path: LIST, body: page(inbox) },
  { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1, projex: 1 }) },
  { method: 'POST', path: READ_ONE, body: {} },
  { method: 'DELETE', path: DELETE_ONE, body: {} },
  { method: 'POST', path: BATCH_DELETE, body: {} },
];

async function mountCentre(routes: MockRoute[] = base, locale = 'en_US') {
  const api = await mockApi(routes);
  const el = await mountElement('yx-message-centre', { host: api.host, locale });
  await waitFor(() => rows(el).length > 0 && $(el, '[part="tab-count"]'), { message: 'list' });
  return { api, el };
}

/** Answers Delete's confirmation by keyboard: from Cancel, where focus starts, to Delete. */
async function confirmByKeyboard(el: Element) {
  await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'the delete confirmation' });
  await waitFor(() => focused()?.getAttribute('part') === 'button cancel-button', { message: 'focus on Cancel' });
  await press('Tab');
  expect(focused()!.getAttribute('part')).to.equal('button confirm-button');
  await press('Enter');
}

/** Tabs from the Mark all read button until a message row has focus. */
async function tabToList(el: Element) {
  $(el, '[part~="mark-all-read-button"]')!.focus();
  for (let i = 0; i < 20 && focused()?.getAttribute('role') !== 'article'; i++) await press('Tab');
  expect(focused()?.getAttribute('role'), 'a row has focus').to.equal('article');
  return focused()!;
}

describe('<yx-message-centre> keyboard and accessibility', () => {
  useCentreTestPage();

  it('reaches every action by Tab, not hover: bulk actions, filter, tabs, then one message at a time', async () => {
    const { el } = await mountCentre();
    $(el, '[part~="mark-all-read-button"]')!.focus();
    const order: string[] = [];
    for (let i = 0; i < 12; i++) {
      const f = focused()!;
      order.push(f.getAttribute('part') ?? f.getAttribute('role') ?? f.localName);
      await press('Tab');
    }
    expect(order.slice(0, 8)).to.deep.equal([
      'button mark-all-read-button',
      'button clear-read-button',
      'app-filter-option',
      'app-filter-option',
      'app-filter-option',
      'app-filter-option',
      'app-filter-option',
      'tab',
    ]);
    // The first row, then its own buttons, then out of the list (not through every row).
    const afterTabs = order.slice(8);
    expect(afterTabs).to.include('message');
    expect(afterTabs.slice(afterTabs.indexOf('message'))).to.deep.equal(
      ['message', 'message-title', 'button mark-read-button', 'button delete-button'].slice(
        0,
        afterTabs.length - afterTabs.indexOf('message'),
      ),
    );
  });

  it('moves between messages with the arrow keys, Home and End, and opens one with Enter', async () => {
    const { api, el } = await mountCentre();
    const first = await tabToList(el);
    expect(first.dataset.id).to.equal('1');
    await press('ArrowDown');
    expect(focused()!.dataset.id).to.equal('2');
    await press('ArrowDown');
    await press('ArrowUp');
    expect(focused()!.dataset.id).to.equal('2');
    await press('End');
    expect(focused()!.dataset.id).to.equal('5');
    await press('Home');
    expect(focused()!.dataset.id).to.equal('1');
    // Only the focused row is in the Tab order.
    expect(
      rows(el)
        .filter((r) => r.tabIndex === 0)
        .map((r) => r.dataset.id),
    ).to.deep.equal(['1']);

    await press('Enter');
    await waitFor(() => focused()!.dataset.state === 'read', { message: 'opened and read' });
    expect(focused()!.querySelector('[part="message-title"]')!.getAttribute('aria-expanded')).to.equal('true');
    expect((await api.calls()).some((c) => c.path.endsWith('/messages/1/read'))).to.equal(true);
    // Open, its link is reachable: title, link, Delete.
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('message-title');
    await press('Tab');
    expect(focused()!.localName).to.equal('a');
    expect(focused()!.getAttribute('href')).to.equal('https://example.com/mr/1');
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('button delete-button');
  });

  it('marks read and deletes by keyboard, keeping focus on the list', async () => {
    const { el } = await mountCentre();
    await tabToList(el);
    await press('ArrowDown');
    await press('Tab');
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('button mark-read-button');
    await press('Enter');
    await waitFor(() => rows(el).find((r) => r.dataset.id === '2')!.dataset.state === 'read', { message: 'read' });
    // The row takes focus back once the list has re-rendered it, which on a busy machine may be a
    // frame after its state changed.
    await waitFor(() => focused()?.dataset.id === '2', { message: 'focus back on the row' });
    await press('Tab');
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('button delete-button');
    await press('Enter');
    await confirmByKeyboard(el);
    await waitFor(() => !rows(el).some((r) => r.dataset.id === '2'), { message: 'deleted' });
    await waitFor(() => focused()?.dataset.id === '3', { message: 'focus on the next message' });
  });

  it('keeps focus on the tabs when the last message is deleted', async () => {
    const { el } = await mountCentre([
      ...base,
      { method: 'POST', path: LIST, body: page([message('only', { title: 'Only', read: true })]) },
    ]);
    await tabToList(el);
    await press('Tab');
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('button delete-button');
    await press('Enter');
    await confirmByKeyboard(el);
    await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'empty state' });
    await waitFor(() => focused()?.getAttribute('role') === 'tab', { message: 'focus on the selected tab' });
    expect(focused()!.getAttribute('aria-selected')).to.equal('true');
  });

  it('switches tab, filters and clears read messages by keyboard', async () => {
    const { api, el } = await mountCentre();
    $$(el, '[role="tab"]')[0]!.focus();
    await press('ArrowRight');
    await waitFor(() => $$(el, '[role="tab"]')[1]!.getAttribute('aria-selected') === 'true', { message: 'unread tab' });
    await waitFor(async () => (await api.calls()).some((c) => (c.body as { tab?: string })?.tab === 'unread'));

    $(el, '[part="app-filter-option"][data-app="flow"]')!.focus();
    await press('Enter');
    await waitFor(() => $(el, '[data-app="flow"]')!.getAttribute('aria-pressed') === 'true', { message: 'filter' });

    $(el, '[part~="clear-read-button"]')!.focus();
    await press('Enter');
    await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'dialog' });
    await waitFor(() => focused()?.getAttribute('part') === 'button cancel-button', { message: 'focus on Cancel' });
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('button confirm-button');
    await press('Enter');
    await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'closed' });
    const clear = (await api.calls()).find((c) => c.path === BATCH_DELETE)!;
    expect(clear.body).to.deep.equal({ read: true, app: 'flow' });
    await shiftTab();
  });

  it('keeps the focused message rendered while the list scrolls away, and End loads more', async () => {
    const { el } = await mountCentre([
      ...pagedRoutes(300),
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const first = await tabToList(el);
    const list = $(el, '[part="message-list"]')!;
    await scrollList(list, 3000);
    expect(first.isConnected, 'focused row kept').to.equal(true);
    expect(focused()).to.equal(first);
    await press('End');
    // A background tab gets no scroll events: tell the list where End took it.
    await scrollList(list, list.scrollTop);
    await waitFor(() => focused()?.dataset.index === '99', { message: 'last loaded row' });
    await waitFor(() => list.dataset.count === '200', { message: 'next page' });
    expect(rows(el).length).to.be.at.most(100);
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the list, an opened message and the filter (${locale})`, async () => {
      const { el } = await mountCentre(base, locale);
      await waitFor(() => rows(el).length === 5);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
      await waitFor(() => rows(el)[0]!.dataset.expanded === 'true', { message: 'the message open' });
      await settle();
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read the empty and error states', async () => {
    const empty = await mockApi([
      { method: 'POST', path: LIST, body: page([]) },
      { method: 'POST', path: COUNT, body: [] },
    ]);
    const a = await mountElement('yx-message-centre', { host: empty.host, locale: 'en_US' });
    await waitFor(() => $(a, '[part="result"]'));
    await expectNoAxeViolations(a.shadowRoot!);
    a.remove();
    const broken = await mockApi([
      { method: 'POST', path: LIST, status: 500, body: {} },
      { method: 'POST', path: COUNT, body: [] },
    ]);
    const b = await mountElement('yx-message-centre', { host: broken.host, locale: 'en_US' });
    await waitFor(() => $(b, '[part="result"][data-status="error"]'));
    await expectNoAxeViolations(b.shadowRoot!);
  });

  it('lets every user answer the Clear all read confirmation', async () => {
    const { el } = await mountCentre();
    $(el, '[part~="clear-read-button"]')!.click();
    await waitFor(() => $(el, '[role="alertdialog"]'));
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
