import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-message-centre';
import { formatDateTime } from '../../../src/core/dates';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  COUNT,
  LIST,
  READ_ONE,
  click,
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
const tab = (el: Element, value: 'all' | 'unread') => $$(el, '[role="tab"]')[value === 'all' ? 0 : 1]!;
type Api = { calls(): Promise<Array<{ method: string; path: string; body: unknown }>> };
const lists = async (api: Api) =>
  (await api.calls()).filter((c) => c.path === LIST).map((c) => c.body as Record<string, unknown>);

describe('<yx-message-centre> list', () => {
  useCentreTestPage();

  describe('given messages from two apps', () => {
    const inbox = [
      message('1', {
        app: 'codeup',
        title: 'Merge request approved',
        created_at: new Date(Date.now() - 3 * 3600e3).toISOString(),
      }),
      message('2', { app: 'flow', title: 'Pipeline failed', read: true }),
      message('3', { app: 'codeup', title: 'New comment', sensitive: true }),
    ];

    it('shows each message with its logo, title, app, relative time and unread dot', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page(inbox) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 2 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3, { message: 'three rows' });
      const [first, second, third] = rows(el);
      expect(first!.querySelector('[part="message-title"]')!.textContent).to.equal('Merge request approved');
      expect(first!.querySelector('[part="message-meta"]')!.textContent).to.contain('Codeup');
      expect(first!.querySelector('[part="message-meta"]')!.textContent).to.contain('3 hours ago');
      expect(first!.querySelector<HTMLImageElement>('img[part="message-logo"]')!.src).to.match(/^data:image\/svg\+xml/);
      expect(first!.querySelector('[part="unread-dot"]')!.getAttribute('aria-label')).to.equal('Unread');
      expect(first!.dataset.state).to.equal('unread');
      expect(second!.dataset.state).to.equal('read');
      expect(second!.querySelector('[part="unread-dot"]')).to.equal(null);
      expect(second!.querySelector('[part="message-meta"]')!.textContent).to.contain('Flow');
      expect(third!.querySelector('[part="sensitive-badge"]')!.textContent).to.equal('Sensitive operation');
      // Closed, a message shows the words of its content as a preview, without the markup.
      expect(first!.querySelector('[part="message-content"]')!.innerHTML).to.equal('Content of message 1');
      const [body] = await lists(api);
      expect(body).to.deep.equal({ tab: 'all', page_size: 100 });
    });

    it('reads out the exact time of a message with its row, and shows it once the message is open', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page(inbox) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 2 }) },
        { method: 'POST', path: READ_ONE, body: {} },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3, { message: 'three rows' });
      const row = rows(el)[0]!;
      const created = inbox[0]!.created_at;
      const exact = formatDateTime(created);
      const meta = row.querySelector<HTMLElement>('[part="message-meta"]')!;
      const exactTime = () => [...meta.querySelectorAll('time')].find((time) => time.textContent === exact);
      // Closed: the row stays one dense line, but the line is the row's description, so it is read.
      expect(row.getAttribute('aria-describedby')).to.equal(meta.id);
      expect(exactTime(), 'the exact time in the description').to.exist;
      expect(exactTime()!.dateTime).to.equal(created);
      expect(exactTime()!.getBoundingClientRect().width, 'not shown while closed').to.be.at.most(1);
      expect(meta.textContent).to.contain('3 hours ago');
      expect(meta.querySelector('[title]'), 'no hover-only title').to.equal(null);
      const closedHeight = row.getBoundingClientRect().height;

      // Opened from the keyboard: the exact time is on screen, after how long ago it was.
      row.querySelector<HTMLButtonElement>('[part="message-title"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => row.dataset.expanded === 'true', { message: 'the message open' });
      await settle();
      const shown = exactTime()!;
      expect(shown.getBoundingClientRect().width, 'shown once open').to.be.above(1);
      expect(getComputedStyle(shown).clipPath === 'none' && getComputedStyle(shown).clip === 'auto').to.equal(true);
      expect(meta.innerText).to.contain(`3 hours ago`).and.contain(exact);
      // The list measured the taller row: the next message starts below it.
      expect(row.getBoundingClientRect().height).to.be.above(closedHeight);
      const next = rows(el).find((r) => r.dataset.index === '1')!;
      expect(next.getBoundingClientRect().top).to.be.at.least(row.getBoundingClientRect().bottom - 1);
    });

    it('opens a long message in a short list: the messages below make room and the page sees no error', async () => {
      const long = message('long', {
        title: 'Release notes',
        content: `<p>${'Faster builds and fixes. '.repeat(40)}</p>`,
      });
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([long, ...inbox]) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 3 }) },
        { method: 'POST', path: READ_ONE, body: {} },
      ]);
      const errors: string[] = [];
      const onError = (event: ErrorEvent) => errors.push(event.message);
      window.addEventListener('error', onError);
      try {
        const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
        await waitFor(() => rows(el).length === 4, { message: 'four rows' });
        const opened = rows(el)[0]!;
        const closedHeight = opened.getBoundingClientRect().height;
        opened.querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
        await waitFor(() => opened.dataset.expanded === 'true', { message: 'the message open' });
        await settle();
        await settle();
        const box = opened.getBoundingClientRect();
        expect(box.height, 'the whole message shows').to.be.above(closedHeight * 2);
        const next = rows(el).find((r) => r.dataset.index === '1')!;
        expect(next.getBoundingClientRect().top, 'the next message below it').to.be.at.least(box.bottom - 1);
        expect(errors).to.deep.equal([]);
      } finally {
        window.removeEventListener('error', onError);
      }
    });

    it('shows the unread count on the Unread tab and each app with its count in the filter', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page(inbox) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 2, flow: 0 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="tab-count"]'), { message: 'tab count' });
      expect(tab(el, 'all').textContent).to.equal('All');
      expect(tab(el, 'unread').textContent).to.equal('Unread 2');
      const options = $$(el, '[part="app-filter-option"]');
      // What is read out: the visible name and count, then the word 'unread'.
      expect(options.map((o) => o.textContent)).to.deep.equal([
        'All Messages 2 unread',
        'Codeup 2 unread',
        'Flow 0 unread',
      ]);
      expect(options.map((o) => o.querySelector('[part="app-filter-count"]')?.textContent ?? null)).to.deep.equal([
        '2',
        '2',
        null,
      ]);
      expect(options[0]!.getAttribute('aria-pressed')).to.equal('true');
      expect(options[1]!.querySelector('img')!.getAttribute('alt')).to.equal('');
    });

    it('shows names and counts in Chinese', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page(inbox) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 2 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'zh_CN' });
      await waitFor(() => $(el, '[part="tab-count"]'));
      expect($(el, '[part="title"]')!.textContent).to.equal('消息中心');
      expect(tab(el, 'all').textContent).to.equal('全部');
      expect(tab(el, 'unread').textContent).to.equal('未读 2');
      expect($$(el, '[part="app-filter-option"]').map((o) => o.textContent)).to.deep.equal([
        '全部消息 2 条未读',
        '代码管理 2 条未读',
        '流水线 0 条未读',
      ]);
      expect(rows(el)[0]!.querySelector('[part="message-meta"]')!.textContent).to.contain('3 小时前');
      expect($(el, '[part~="mark-all-read-button"]')!.textContent).to.equal('全部标为已读');
      expect($(el, '[part~="clear-read-button"]')!.textContent).to.equal('清空已读');
    });

    it('loads only unread messages on the Unread tab', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([inbox[0]!, inbox[2]!]) },
        { method: 'POST', path: LIST, body: page(inbox), times: 1 },
        { method: 'POST', path: COUNT, body: counts({ codeup: 2 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3);
      await click(tab(el, 'unread'));
      await waitFor(() => rows(el).length === 2, { message: 'two unread rows' });
      expect(tab(el, 'unread').getAttribute('aria-selected')).to.equal('true');
      expect((await lists(api)).at(-1)).to.deep.equal({ tab: 'unread', page_size: 100 });
    });

    it("filters by app: only that app's messages, and its name pressed", async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([inbox[0]!, inbox[2]!]) },
        { method: 'POST', path: LIST, body: page(inbox), times: 1 },
        { method: 'POST', path: COUNT, body: counts({ codeup: 2, flow: 0 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 3);
      $$(el, '[part="app-filter-option"]')[1]!.click();
      await waitFor(() => rows(el).length === 2, { message: 'codeup rows' });
      expect($$(el, '[part="app-filter-option"]')[1]!.getAttribute('aria-pressed')).to.equal('true');
      expect((await lists(api)).at(-1)).to.deep.equal({ tab: 'all', app: 'codeup', page_size: 100 });
    });
  });

  describe('given nothing to show', () => {
    it('says there are no messages, then no unread ones on the Unread tab', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([]) },
        { method: 'POST', path: COUNT, body: [] },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'));
      expect($(el, '[part="result-title"]')!.textContent).to.equal('No messages');
      await click(tab(el, 'unread'));
      await waitFor(() => $(el, '[part="result-title"]')?.textContent === 'No unread messages', {
        message: 'unread empty state',
      });
      expect($(el, '[part="result-description"]')!.textContent).to.equal('You have read everything.');
    });

    it('names the filtered app in the empty state, in both languages', async () => {
      for (const [locale, all, unread] of [
        ['en_US', 'No messages from Flow', 'No unread messages from Flow'],
        ['zh_CN', '流水线暂无消息', '流水线没有未读消息'],
      ] as const) {
        const api = await mockApi([
          { method: 'POST', path: LIST, body: page([]) },
          { method: 'POST', path: LIST, body: page([message('1', { app: 'flow', read: true })]), times: 1 },
          { method: 'POST', path: COUNT, body: counts({ flow: 0 }) },
        ]);
        const el = await mountElement('yx-message-centre', { host: api.host, locale });
        await waitFor(() => rows(el).length === 1);
        $$(el, '[part="app-filter-option"]')[1]!.click();
        await waitFor(() => $(el, '[part="result-title"]')?.textContent === all, { message: `${locale} app empty` });
        await click(tab(el, 'unread'));
        await waitFor(() => $(el, '[part="result-title"]')?.textContent === unread, { message: `${locale} unread` });
        el.remove();
      }
    });
  });

  describe('given a list that fails to load', () => {
    it('shows the error with Retry, and loads again on Retry', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([message('1')]) },
        { method: 'POST', path: LIST, status: 500, body: { code: 'boom', requestId: 'req-9' }, times: 1 },
        { method: 'POST', path: COUNT, body: [] },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="result"][data-status="error"]'));
      expect($(el, '[part="result-title"]')!.textContent).to.equal('Messages could not be loaded');
      expect($(el, '[part="result-description"]')!.textContent).to.contain('req-9');
      $(el, '[part="result"] button')!.click();
      await waitFor(() => rows(el).length === 1, { message: 'row after retry' });
    });
  });

  describe('given 10,000 messages in pages of 100', () => {
    it('loads the next page by cursor near the end and keeps at most 100 rows in the DOM', async () => {
      const api = await mockApi([
        ...pagedRoutes(10_000),
        { method: 'POST', path: COUNT, body: counts({ codeup: 6667 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length > 0, { message: 'first rows' });
      const list = $(el, '[part="message-list"]')!;
      expect(rows(el).length).to.be.at.most(30);
      expect(list.dataset.count).to.equal('100');

      // Scroll to the end of each loaded page: the next one is asked for by cursor.
      for (let loaded = 100; loaded < 1000; loaded += 100) {
        await scrollList(list, list.scrollHeight);
        await waitFor(() => list.dataset.count === String(loaded + 100), { message: `${loaded + 100} loaded` });
        expect(rows(el).length, 'rows in the DOM').to.be.at.most(100);
      }
      const bodies = await lists(api);
      expect(bodies[0]).to.deep.equal({ tab: 'all', page_size: 100 });
      expect(bodies[1]).to.deep.equal({ tab: 'all', page_size: 100, next_token: 'cursor-1' });
      expect(bodies[9]).to.deep.equal({ tab: 'all', page_size: 100, next_token: 'cursor-9' });

      // Rows in view are the ones near the scroll position (besides the first row, which keeps
      // the roving focus and so stays rendered).
      await scrollList(list, list.scrollHeight / 2);
      const indexes = rows(el)
        .filter((r) => r.tabIndex === -1)
        .map((r) => Number(r.dataset.index));
      expect(Math.min(...indexes)).to.be.greaterThan(100);
      expect(rows(el).length).to.be.at.most(100);
    });

    it('loads all 100 pages without ever holding more than 100 rows, and ends with "No more messages"', async function () {
      this.timeout(60_000);
      const api = await mockApi([...pagedRoutes(10_000), { method: 'POST', path: COUNT, body: [] }]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length > 0);
      const list = $(el, '[part="message-list"]')!;
      let most = 0;
      for (let i = 0; i < 120 && $(el, '[part="list-footer"]')!.textContent !== 'No more messages'; i++) {
        await scrollList(list, list.scrollHeight);
        await waitFor(() => $(el, '[part="list-footer"]')!.textContent !== 'Loading more messages…', { timeout: 5000 });
        most = Math.max(most, rows(el).length);
      }
      expect(list.dataset.count).to.equal('10000');
      expect(most).to.be.at.most(100);
      expect($(el, '[part="list-footer"]')!.textContent).to.equal('No more messages');
      await scrollList(list, list.scrollHeight);
      const last = rows(el).at(-1)!;
      expect(last.querySelector('[part="message-title"]')!.textContent).to.equal('Message 9999');
      await settle();
    });
  });
});
