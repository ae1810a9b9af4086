import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import { mockApi, mountElement, settle, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import { formatDate } from '../../../src/core/dates';
import { SEARCH, daysFromNow, page, token } from './tokens-fixtures';

// Files run side by side; this one clears and checks localStorage.
useOwnLocalStorage();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, 'tr[part="table-row"]');
type Api = { calls(): Promise<Array<{ path: string; body: unknown }>> };
const searches = async (api: Api) =>
  (await api.calls()).filter((c) => c.path === SEARCH).map((c) => c.body as Record<string, any>);
/** Waits until the fake API has answered `n` searches (waitFor does not await a promise). */
async function searchCount(api: Api, n: number) {
  for (let i = 0; i < 150 && (await searches(api)).length < n; i++) await new Promise((r) => setTimeout(r, 20));
  expect((await searches(api)).length, 'searches').to.equal(n);
}

describe('<yx-token-manager> list', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  describe('given a user without tokens', () => {
    it('shows a loading skeleton, then "No access token" with a New token button', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([]), delayMs: 400 }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      expect($(el, 'table[aria-busy="true"]'), 'busy table').to.exist;
      expect($$(el, '[part="skeleton"]').length).to.be.greaterThan(0);
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'empty result' });
      expect($(el, '[part="result-title"]')!.textContent).to.equal('No access token');
      const create = $(el, '[part="result"] [part~="create-button"]')!;
      expect(create.textContent).to.equal('New token');
      expect($(el, 'table'), 'no table').to.equal(null);
    });

    it('says so in Chinese too', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([]) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'));
      expect($(el, '[part="result-title"]')!.textContent).to.equal('暂无访问令牌');
      expect($(el, '[part~="create-button"]')!.textContent).to.equal('新建令牌');
    });
  });

  describe('given a user with tokens', () => {
    it('shows how many tokens exist and a row for each, with name, description, permissions and dates', async () => {
      const api = await mockApi([
        {
          method: 'POST',
          path: SEARCH,
          body: page(
            [
              token('t1', {
                name: 'ci-deploy',
                description: 'Deploys from CI',
                token_scopes: ['codeup:repository:read', 'codeup:repository:write'],
                created_at: '2026-01-02T03:04:05.000Z',
                last_used_at: daysFromNow(-2),
              }),
              token('t2', { name: 'backup' }),
            ],
            2,
          ),
        },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="count"]'), { message: 'count' });
      expect($(el, '[part="count"]')!.textContent).to.equal('2 existing access tokens');
      expect(rows(el)).to.have.length(2);
      const first = rows(el)[0]!;
      expect(first.querySelector('[part="token-name"]')!.textContent).to.equal('ci-deploy');
      expect(first.querySelector('[part="token-description"]')!.textContent).to.equal('Deploys from CI');
      expect(first.textContent).to.contain('2 selected');
      expect(first.textContent).to.contain('2 days ago');
      // §9: an empty date shows a dash, as in the SSH key list, and a screen reader hears words.
      const never = rows(el)[1]!.querySelector('td[data-column="lastUsed"]')!;
      expect(never.querySelector('[aria-hidden="true"]')!.textContent).to.equal('—');
      expect(never.querySelector('.yx-visually-hidden')!.textContent).to.equal('Never used');
      const headers = $$(el, 'th').map((th) => th.textContent);
      expect(headers).to.deep.equal(['Name', 'Permissions', 'Created', 'Expires', 'Last used', 'Actions']);
      const [search] = await searches(api);
      expect(search).to.deep.equal({ include_expired: true, pagination: { current_page: 1, page_size: 20 } });
    });

    it('shows the day a token was last used and how long ago, in view rather than only on hover', async () => {
      const lastUsed = daysFromNow(-2);
      const expires = daysFromNow(40);
      const api = await mockApi([
        { method: 'POST', path: SEARCH, body: page([token('t1', { expires_at: expires, last_used_at: lastUsed })], 1) },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1, { message: 'the row' });
      const cell = rows(el)[0]!.querySelector<HTMLElement>('td[data-column="lastUsed"]')!;
      // What keyboard, touch and screen reader users get too: the words on screen, no hover title.
      expect(cell.innerText.split('\n')).to.deep.equal([formatDate(lastUsed), '2 days ago']);
      expect(cell.querySelector('[title]'), 'no hover-only title').to.equal(null);
      const time = cell.querySelector('time')!;
      expect(time.textContent).to.equal(formatDate(lastUsed));
      expect(time.dateTime).to.equal(lastUsed);
      expect(time.getBoundingClientRect().width, 'the day is in view').to.be.above(1);
      // Laid out as the expiry next to it: the day on one line, how long ago under it, smaller and quieter.
      const expiry = rows(el)[0]!.querySelector<HTMLElement>('td[data-column="expires"]')!;
      const [expiryDay, expiryAgo] = [...expiry.querySelectorAll<HTMLElement>('span')];
      const ago = time.nextElementSibling as HTMLElement;
      expect(getComputedStyle(time).whiteSpace).to.equal(getComputedStyle(expiryDay!).whiteSpace);
      for (const property of ['color', 'fontSize'] as const) {
        expect(getComputedStyle(ago)[property], property).to.equal(getComputedStyle(expiryAgo!)[property]);
      }
      expect(ago.getBoundingClientRect().top).to.be.at.least(time.getBoundingClientRect().bottom - 1);
    });

    it('says "1 existing access token" for a single token', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([token('t1')], 1) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="count"]'));
      expect($(el, '[part="count"]')!.textContent).to.equal('1 existing access token');
    });

    it('shows the count in Chinese', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([token('t1')], 1) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part="count"]'));
      expect($(el, '[part="count"]')!.textContent).to.equal('已有 1 个访问令牌');
      expect($$(el, 'th').map((th) => th.textContent)).to.include('过期时间');
    });
  });

  describe('given an expired token and one expiring within 7 days', () => {
    const tokens = [
      token('old', { name: 'old', expires_at: daysFromNow(-3), expired: true }),
      token('soon', { name: 'soon', expires_at: daysFromNow(5) }),
      token('fine', { name: 'fine', expires_at: daysFromNow(40) }),
    ];

    it('marks the expired token and explains why it cannot be edited', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page(tokens) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3);
      const [old] = rows(el);
      expect(old!.querySelector('[part="badge"]')!.textContent).to.equal('Expired');
      const edit = old!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!;
      expect(edit.disabled).to.equal(true);
      const reason = old!.querySelector('[part="edit-disabled-reason"]')!;
      expect(reason.textContent).to.equal('Expired tokens cannot be edited. Create a new one.');
      expect(edit.getAttribute('aria-describedby')).to.equal(reason.id);
      expect(old!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.disabled).to.equal(false);
    });

    it('warns that a token is about to expire within 7 days, and not later', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page(tokens) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3);
      const [, soon, fine] = rows(el);
      expect(soon!.querySelector('[part="badge"]')!.textContent).to.equal('About to expire');
      expect(soon!.textContent).to.match(/in [45] days/);
      expect(soon!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.disabled).to.equal(false);
      expect(fine!.querySelector('[part="badge"]')).to.equal(null);
    });

    it('uses the Chinese badges in Chinese', async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: page(tokens) }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => rows(el).length === 3);
      expect($$(el, '[part="badge"]').map((b) => b.textContent)).to.deep.equal(['已过期', '即将过期']);
    });
  });

  it('lets the user hide expired tokens, asking the server without them', async () => {
    const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([token('t1')]) }]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(el).length === 1);
    const toggle = $(el, 'input[part="include-expired"]') as HTMLInputElement;
    expect(toggle.checked).to.equal(true);
    expect(toggle.closest('label')!.textContent).to.equal('Show expired tokens');
    toggle.click();
    await searchCount(api, 2);
    const calls = await searches(api);
    expect(calls[1]).to.deep.equal({ include_expired: false, pagination: { current_page: 1, page_size: 20 } });
    expect(toggle.checked).to.equal(false);
  });

  it('pages through tokens and remembers the page size, and nothing else, in localStorage', async () => {
    const many = Array.from({ length: 20 }, (_, i) => token(`p${i}`));
    const api = await mockApi([{ method: 'POST', path: SEARCH, body: page(many, 45) }]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(el).length === 20);
    expect($(el, '[part="pagination-total"]')!.textContent).to.equal('Total 45');
    $(el, 'button[aria-label="Page 2"]')!.click();
    await searchCount(api, 2);
    expect((await searches(api))[1]!.pagination).to.deep.equal({ current_page: 2, page_size: 20 });

    const size = $(el, 'select[aria-label="Rows per page"]') as HTMLSelectElement;
    size.value = '50';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await searchCount(api, 3);
    expect((await searches(api))[2]!.pagination).to.deep.equal({ current_page: 1, page_size: 50 });
    expect(localStorage.getItem('personal-access-page-size')).to.equal('50');
    expect(Object.keys(localStorage)).to.deep.equal(['personal-access-page-size']);
    el.remove();

    const again = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await searchCount(api, 4);
    expect((await searches(api))[3]!.pagination).to.deep.equal({ current_page: 1, page_size: 50 });
    again.remove();
  });

  it('shows an error with Retry when the list answer is malformed, and Retry loads it', async () => {
    const api = await mockApi([
      { method: 'POST', path: SEARCH, body: page([token('t1', { name: 'recovered' })]) },
      { method: 'POST', path: SEARCH, body: { access_tokens: 'not a list' }, times: 1 },
    ]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="result"][data-status="error"]'), { message: 'error result' });
    expect($(el, '[part="result-title"]')!.textContent).to.equal('The access tokens could not be loaded');
    const retry = $(el, '[part="result-actions"] button')!;
    expect(retry.textContent).to.equal('Retry');
    retry.click();
    await waitFor(() => rows(el).length === 1, { message: 'rows after retry' });
    expect(rows(el)[0]!.textContent).to.contain('recovered');
  });

  it('shows the server error with Retry when the list fails, in Chinese', async () => {
    const api = await mockApi([
      { method: 'POST', path: SEARCH, status: 500, body: { code: 'boom', message: 'x', requestId: 'req-9' } },
    ]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, '[part="result"][data-status="error"]'));
    expect($(el, '[part="result-title"]')!.textContent).to.equal('访问令牌加载失败');
    expect($(el, '[part="result-description"]')!.textContent).to.contain('req-9');
    expect($(el, '[part="result-actions"] button')!.textContent).to.equal('重试');
    await settle();
  });
});
