import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { endOfDayMinus2s, formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { SEARCH, TOKENS, daysFromNow, page, scopeRoutes, token } from './tokens-fixtures';

// Files run side by side; this one clears and checks localStorage.
useOwnLocalStorage();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);
const rows = (el: Element) => $$(el, 'tr[part="table-row"]');

async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n: number) {
  for (let i = 0; i < 150; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

const ci = token('t1', {
  name: 'ci',
  description: 'CI runner',
  token_scopes: ['codeup:repository:read'],
  expires_at: endOfDayMinus2s(formatDate(daysFromNow(45))),
});

describe('<yx-token-manager> edit and delete', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  describe('given a valid token', () => {
    it('opens the drawer prefilled with its name, expiry and permissions, and saves the change', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([ci]) },
        { method: 'PUT', path: `${TOKENS}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-token-update', (e) => events.push(e.detail));
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the edit drawer' });
      expect($(el, '[part~="drawer-title"]')!.textContent).to.equal('Edit access token');
      const name = $(el, 'input[name="name"]') as HTMLInputElement;
      expect(name.value).to.equal('ci');
      expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(formatDate(daysFromNow(45)));
      expect($(el, 'li[data-key="codeup:repository:read"]')!.getAttribute('aria-checked')).to.equal('true');
      expect($(el, 'li[data-key="codeup:repository"]')!.getAttribute('aria-checked')).to.equal('mixed');
      expect($(el, 'li[data-key="codeup:repository"]')!.textContent).to.contain('Access: Read-only');
      expect($(el, 'textarea[name="description"]'), 'the update call takes no description').to.equal(null);

      await waitFor(() => deepActiveElement() === name, { message: 'focus in the name field' });
      await sendKeys({ press: 'End' });
      await sendKeys({ type: '-2' });
      $(el, 'li[data-key="codeup:repository:write"]')!.click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();

      const [put] = await callsMatching(api, (c) => c.method === 'PUT', 1);
      expect(put!.path).to.equal(`${TOKENS}/t1`);
      expect(put!.body).to.deep.equal({
        name: 'ci-2',
        expires_at: endOfDayMinus2s(formatDate(daysFromNow(45))),
        token_scopes: ['codeup:repository:read', 'codeup:repository:write'],
      });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
      expect(toasts(el)).to.include('Modified successfully');
      expect(events).to.deep.equal([{ tokenId: 't1', name: 'ci-2' }]);
      await callsMatching(api, (c) => c.path === SEARCH, 2);
    });

    it('keeps the exact expiry of a token made elsewhere when only its name changes', async () => {
      // An instant that is not "end of day minus 2 s" in any time zone.
      const exact = token('t9', { name: 'from-api', expires_at: '2030-01-01T10:00:07.000Z' });
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([exact]) },
        { method: 'PUT', path: `${TOKENS}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the edit drawer' });
      const name = $(el, 'input[name="name"]') as HTMLInputElement;
      await waitFor(() => deepActiveElement() === name, { message: 'focus in the name field' });
      await sendKeys({ press: 'End' });
      await sendKeys({ type: '-renamed' });
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();

      const [put] = await callsMatching(api, (c) => c.method === 'PUT', 1);
      expect(put!.body).to.deep.equal({
        name: 'from-api-renamed',
        expires_at: '2030-01-01T10:00:07.000Z',
        token_scopes: ['codeup:repository:read'],
      });
    });

    it('explains that an expired token cannot be modified when the server answers 409', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([ci]) },
        {
          method: 'PUT',
          path: `${TOKENS}/:id`,
          status: 409,
          body: { code: 'token_expired', message: 'token expired', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const alert = (await waitFor(() => $(el, '[part="form-error"]'), { message: 'the form error' }))!;
      const message =
        'Modification failed, please retry: This token has expired and cannot be modified. Create a new one.';
      expect(alert.textContent).to.equal(message);
      await settle();
      expect(toasts(el), 'said once, in the drawer').to.deep.equal([]);
      expect($(el, '[part~="drawer"]')).to.exist;
    });

    it('says the same in Chinese', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([ci]) },
        { method: 'PUT', path: `${TOKENS}/:id`, status: 409, body: { code: 'conflict', message: 'x', requestId: 'r' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
      expect($(el, '[part~="drawer-title"]')!.textContent).to.equal('编辑访问令牌');
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const alert = (await waitFor(() => $(el, '[part="form-error"]')))!;
      expect(alert.textContent).to.equal('修改失败，请重试：该令牌已过期，不能修改，请新建一个令牌。');
    });
  });

  describe('when deleting a token', () => {
    it('asks for confirmation that it can no longer be used, deletes it and reloads the list', async () => {
      const api = await mockApi([
        { method: 'POST', path: SEARCH, body: page([]) },
        { method: 'POST', path: SEARCH, body: page([ci]), times: 1 },
        { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-token-delete', (e) => events.push(e.detail));
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      expect(confirm.getAttribute('role')).to.equal('alertdialog');
      expect(confirm.querySelector('[part~="confirm-title"]')!.textContent).to.equal('Delete token “ci”?');
      expect(confirm.textContent).to.contain('After deletion the token can no longer be used');
      expect(deepActiveElement()).to.equal(confirm.querySelector('[part~="cancel-button"]'));
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();

      const [del] = await callsMatching(api, (c) => c.method === 'DELETE', 1);
      expect(del!.path).to.equal(`${TOKENS}/t1`);
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the reloaded, empty list' });
      expect(toasts(el)).to.include('Deleted successfully');
      expect(events).to.deep.equal([{ tokenId: 't1' }]);
      await waitFor(() => !$(el, '[part~="confirm"]'));
    });

    it('keeps the confirmation open and says deletion failed when the server refuses', async () => {
      const api = await mockApi([
        { method: 'POST', path: SEARCH, body: page([ci]) },
        { method: 'DELETE', path: `${TOKENS}/:id`, status: 500, body: { code: 'x', message: 'x', requestId: 'req-5' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      expect(confirm.querySelector('[part~="confirm-title"]')!.textContent).to.equal('删除令牌“ci”？');
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => toasts(el).length > 0, { message: 'a toast' });
      expect(toasts(el)).to.deep.equal(['删除失败，请重试：系统异常，请重试（请求 ID：req-5）']);
      await settle();
      expect($(el, '[part~="confirm"]')).to.exist;
      expect(rows(el)).to.have.length(1);
    });

    it('treats a token already deleted elsewhere as deleted: closes, says so and reloads the list', async () => {
      const api = await mockApi([
        { method: 'POST', path: SEARCH, body: page([]) },
        { method: 'POST', path: SEARCH, body: page([ci]), times: 1 },
        {
          method: 'DELETE',
          path: `${TOKENS}/:id`,
          status: 404,
          body: { code: 'token_not_found', message: 'not found', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();

      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the reloaded list without it' });
      expect(toasts(el)).to.deep.equal(['Deleted successfully']);
    });

    it('goes back a page when the last token of a later page is deleted', async () => {
      localStorage.setItem('personal-access-page-size', '10');
      const ten = Array.from({ length: 10 }, (_, i) => token(`p${i}`));
      const api = await mockApi([
        { method: 'POST', path: SEARCH, body: page(ten, 10) },
        { method: 'POST', path: SEARCH, body: page([token('last', { name: 'last' })], 11), times: 1 },
        { method: 'POST', path: SEARCH, body: page(ten, 11), times: 1 },
        { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 10);
      $(el, 'button[aria-label="Page 2"]')!.click();
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      const searches = await callsMatching(api, (c) => c.path === SEARCH, 3);
      expect((searches[2]!.body as any).pagination).to.deep.equal({ current_page: 1, page_size: 10 });
      await waitFor(() => rows(el).length === 10);
    });
  });
});
