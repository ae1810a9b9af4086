import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { captureNavigation, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { PERMISSIONS, SCOPES, SEARCH, TOKENS, page, scopeRoutes, token } from './tokens-fixtures';

const SECRET = 'pt-create-screen-0123456789abcdef';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n: number) {
  for (let i = 0; i < 150; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

describe('<yx-token-manager> views', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('with version="v1"', () => {
    it('shows the list in a modal on arrival and, when it is empty, fetches the scopes next', async () => {
      const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
      const modal = (await waitFor(() => $(el, '[part~="modal"]'), { message: 'the modal' }))!;
      expect(modal.querySelector('[part~="modal-title"]')!.textContent).to.equal('Personal access tokens');
      await waitFor(() => modal.querySelector('[part="result"][data-status="empty"]'), { message: 'the empty list' });
      const calls = await callsMatching(api, (c) => c.path === SCOPES || c.path === PERMISSIONS, 2);
      expect(calls.map((c) => c.path).sort()).to.deep.equal([PERMISSIONS, SCOPES].sort());
    });

    it('fetches the scopes next when the list fails too', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, status: 500, body: { code: 'x', message: 'x', requestId: 'r' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN', version: 'v1' });
      await waitFor(() => $(el, '[part~="modal"] [part="result"][data-status="error"]'), { message: 'the error' });
      expect($(el, '[part~="modal-title"]')!.textContent).to.equal('个人访问令牌');
      await callsMatching(api, (c) => c.path === SCOPES, 1);
    });

    it('does not fetch scopes for a list with tokens, and reopens from its button after closing', async () => {
      const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page([token('t1')]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
      await waitFor(() => $(el, '[part~="modal"] [part="count"]'));
      await settle();
      expect((await api.calls()).filter((c) => c.path === SCOPES)).to.have.length(0);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !$(el, '[part~="modal"]'), { message: 'the modal to close' });
      $(el, '[part~="open-button"]')!.click();
      await waitFor(() => $(el, '[part~="modal"] [part="count"]'), { message: 'the modal again' });
    });

    it('creates a token from the modal and keeps the modal open until the value is copied', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('new1', { name: 'from-v1' })]) },
        { method: 'POST', path: SEARCH, body: page([]), times: 1 },
        { method: 'POST', path: TOKENS, body: { token: SECRET, token_id: 'new1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
      await waitFor(() => $(el, '[part~="modal"] [part="result"]'));
      $(el, '[part="result"] [part~="create-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer over the modal' });
      ($(el, 'input[name="name"]') as HTMLInputElement).focus();
      await sendKeys({ type: 'from-v1' });
      ($$(el, 'input[type="radio"]').find((r) => (r as HTMLInputElement).value === '90') as HTMLInputElement).click();
      $(el, 'li[data-key="codeup:repository:read"]')!.click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => $(el, '[part~="modal"] tr [part="secret"]'), { message: 'the value in its row' });
      expect($(el, '[part~="modal"] [part~="close-button"]'), 'no close button while shown').to.equal(null);
      await sendKeys({ press: 'Escape' });
      await settle();
      expect($(el, '[part~="modal"]')).to.exist;
    });
  });

  describe('with view="create"', () => {
    it('shows the form inline on its own screen, creates the token and shows the value once', async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: TOKENS, body: { token: SECRET, token_id: 'c1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', view: 'create' });
      const events: unknown[] = [];
      el.addEventListener('yx-token-create', (e) => events.push(e.detail));
      await waitFor(() => $(el, '[part="create-screen"] [role="tree"]'), { message: 'the create screen' });
      expect($(el, '[part~="drawer"]')).to.equal(null);
      expect($(el, '[part="create-screen"] h2')!.textContent).to.equal('New access token');
      ($(el, 'input[name="name"]') as HTMLInputElement).focus();
      await sendKeys({ type: 'screen' });
      ($(el, 'textarea[name="description"]') as HTMLTextAreaElement).focus();
      await sendKeys({ type: 'made on the create screen' });
      ($$(el, 'input[type="radio"]').find((r) => (r as HTMLInputElement).value === '60') as HTMLInputElement).click();
      $(el, 'li[data-key="codeup"]')!.click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const [post] = await callsMatching(api, (c) => c.method === 'POST' && c.path === TOKENS, 1);
      expect((post!.body as any).description).to.equal('made on the create screen');
      await waitFor(() => $(el, '[part="secret"]'), { message: 'the value' });
      expect($(el, '[part="create-screen"] h2')!.textContent).to.equal('Token created');
      expect(events).to.deep.equal([{ tokenId: 'c1', name: 'screen' }]);
      expect((await api.calls()).some((c) => c.path === SEARCH)).to.equal(false);

      const nav = captureNavigation();
      $(el, '[part~="back-button"]')!.click();
      nav.stop();
      expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/settings/personalAccessToken`]);
    });

    it('goes back to the list through a cancelable navigation event on Cancel, in Chinese', async () => {
      const api = await mockApi([...scopeRoutes]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN', view: 'create' });
      await waitFor(() => $(el, '[part="create-screen"] [role="tree"]'));
      expect($(el, '[part="create-screen"] h2')!.textContent).to.equal('新建访问令牌');
      const cancel = $(el, '[part~="cancel-button"]')!;
      expect(cancel.textContent).to.equal('取消');
      const nav = captureNavigation();
      cancel.click();
      nav.stop();
      expect(nav.urls).to.deep.equal([`${api.host}/users/#/users/settings/personalAccessToken`]);
      expect(location.hash).to.equal('');
    });
  });
});
