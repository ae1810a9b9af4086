/** The unread counts against the live stream: a write's answer and the stream's new totals may
 * arrive in either order, and the counts must end as the server's (they once dropped by 2 for one
 * mark read). And messages deleted elsewhere: their rows go instead of failing forever. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import {
  COUNT,
  DELETE_ONE,
  FakeEventSource,
  LIST,
  READ,
  READ_ONE,
  counts,
  message,
  page,
  useCentreTestPage,
} from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const row = (el: Element, id: string) => $(el, `[part="message"][data-id="${id}"]`);
const tabCount = (el: Element) => $(el, '[part="tab-count"]')?.textContent ?? null;
const appCount = (el: Element, app: string) => $(el, `[part="app-filter-option"][data-app="${app}"]`)!.textContent;
/** The 'All Messages' option comes first. */
const allCount = (el: Element) => $$(el, '[part="app-filter-option"]')[0]!.textContent;
const toast = (el: Element, tone: string) => $(el, `[part="toast"][data-tone="${tone}"]`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Deletes a message: its Delete button, then the confirmation's (the dialog has its own tests). */
async function deleteMessage(el: Element, id: string) {
  button(el, id, 'delete-button').click();
  await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'the delete confirmation' });
  $(el, '[role="alertdialog"] [part~="confirm-button"]')!.click();
}

const inbox = [
  message('1', { app: 'codeup', title: 'Merge request approved' }),
  message('2', { app: 'flow', title: 'Pipeline failed', read: true }),
  message('3', { app: 'codeup', title: 'New comment' }),
  message('4', { app: 'flow', title: 'Deploy finished' }),
];
/** What the server says before any write: 3 unread, 2 of them codeup's. */
const before = counts({ codeup: 2, flow: 1 });
/** The stream event the server sends after one codeup message was read or deleted. */
const codeupLess = {
  total: 2,
  by_app: [
    { app: 'codeup', count: 1 },
    { app: 'flow', count: 1 },
  ],
};

/**
 * The centre with the list and counts shown and the stream connected; `after` are the routes
 * the server answers with from then on (the counts as they are after the write).
 */
async function mountCentre(after: MockRoute[], locale = 'en_US') {
  const api = await mockApi([
    { method: 'POST', path: LIST, body: page(inbox) },
    { method: 'POST', path: COUNT, body: before },
  ]);
  const events: number[] = [];
  document.addEventListener('yx-unread-change', (e) => events.push(e.detail.count));
  const el = await mountElement('yx-message-centre', { host: api.host, locale });
  await waitFor(() => rows(el).length === 4 && tabCount(el) === '3', { message: 'list and counts' });
  await waitFor(() => FakeEventSource.instances.length > 0, { message: 'the stream' });
  const source = FakeEventSource.latest();
  source.open();
  await api.define([{ method: 'POST', path: LIST, body: page(inbox) }, ...after]);
  return { api, el, events, source };
}

const button = (el: Element, id: string, part: string) =>
  row(el, id)!.querySelector<HTMLButtonElement>(`[part~="${part}"]`)!;

describe('<yx-message-centre> unread counts and the live stream', () => {
  useCentreTestPage();

  describe('given the stream reports the new totals before the mark read answer', () => {
    it('lowers the count by one, not two', async () => {
      const { el, events, source } = await mountCentre([
        { method: 'POST', path: READ_ONE, body: {}, delayMs: 400 },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      button(el, '1', 'mark-read-button').click();
      // The server has read it and says so over the stream while its answer is on the way.
      source.emit('unread', codeupLess);
      await waitFor(() => tabCount(el) === '2', { message: 'the totals from the stream' });
      await waitFor(() => row(el, '1')!.dataset.state === 'read', { message: 'row read' });
      await sleep(100);
      await settle();
      expect(tabCount(el)).to.equal('2');
      expect(appCount(el, 'codeup')).to.equal('Codeup 1 unread');
      expect(allCount(el)).to.equal('All Messages 2 unread');
      expect(events).to.deep.equal([3, 2]);
    });
  });

  describe('given the mark read answer arrives before the stream reports the new totals', () => {
    it('lowers the count by one and keeps it there when the totals arrive', async () => {
      const { el, events, source } = await mountCentre([
        { method: 'POST', path: READ_ONE, body: {} },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      button(el, '1', 'mark-read-button').click();
      await waitFor(() => row(el, '1')!.dataset.state === 'read', { message: 'row read' });
      expect(tabCount(el)).to.equal('2');
      source.emit('unread', codeupLess);
      await settle();
      expect(tabCount(el)).to.equal('2');
      expect(appCount(el, 'codeup')).to.equal('Codeup 1 unread');
      expect(events).to.deep.equal([3, 2]);
    });
  });

  describe('given the stream reports the new totals before the delete answer', () => {
    it('lowers the count by one, not two', async () => {
      const { el, events, source } = await mountCentre([
        { method: 'DELETE', path: DELETE_ONE, body: {}, delayMs: 400 },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      await deleteMessage(el, '3');
      source.emit('unread', codeupLess);
      await waitFor(() => tabCount(el) === '2', { message: 'the totals from the stream' });
      await waitFor(() => rows(el).length === 3, { message: 'row removed' });
      await sleep(100);
      await settle();
      expect(tabCount(el)).to.equal('2');
      expect(appCount(el, 'codeup')).to.equal('Codeup 1 unread');
      expect(events).to.deep.equal([3, 2]);
    });
  });

  describe('given the delete answer arrives before the stream reports the new totals', () => {
    it('lowers the count by one and keeps it there when the totals arrive', async () => {
      const { el, events, source } = await mountCentre([
        { method: 'DELETE', path: DELETE_ONE, body: {} },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      await deleteMessage(el, '3');
      await waitFor(() => rows(el).length === 3, { message: 'row removed' });
      expect(tabCount(el)).to.equal('2');
      source.emit('unread', codeupLess);
      await settle();
      expect(tabCount(el)).to.equal('2');
      expect(events).to.deep.equal([3, 2]);
    });
  });

  describe('given a new message arrives while marking all read', () => {
    it('ends with the count the server has, not zero', async () => {
      const { el, events, source } = await mountCentre([
        { method: 'POST', path: READ, body: {}, delayMs: 400 },
        // The new message came after the mark-all: it is unread.
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 0 }) },
      ]);
      $(el, '[part~="mark-all-read-button"]')!.click();
      source.emit('unread', {
        total: 4,
        by_app: [
          { app: 'codeup', count: 3 },
          { app: 'flow', count: 1 },
        ],
      });
      await waitFor(() => rows(el).every((r) => r.dataset.state === 'read'), { message: 'all read' });
      await waitFor(() => tabCount(el) === '1', { message: 'the count from the server' });
      expect(events).to.deep.equal([3, 4, 1]);
    });
  });

  describe('given a message was deleted elsewhere', () => {
    it('removes its row when marking it read, says why, and takes the counts from the server', async () => {
      const { el, events } = await mountCentre([
        {
          method: 'POST',
          path: READ_ONE,
          status: 404,
          body: { code: 'message_not_found', message: 'This message no longer exists.' },
        },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      button(el, '1', 'mark-read-button').click();
      await waitFor(() => rows(el).length === 3, { message: 'row dropped' });
      expect(row(el, '1')).to.equal(null);
      const info = (await waitFor(() => toast(el, 'info'), { message: 'the info toast' }))!;
      expect(info.textContent).to.contain(
        '“Merge request approved” was deleted elsewhere and has been removed from the list.',
      );
      expect(toast(el, 'error')).to.equal(null);
      await waitFor(() => tabCount(el) === '2', { message: 'counts from the server' });
      expect(events).to.deep.equal([3, 2]);
    });

    it('says so in Chinese', async () => {
      const { el } = await mountCentre(
        [
          { method: 'POST', path: READ_ONE, status: 404, body: { code: 'message_not_found', message: 'gone' } },
          { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
        ],
        'zh_CN',
      );
      button(el, '1', 'mark-read-button').click();
      const info = (await waitFor(() => toast(el, 'info'), { message: 'the info toast' }))!;
      expect(info.textContent).to.contain('消息“Merge request approved”已在其他页面或设备上删除，现已从列表中移除。');
    });

    it('deletes it without complaint: the row goes and the counts come from the server', async () => {
      const { el, events } = await mountCentre([
        { method: 'DELETE', path: DELETE_ONE, status: 404, body: { code: 'message_not_found', message: 'gone' } },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1, flow: 1 }) },
      ]);
      await deleteMessage(el, '3');
      await waitFor(() => rows(el).length === 3, { message: 'row dropped' });
      const success = (await waitFor(() => toast(el, 'success'), { message: 'the success toast' }))!;
      expect(success.textContent).to.contain('Deleted successfully');
      expect(toast(el, 'error')).to.equal(null);
      await waitFor(() => tabCount(el) === '2', { message: 'counts from the server' });
      expect(events).to.deep.equal([3, 2]);
    });
  });
});
