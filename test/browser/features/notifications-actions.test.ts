import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
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
} from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const row = (el: Element, id: string) => $(el, `[part="message"][data-id="${id}"]`)!;
const errorToast = (el: Element) => $(el, '[part="toast"][data-tone="error"]');
const successToast = (el: Element) => $(el, '[part="toast"][data-tone="success"]');
/** What the user sees: the tabs, filter and list (the toasts aside). */
const screen = (el: Element) => $(el, '.yx-msgs-body')!.innerHTML;
type Api = { calls(): Promise<Array<{ method: string; path: string; body: unknown }>> };
/** The calls that change something (everything but listing and counting). */
const writes = async (api: Api) => (await api.calls()).filter((c) => c.path !== LIST && c.path !== COUNT);

const inbox = [
  message('1', { app: 'codeup', title: 'Merge request approved' }),
  message('2', { app: 'flow', title: 'Pipeline failed', read: true }),
  message('3', { app: 'codeup', title: 'New comment' }),
];
const base: MockRoute[] = [
  { method: 'POST', path: LIST, body: page(inbox) },
  { method: 'POST', path: COUNT, body: counts({ codeup: 2, flow: 0 }) },
];
/** Answers Delete's confirmation (notifications-delete-confirm has the dialog itself). */
async function confirmDelete(el: Element) {
  await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'the delete confirmation' });
  $(el, '[role="alertdialog"] [part~="confirm-button"]')!.click();
}
const failure = { status: 500, body: { code: 'boom', message: 'broken', requestId: 'req-77' } };

async function mountCentre(routes: MockRoute[], locale = 'en_US') {
  const api = await mockApi([...base, ...routes]);
  const events: number[] = [];
  document.addEventListener('yx-unread-change', (e) => events.push(e.detail.count));
  const el = await mountElement('yx-message-centre', { host: api.host, locale });
  await waitFor(() => rows(el).length === 3 && $(el, '[part="tab-count"]'), { message: 'list and counts' });
  return { api, el, events };
}

describe('<yx-message-centre> actions', () => {
  useCentreTestPage();

  describe('mark read', () => {
    it('marks one message read with its button: the dot goes and the count drops', async () => {
      const { api, el, events } = await mountCentre([{ method: 'POST', path: READ_ONE, body: {} }]);
      expect(events).to.deep.equal([2]);
      const button = row(el, '1').querySelector<HTMLButtonElement>('[part~="mark-read-button"]')!;
      expect(button.getAttribute('aria-label')).to.equal('Mark as read: “Merge request approved”');
      button.click();
      await waitFor(() => row(el, '1').dataset.state === 'read', { message: 'row read' });
      expect(row(el, '1').querySelector('[part="unread-dot"]')).to.equal(null);
      expect(row(el, '1').querySelector('[part~="mark-read-button"]')).to.equal(null);
      expect($(el, '[part="tab-count"]')!.textContent).to.equal('1');
      expect(events).to.deep.equal([2, 1]);
      const [call] = await writes(api);
      expect(call).to.include({ method: 'POST', path: '/users/ajax/v1/notifications/inbox/messages/1/read' });
    });

    it('marks a message read when it is opened, and shows its whole content', async () => {
      const { api, el } = await mountCentre([{ method: 'POST', path: READ_ONE, body: {} }]);
      const title = row(el, '3').querySelector<HTMLButtonElement>('[part="message-title"]')!;
      expect(title.getAttribute('aria-expanded')).to.equal('false');
      title.click();
      await waitFor(() => row(el, '3').dataset.state === 'read', { message: 'read on open' });
      expect(title.getAttribute('aria-expanded')).to.equal('true');
      expect(row(el, '3').querySelector('[part="message-content"]')!.getAttribute('data-state')).to.equal('open');
      expect((await writes(api))[0]!.path).to.equal('/users/ajax/v1/notifications/inbox/messages/3/read');
      // Opening a read message does not call again.
      row(el, '2').querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
      await settle();
      expect(await writes(api)).to.have.length(1);
    });

    it('says "Failed to mark as read" and changes nothing when the call fails', async () => {
      const { el, events } = await mountCentre([{ method: 'POST', path: READ_ONE, ...failure }]);
      const before = screen(el);
      row(el, '1').querySelector<HTMLButtonElement>('[part~="mark-read-button"]')!.click();
      await waitFor(() => errorToast(el), { message: 'error toast' });
      expect(errorToast(el)!.textContent).to.contain(
        'Failed to mark as read: System exception, please try again (request ID: req-77)',
      );
      await settle();
      expect(screen(el)).to.equal(before);
      expect(events).to.deep.equal([2]);
    });

    it('keeps the unread dot when marking read on open fails', async () => {
      const { el } = await mountCentre([{ method: 'POST', path: READ_ONE, ...failure }]);
      row(el, '1').querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
      await waitFor(() => errorToast(el));
      expect(row(el, '1').dataset.state).to.equal('unread');
      expect(row(el, '1').querySelector('[part="unread-dot"]')).to.exist;
      expect($(el, '[part="tab-count"]')!.textContent).to.equal('2');
    });

    it('says so in Chinese', async () => {
      const { el } = await mountCentre([{ method: 'POST', path: READ_ONE, ...failure }], 'zh_CN');
      row(el, '1').querySelector<HTMLButtonElement>('[part~="mark-read-button"]')!.click();
      await waitFor(() => errorToast(el));
      expect(errorToast(el)!.textContent).to.contain('标记已读失败：系统异常');
    });
  });

  describe('mark all read', () => {
    it('marks every message read and clears the count', async () => {
      const { api, el, events } = await mountCentre([{ method: 'POST', path: READ, body: {} }]);
      $(el, '[part~="mark-all-read-button"]')!.click();
      await waitFor(() => rows(el).every((r) => r.dataset.state === 'read'), { message: 'all read' });
      expect($(el, '[part="tab-count"]')).to.equal(null);
      // The toast may follow the rows by a render.
      const toast = (await waitFor(() => successToast(el), { message: 'the success toast' }))!;
      expect(toast.textContent).to.contain('All messages marked as read');
      expect(events).to.deep.equal([2, 0]);
      expect((await writes(api))[0]).to.deep.include({
        path: '/users/ajax/v1/notifications/inbox/messages/read',
        body: { all: true },
      });
      expect($(el, '[part~="mark-all-read-button"]')!.getAttribute('aria-disabled')).to.equal('true');
    });

    it("marks only the filtered app's messages", async () => {
      const { api, el } = await mountCentre([
        { method: 'POST', path: READ, body: {} },
        // The whole inbox first, then the filtered list (the newest matching route wins).
        { method: 'POST', path: LIST, body: page([inbox[0]!, inbox[2]!]) },
        { method: 'POST', path: LIST, body: page(inbox), times: 1 },
      ]);
      $(el, '[part="app-filter-option"][data-app="codeup"]')!.click();
      await waitFor(() => rows(el).length === 2);
      $(el, '[part~="mark-all-read-button"]')!.click();
      await waitFor(() => rows(el).every((r) => r.dataset.state === 'read'));
      const call = (await writes(api)).find((c) => c.path.endsWith('/messages/read'))!;
      expect(call.body).to.deep.equal({ all: true, app: 'codeup' });
    });

    it('says "Failed to mark as read" and changes nothing when the call fails', async () => {
      const { el, events } = await mountCentre([{ method: 'POST', path: READ, ...failure }]);
      const before = screen(el);
      $(el, '[part~="mark-all-read-button"]')!.click();
      await waitFor(() => errorToast(el));
      expect(errorToast(el)!.textContent).to.contain('Failed to mark as read');
      await settle();
      expect(screen(el)).to.equal(before);
      expect(events).to.deep.equal([2]);
    });
  });

  describe('clear all read', () => {
    it('asks first, saying the deletion is permanent, then removes the read messages', async () => {
      const { api, el } = await mountCentre([{ method: 'POST', path: BATCH_DELETE, body: {} }]);
      $(el, '[part~="clear-read-button"]')!.click();
      await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'confirmation' });
      const dialog = $(el, '[role="alertdialog"]')!;
      expect(dialog.textContent).to.contain('Clear all read messages?');
      expect(dialog.textContent).to.contain('Read messages are deleted permanently. This cannot be undone.');
      dialog.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => rows(el).length === 2, { message: 'read message gone' });
      expect(rows(el).map((r) => r.dataset.id)).to.deep.equal(['1', '3']);
      const toast = (await waitFor(() => successToast(el), { message: 'the success toast' }))!;
      expect(toast.textContent).to.contain('Read messages cleared');
      expect((await writes(api))[0]).to.deep.include({ path: BATCH_DELETE, body: { read: true } });
    });

    it('does nothing when the user cancels', async () => {
      const { api, el } = await mountCentre([{ method: 'POST', path: BATCH_DELETE, body: {} }]);
      $(el, '[part~="clear-read-button"]')!.click();
      await waitFor(() => $(el, '[role="alertdialog"]'));
      $(el, '[role="alertdialog"] [part~="cancel-button"]')!.click();
      await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'dialog closed' });
      expect(rows(el)).to.have.length(3);
      expect(await writes(api)).to.have.length(0);
    });

    it('says "Failed to clear read messages" and changes nothing when the call fails', async () => {
      const { el } = await mountCentre([{ method: 'POST', path: BATCH_DELETE, ...failure }]);
      const before = screen(el);
      $(el, '[part~="clear-read-button"]')!.click();
      await waitFor(() => $(el, '[role="alertdialog"]'));
      $(el, '[role="alertdialog"] [part~="confirm-button"]')!.click();
      await waitFor(() => errorToast(el));
      expect(errorToast(el)!.textContent).to.contain('Failed to clear read messages');
      await settle();
      expect(screen(el)).to.equal(before);
    });

    it('names the filtered app and says so in Chinese', async () => {
      const { el } = await mountCentre(
        [
          { method: 'POST', path: LIST, body: page([inbox[1]!]) },
          { method: 'POST', path: LIST, body: page(inbox), times: 1 },
        ],
        'zh_CN',
      );
      $(el, '[part="app-filter-option"][data-app="flow"]')!.click();
      await waitFor(() => rows(el).length === 1);
      $(el, '[part~="clear-read-button"]')!.click();
      await waitFor(() => $(el, '[role="alertdialog"]'));
      expect($(el, '[role="alertdialog"]')!.textContent).to.contain('清空流水线的所有已读消息？');
      expect($(el, '[role="alertdialog"]')!.textContent).to.contain('已读消息将被永久删除，无法恢复。');
    });
  });

  describe('delete', () => {
    it('deletes one message and lowers the count when it was unread', async () => {
      const { api, el, events } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, body: {} }]);
      const button = row(el, '3').querySelector<HTMLButtonElement>('[part~="delete-button"]')!;
      expect(button.getAttribute('aria-label')).to.equal('Delete “New comment”');
      button.click();
      await confirmDelete(el);
      await waitFor(() => rows(el).length === 2, { message: 'row removed' });
      // The toast may follow the row's removal by a render.
      const toast = (await waitFor(() => successToast(el), { message: 'the success toast' }))!;
      expect(toast.textContent).to.contain('Deleted successfully');
      expect($(el, '[part="tab-count"]')!.textContent).to.equal('1');
      expect(events).to.deep.equal([2, 1]);
      expect((await writes(api))[0]).to.include({
        method: 'DELETE',
        path: '/users/ajax/v1/notifications/inbox/messages/3',
      });
    });

    it('says "Deletion failed, please retry" and changes nothing when the call fails', async () => {
      const { el } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, ...failure }]);
      const before = screen(el);
      row(el, '2').querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      await confirmDelete(el);
      await waitFor(() => errorToast(el));
      expect(errorToast(el)!.textContent).to.contain('Deletion failed, please retry');
      await settle();
      expect(screen(el)).to.equal(before);
      // The confirmation stays open for a retry.
      expect($(el, '[role="alertdialog"]')).to.not.equal(null);
    });

    it('counts a message already deleted elsewhere as deleted (notifications-counts has more)', async () => {
      const { el } = await mountCentre([
        { method: 'DELETE', path: DELETE_ONE, status: 404, body: { code: 'message_not_found', message: 'nope' } },
      ]);
      row(el, '2').querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      await confirmDelete(el);
      await waitFor(() => rows(el).length === 2, { message: 'row removed' });
      const toast = (await waitFor(() => successToast(el), { message: 'the success toast' }))!;
      expect(toast.textContent).to.contain('Deleted successfully');
      expect(errorToast(el)).to.equal(null);
    });
  });
});
