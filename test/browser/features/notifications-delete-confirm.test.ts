/** Deleting one message asks first (§4: the deletion is permanent): the confirmation names the
 * message, a failure keeps it open for a retry, and focus goes where the user expects (the next
 * message after a delete, back to the Delete button after Cancel or Escape). */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-message-centre';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { COUNT, DELETE_ONE, LIST, counts, message, page, useCentreTestPage } from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const ids = (el: Element) => rows(el).map((r) => r.dataset.id);
const row = (el: Element, id: string) => $(el, `[part="message"][data-id="${id}"]`)!;
const deleteButton = (el: Element, id: string) =>
  row(el, id).querySelector<HTMLButtonElement>('[part~="delete-button"]')!;
const dialog = (el: Element) => $(el, '[role="alertdialog"]');
const confirmButton = (el: Element) => dialog(el)!.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!;
const errorToasts = (el: Element) => $$(el, '[part="toast"][data-tone="error"]');
const successToast = (el: Element) => $(el, '[part="toast"][data-tone="success"]');
const focused = () => deepActiveElement() as HTMLElement | null;
const press = async (key: string) => {
  await sendKeys({ press: key });
  await settle();
};
type Api = { calls(): Promise<Array<{ method: string; path: string }>> };
const deletes = async (api: Api) => (await api.calls()).filter((c) => c.method === 'DELETE').map((c) => c.path);
const ONE = '/users/ajax/v1/notifications/inbox/messages/';

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await settle();
}

const inbox = [
  message('1', { title: 'Merge request approved' }),
  message('2', { app: 'flow', title: 'Pipeline failed', read: true }),
  message('3', { title: 'New comment' }),
];
const failure = { status: 500, body: { code: 'boom', message: 'broken', requestId: 'req-9' } };

async function mountCentre(routes: MockRoute[], locale = 'en_US', messages = inbox) {
  const api = await mockApi([
    { method: 'POST', path: LIST, body: page(messages) },
    { method: 'POST', path: COUNT, body: counts({ codeup: 2, flow: 0 }) },
    ...routes,
  ]);
  const el = await mountElement('yx-message-centre', { host: api.host, locale });
  await waitFor(() => rows(el).length === messages.length && $(el, '[part="tab-count"]'), { message: 'list' });
  return { api, el };
}

async function openFor(el: Element, id: string) {
  deleteButton(el, id).click();
  return (await waitFor(() => dialog(el), { message: 'the confirmation' }))!;
}

describe('<yx-message-centre> delete asks first', () => {
  useCentreTestPage();

  it('names the message, says it cannot be recovered, and deletes only once confirmed', async () => {
    const { api, el } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, body: {}, delayMs: 300 }]);
    // Its code is fetched when the page is idle after the list is shown, before any Delete.
    await waitFor(
      () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('DeleteMessageConfirm')),
      { message: 'the confirmation preloaded' },
    );
    const opened = await openFor(el, '2');
    expect($(el, '[part="confirm-title"]')!.textContent).to.equal('Delete “Pipeline failed”?');
    expect($(el, '[part="confirm-description"]')!.textContent).to.equal('Deleted messages cannot be recovered.');
    expect(confirmButton(el).textContent).to.equal('Delete');
    expect(confirmButton(el).dataset.variant).to.equal('danger');
    await settle();
    expect(await deletes(api), 'nothing deleted before the answer').to.deep.equal([]);
    expect(ids(el)).to.deep.equal(['1', '2', '3']);

    confirmButton(el).click();
    await waitFor(() => confirmButton(el).dataset.state === 'loading', { message: 'the confirm button busy' });
    await waitFor(() => !dialog(el), { message: 'closed after the delete' });
    expect(opened.isConnected).to.equal(false);
    expect(ids(el)).to.deep.equal(['1', '3']);
    expect((await waitFor(() => successToast(el), { message: 'success toast' }))!.textContent).to.contain(
      'Deleted successfully',
    );
    expect(await deletes(api)).to.deep.equal([`${ONE}2`]);
    // Where it goes after a delete without the dialog: the message that took its place.
    await waitFor(() => focused()?.dataset.id === '3', { message: 'focus on the next message' });
  });

  it('deletes nothing on Cancel, and gives focus back to the Delete button', async () => {
    const { api, el } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, body: {} }]);
    deleteButton(el, '1').focus();
    await openFor(el, '1');
    await waitFor(() => focused()?.getAttribute('part') === 'button cancel-button', { message: 'focus on Cancel' });
    dialog(el)!.querySelector<HTMLButtonElement>('[part~="cancel-button"]')!.click();
    await waitFor(() => !dialog(el), { message: 'closed' });
    await waitFor(() => focused() === deleteButton(el, '1'), { message: 'focus back on Delete' });
    expect(ids(el)).to.deep.equal(['1', '2', '3']);
    expect(await deletes(api)).to.deep.equal([]);
    expect(successToast(el)).to.equal(null);
  });

  it('keeps the dialog open when the delete fails, says so once, and deletes on retry', async () => {
    const { api, el } = await mountCentre([
      { method: 'DELETE', path: DELETE_ONE, body: {} },
      { method: 'DELETE', path: DELETE_ONE, ...failure, times: 1 },
    ]);
    await openFor(el, '3');
    confirmButton(el).click();
    await waitFor(() => errorToasts(el).length > 0, { message: 'the failure said' });
    await settle();
    expect(dialog(el), 'still open').to.not.equal(null);
    expect(confirmButton(el).dataset.state, 'ready for a retry').to.equal(undefined);
    expect(errorToasts(el)).to.have.length(1);
    expect(errorToasts(el)[0]!.textContent).to.contain('Deletion failed, please retry');
    expect(ids(el)).to.deep.equal(['1', '2', '3']);

    confirmButton(el).click();
    await waitFor(() => !dialog(el), { message: 'closed after the retry' });
    expect(ids(el)).to.deep.equal(['1', '2']);
    await waitFor(() => successToast(el), { message: 'success toast' });
    expect(errorToasts(el), "the success replaces the failed attempt's error").to.have.length(0);
    expect(await deletes(api)).to.deep.equal([`${ONE}3`, `${ONE}3`]);
    // The last row went: focus on the one before it, not on <body>.
    await waitFor(() => focused()?.dataset.id === '2', { message: 'focus on the previous message' });
  });

  it('works by keyboard alone: Enter on Delete, Escape backs out, Tab to Delete and Enter deletes', async () => {
    const { api, el } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, body: {} }]);
    row(el, '1').focus();
    await press('ArrowDown');
    expect(focused()!.dataset.id).to.equal('2');
    await press('Tab');
    await press('Tab');
    expect(focused()).to.equal(deleteButton(el, '2'));

    await press('Enter');
    await waitFor(() => focused()?.getAttribute('part') === 'button cancel-button', { message: 'focus on Cancel' });
    await press('Escape');
    await waitFor(() => !dialog(el), { message: 'closed by Escape' });
    await waitFor(() => focused() === deleteButton(el, '2'), { message: 'focus back on Delete' });
    expect(await deletes(api)).to.deep.equal([]);

    await press('Enter');
    await waitFor(() => focused()?.getAttribute('part') === 'button cancel-button', { message: 'focus on Cancel' });
    await press('Tab');
    expect(focused()!.getAttribute('part')).to.equal('button confirm-button');
    await press('Enter');
    await waitFor(() => !dialog(el), { message: 'closed after the delete' });
    expect(ids(el)).to.deep.equal(['1', '3']);
    await waitFor(() => focused()?.dataset.id === '3', { message: 'focus on the next message' });
    expect(await deletes(api)).to.deep.equal([`${ONE}2`]);
  });

  it('asks in Chinese, and keeps a very long title from pushing the buttons away', async () => {
    const long = '流水线'.repeat(400);
    const { el } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, body: {} }], 'zh_CN', [
      message('1', { title: long }),
      ...inbox.slice(1),
    ]);
    await openFor(el, '1');
    await stillFrame(el);
    const title = $(el, '[part="confirm-title"]')!.textContent!;
    expect(title.startsWith('删除“流水线')).to.equal(true);
    expect(title.endsWith('…”？')).to.equal(true);
    expect(title.length).to.be.below(100);
    expect($(el, '[part="confirm-description"]')!.textContent).to.equal('消息删除后无法恢复。');
    expect(confirmButton(el).textContent).to.equal('删除');
    const box = dialog(el)!.getBoundingClientRect();
    expect(box.right).to.be.at.most(window.innerWidth);
    expect(confirmButton(el).getBoundingClientRect().bottom).to.be.at.most(window.innerHeight);
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user answer the confirmation (${locale})`, async () => {
      const { el } = await mountCentre([{ method: 'DELETE', path: DELETE_ONE, body: {} }], locale);
      await openFor(el, '2');
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
