/** The documented keyboard model of <yx-message-centre> (MessageList): exactly one message is in
 * the Tab order, and Tab goes through that message's own controls, then out of the list; every
 * other message is reached by the arrow keys. Walked with real key presses. */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-message-centre';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import {
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

/** What has focus: `out` once it has left the list (for the page's input behind the element, or a
 * toast's button), else the part (else role, else tag) of the focused element with its row's index. */
function where(): string {
  const f = focused();
  if (!f) return 'nothing';
  if (!f.closest('[part="message-list"]')) return 'out';
  const row = f.closest<HTMLElement>('[role="article"]');
  const name = f.getAttribute('part') ?? f.getAttribute('role') ?? f.localName;
  return row ? `${name}@${row.dataset.index}` : name;
}

/** Presses Tab until focus leaves the list (at most `limit` times); the stops on the way. */
async function tabOut(limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await press('Tab');
    stops.push(where());
    if (stops.at(-1) === 'out') break;
  }
  return stops;
}

/** The rows whose controls (not the row itself) are in the Tab order, by index. */
const rowsWithTabbableControls = (el: Element) =>
  rows(el)
    .filter((row) => [...row.querySelectorAll<HTMLElement>('button, a[href]')].some((control) => control.tabIndex >= 0))
    .map((row) => row.dataset.index);

const inbox = Array.from({ length: 12 }, (_, i) =>
  message(String(i), {
    title: `Message ${i}`,
    read: i % 2 === 1,
    content: i === 0 ? '<p>See <a href="https://example.com/mr/0">the merge request</a></p>' : `<p>Body ${i}</p>`,
  }),
);
const base: MockRoute[] = [
  { method: 'POST', path: LIST, body: page(inbox) },
  { method: 'POST', path: COUNT, body: counts({ codeup: 6 }) },
  { method: 'POST', path: READ_ONE, body: {} },
  { method: 'DELETE', path: DELETE_ONE, body: {} },
];

async function mountCentre(routes: MockRoute[] = base) {
  const api = await mockApi(routes);
  const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
  // Something to tab to behind the element.
  const after = document.createElement('input');
  after.setAttribute('aria-label', 'after');
  document.body.append(after);
  await waitFor(() => rows(el).length > 0 && $(el, '[part="tab-count"]'), { message: 'list' });
  return { api, el };
}

/** Tells the list that End scrolled it: the test page in the background gets no scroll events. */
const scrolled = (list: HTMLElement) => scrollList(list, list.scrollTop);

/** Focuses a row by the arrow keys from the first one. */
async function focusRow(el: Element, index: number) {
  $(el, '[part="message"][data-index="0"]')!.focus();
  await settle();
  for (let i = 0; i < index; i++) await press('ArrowDown');
  expect(focused()?.dataset.index).to.equal(String(index));
}

describe('<yx-message-centre> Tab order', () => {
  useCentreTestPage();

  it('tabs through the current message only, then out of the list', async () => {
    const { el } = await mountCentre();
    await waitFor(() => rows(el).length >= 6, { message: 'the rows in view' });
    await focusRow(el, 0);
    expect(await tabOut()).to.deep.equal([
      'message-title@0',
      'button mark-read-button@0',
      'button delete-button@0',
      'out',
    ]);
    expect(rowsWithTabbableControls(el)).to.deep.equal(['0']);
  });

  it('moves the Tab stops with the current message', async () => {
    const { el } = await mountCentre();
    await waitFor(() => rows(el).length >= 6, { message: 'the rows in view' });
    // A read message: no Mark read.
    await focusRow(el, 3);
    expect(await tabOut()).to.deep.equal(['message-title@3', 'button delete-button@3', 'out']);
    expect(rowsWithTabbableControls(el)).to.deep.equal(['3']);
    // The arrow keys still work from a row reached that way; Home goes back to the first.
    await focusRow(el, 4);
    await press('ArrowUp');
    expect(focused()?.dataset.index).to.equal('3');
    await press('Home');
    expect(focused()?.dataset.index).to.equal('0');
    expect(rowsWithTabbableControls(el)).to.deep.equal(['0']);
  });

  it("keeps an opened message's links out of the Tab order once another message is current", async () => {
    const { el } = await mountCentre();
    await focusRow(el, 0);
    await press('Enter');
    await waitFor(() => rows(el)[0]!.querySelector('a[href]'), { message: 'opened with its link' });
    const link = rows(el)[0]!.querySelector<HTMLAnchorElement>('a[href]')!;
    expect(link.tabIndex).to.equal(0);
    await press('ArrowDown');
    expect(focused()?.dataset.index).to.equal('1');
    expect(link.tabIndex).to.equal(-1);
    expect(await tabOut()).to.deep.equal(['message-title@1', 'button delete-button@1', 'out']);
    // Back on it, the link is a Tab stop again.
    await focusRow(el, 0);
    expect(await tabOut()).to.deep.equal(['message-title@0', 'a@0', 'button delete-button@0', 'out']);
  });

  it('hands the Tab stops to the next message when the current one is deleted', async () => {
    const { el } = await mountCentre();
    await focusRow(el, 2);
    await press('Tab');
    await press('Tab');
    await press('Tab');
    expect(where()).to.equal('button delete-button@2');
    await press('Enter');
    // The confirmation: Cancel has focus, Tab to Delete.
    await waitFor(() => focused()?.getAttribute('part') === 'button cancel-button', { message: 'confirmation' });
    await press('Tab');
    await press('Enter');
    await waitFor(() => !rows(el).some((r) => r.dataset.id === '2'), { message: 'deleted' });
    await waitFor(() => focused()?.dataset.id === '3', { message: 'focus on the next message' });
    expect(rowsWithTabbableControls(el)).to.deep.equal([focused()!.dataset.index]);
    expect(await tabOut()).to.deep.equal(['message-title@2', 'button delete-button@2', 'out']);
    await focusRow(el, 2);
    await press('ArrowDown');
    expect(focused()?.dataset.id).to.equal('4');
  });

  it('keeps one message in the Tab order as the list grows', async () => {
    const { el } = await mountCentre([
      ...pagedRoutes(150),
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const list = $(el, '[part="message-list"]')!;
    await focusRow(el, 0);
    await press('End');
    await scrolled(list);
    await waitFor(() => focused()?.dataset.index === '99', { message: 'last loaded row' });
    await waitFor(() => list.dataset.count === '150', { message: 'next page' });
    await settle();
    expect(rowsWithTabbableControls(el)).to.deep.equal(['99']);
    // m99 is read (every third message is), so it has no Mark read.
    expect(await tabOut()).to.deep.equal(['message-title@99', 'button delete-button@99', 'out']);
    $(el, '[part="message"][data-index="99"]')!.focus();
    await settle();
    await press('End');
    await scrolled(list);
    await waitFor(() => focused()?.dataset.index === '149', { message: 'the new last row' });
    expect(rowsWithTabbableControls(el)).to.deep.equal(['149']);
  });
});
