import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-ssh-keys';
import { endOfDayMinus2s, formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { GLOBAL_KEYS_PATH, KEYS, KEYS_PATH, daysFromNow, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);
const rows = (el: Element) => $$(el, 'tr[part="table-row"]');
const radio = (el: Element, value: string) => $(el, `input[type="radio"][value="${value}"]`) as HTMLInputElement;

async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n: number) {
  for (let i = 0; i < 150; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

const day45 = formatDate(daysFromNow(45));
const laptop = sshKey(11, {
  title: 'work laptop',
  key: KEYS.rsa3072.line,
  fingerprint: KEYS.rsa3072.fingerprint,
  scope: 'read',
  expires_at: endOfDayMinus2s(day45),
});

describe('<yx-ssh-keys> edit and delete', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given a key that expires in 45 days', () => {
    it('opens the drawer prefilled with its name, scope and expiry, the key read-only with its fingerprint', async () => {
      const api = await mockApi([listRoute([laptop])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] form'), { message: 'the edit drawer' });
      expect($(el, '[part~="drawer-title"]')!.textContent).to.equal('Edit SSH key');
      const title = $(el, 'input[name="title"]') as HTMLInputElement;
      expect(title.value).to.equal('work laptop');
      await waitFor(() => deepActiveElement() === title, { message: 'focus in the name field' });
      const key = $(el, 'textarea[name="key"]') as HTMLTextAreaElement;
      expect(key.value).to.equal(KEYS.rsa3072.line);
      expect(key.readOnly).to.equal(true);
      expect($(el, '[part="fingerprint-preview"] [part="fingerprint"]')!.textContent).to.equal(
        KEYS.rsa3072.fingerprint,
      );
      expect(radio(el, 'read').checked).to.equal(true);
      expect(($(el, 'input[name="never"]') as HTMLInputElement).checked).to.equal(false);
      expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(day45);
      expect($(el, '[part="key-help"]'), 'no key help when editing').to.equal(null);
    });

    it('saves a new name and scope with the same expiry, then says so and reloads', async () => {
      const api = await mockApi([listRoute([laptop]), { method: 'POST', path: `${KEYS_PATH}/:id`, body: {} }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-ssh-key-update', (e) => events.push(e.detail));
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      const title = (await waitFor(() => $(el, 'input[name="title"]')))! as HTMLInputElement;
      await waitFor(() => deepActiveElement() === title);
      await sendKeys({ press: 'End' });
      await sendKeys({ type: ' 2' });
      radio(el, 'all').click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();

      const [update] = await callsMatching(api, (c) => c.method === 'POST', 1);
      expect(update!.path).to.equal(`${KEYS_PATH}/11`);
      expect(update!.body).to.deep.equal({ title: 'work laptop 2', scope: 'all', expires_at: endOfDayMinus2s(day45) });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
      expect(toasts(el)).to.include('Modified successfully');
      expect(events).to.deep.equal([{ id: '11' }]);
      await callsMatching(api, (c) => c.method === 'GET', 2);
    });

    it('makes the key never expire (expires_at null) in the global flavour, without the proxy prefix', async () => {
      const api = await mockApi([
        listRoute([laptop], GLOBAL_KEYS_PATH),
        { method: 'POST', path: `${GLOBAL_KEYS_PATH}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN', flavour: 'global' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, 'input[name="never"]'));
      expect($(el, '[part~="drawer-title"]')!.textContent).to.equal('编辑 SSH 公钥');
      ($(el, 'input[name="never"]') as HTMLInputElement).click();
      await settle();
      expect($(el, 'input[type="date"]'), 'no day to pick').to.equal(null);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const [update] = await callsMatching(api, (c) => c.method === 'POST', 1);
      expect(update!.path).to.equal(`${GLOBAL_KEYS_PATH}/11`);
      expect(update!.body).to.deep.equal({ title: 'work laptop', scope: 'read', expires_at: null });
      await waitFor(() => toasts(el).includes('修改成功'), { message: 'the Chinese toast' });
    });

    it('keeps an expiry the user did not touch exactly as stored', async () => {
      const stored = '2031-05-06T00:00:00.000Z';
      const api = await mockApi([
        listRoute([sshKey(5, { title: 'ci', expires_at: stored })]),
        { method: 'POST', path: `${KEYS_PATH}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      const title = (await waitFor(() => $(el, 'input[name="title"]')))! as HTMLInputElement;
      expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(formatDate(stored));
      await waitFor(() => deepActiveElement() === title);
      await sendKeys({ type: '-runner' });
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const [update] = await callsMatching(api, (c) => c.method === 'POST', 1);
      expect(update!.body).to.deep.equal({ title: 'ci-runner', scope: 'all', expires_at: stored });
    });

    it('explains that the key is gone when the server answers 404', async () => {
      const api = await mockApi([
        listRoute([laptop]),
        {
          method: 'POST',
          path: `${KEYS_PATH}/:id`,
          status: 404,
          body: { code: 'ssh_key_not_found', message: 'nope', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="submit-button"]'));
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => $(el, '[part="form-error"]'));
      expect($(el, '[part="form-error"]')!.textContent).to.equal('This SSH key no longer exists. Refresh the list.');
    });
  });

  describe('given a key the user no longer needs', () => {
    it('asks before deleting, deletes on confirmation, says so and reloads', async () => {
      const api = await mockApi([
        listRoute([]),
        { ...listRoute([laptop]), times: 1 },
        { method: 'DELETE', path: `${KEYS_PATH}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-ssh-key-delete', (e) => events.push(e.detail));
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      expect(confirm.getAttribute('role')).to.equal('alertdialog');
      expect(confirm.textContent).to.contain('Delete SSH key work laptop?');
      expect(confirm.textContent).to.contain('stop working at once');
      await waitFor(() => deepActiveElement() === confirm.querySelector('[part~="cancel-button"]'), {
        message: 'focus on Cancel',
      });
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      const [removal] = await callsMatching(api, (c) => c.method === 'DELETE', 1);
      expect(removal!.path).to.equal(`${KEYS_PATH}/11`);
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the list without it' });
      expect(toasts(el)).to.include('Deleted successfully');
      expect(events).to.deep.equal([{ id: '11' }]);
    });

    it('leaves keyboard users on the Add button once the deleted row is gone', async () => {
      const api = await mockApi([
        listRoute([sshKey('k2', { title: 'other' })]),
        { ...listRoute([laptop, sshKey('k2', { title: 'other' })]), times: 1 },
        { method: 'DELETE', path: `${KEYS_PATH}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 2);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.focus();
      await sendKeys({ press: 'Enter' });
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      await waitFor(() => deepActiveElement() === confirm.querySelector('[part~="cancel-button"]'));
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal(confirm.querySelector('[part~="confirm-button"]'));
      await sendKeys({ press: 'Enter' });
      await waitFor(() => rows(el).length === 1, { message: 'one row left' });
      await waitFor(() => deepActiveElement() === $(el, '[part~="add-button"]'), { message: 'focus on Add' });
    });

    it('deletes nothing when the user cancels', async () => {
      const api = await mockApi([listRoute([laptop])]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      expect(confirm.textContent).to.contain('删除 SSH 公钥“work laptop”？');
      await waitFor(() => deepActiveElement() === confirm.querySelector('[part~="cancel-button"]'));
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
      expect((await api.calls()).filter((c) => c.method === 'DELETE')).to.have.length(0);
      expect(rows(el)).to.have.length(1);
    });

    it('keeps the confirmation open and says why when deletion fails', async () => {
      const api = await mockApi([
        listRoute([laptop]),
        {
          method: 'DELETE',
          path: `${KEYS_PATH}/:id`,
          status: 403,
          body: { code: 'forbidden', message: 'Keys are managed by your organization', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-ssh-key-delete', (e) => events.push(e.detail));
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => toasts(el).length > 0, { message: 'the toast' });
      expect(toasts(el)).to.deep.equal(['Keys are managed by your organization']);
      expect($(el, '[part~="confirm"]')).to.exist;
      expect(events).to.deep.equal([]);
    });
  });
});
