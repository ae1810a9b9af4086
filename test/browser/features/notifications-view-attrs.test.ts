/** The message centre's view (tab and app filter) from its `tab` and `app` attributes, at the
 * start and when they change, and `yx-messages-view` when the user changes it: so a host (the
 * standalone page) keeps the view in its address and a reload or a link opens it again. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { COUNT, LIST, click, counts, message, page, useCentreTestPage } from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const tab = (el: Element, value: 'all' | 'unread') => $$(el, '[role="tab"]')[value === 'all' ? 0 : 1]!;
const option = (el: Element, app: string | null) =>
  $(el, app ? `[part="app-filter-option"][data-app="${app}"]` : '[part="app-filter-option"]:not([data-app])');
const selectedTab = (el: Element) => $(el, '[role="tab"][aria-selected="true"]')?.textContent?.replace(/[\s\d+]+$/, '');
const pressed = (el: Element) =>
  $$(el, '[part="app-filter-option"][aria-pressed="true"]').map((o) => o.dataset.app ?? null);
type Api = { calls(): Promise<Array<{ method: string; path: string; body: unknown }>> };
const lists = async (api: Api) =>
  (await api.calls()).filter((c) => c.path === LIST).map((c) => c.body as Record<string, unknown>);

const inbox = [
  message('1', { app: 'codeup', title: 'Merge request approved' }),
  message('2', { app: 'flow', title: 'Pipeline failed', read: true }),
  message('3', { app: 'codeup', title: 'New comment' }),
];

/** Where `yx-messages-view` reaching the document goes (bubbling and composed only). */
let listening: (event: CustomEvent) => void = () => {};
document.addEventListener('yx-messages-view', (event) => listening(event));

async function centre(attributes: Record<string, string> = {}) {
  const api = await mockApi([
    { method: 'POST', path: LIST, body: page(inbox) },
    { method: 'POST', path: COUNT, body: counts({ codeup: 2, flow: 0 }) },
  ]);
  const views: unknown[] = [];
  listening = (event) => {
    if (event.bubbles && event.composed) views.push(event.detail);
  };
  const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US', ...attributes });
  await waitFor(() => rows(el).length > 0 && option(el, 'codeup'), { message: 'the list and the filter' });
  return { api, el, views };
}

/** Captures console.warn while `run` runs. */
async function warnings(run: () => Promise<void>): Promise<string[]> {
  const original = console.warn;
  const seen: string[] = [];
  console.warn = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.warn = original;
  }
  return seen;
}

describe('<yx-message-centre> view from the tab and app attributes', () => {
  useCentreTestPage();

  it('opens on the view its attributes name, asking for no other', async () => {
    const { api, el, views } = await centre({ tab: 'unread', app: 'codeup' });
    expect(selectedTab(el)).to.equal('Unread');
    expect(pressed(el)).to.deep.equal(['codeup']);
    expect($(el, '[part="message-centre"]')!.dataset.tab).to.equal('unread');
    expect(await lists(api)).to.deep.equal([{ tab: 'unread', app: 'codeup', page_size: 100 }]);
    expect(views, 'no yx-messages-view: the user chose nothing').to.deep.equal([]);
  });

  it('switches the view when an attribute changes, as a click would, without yx-messages-view', async () => {
    const { api, el, views } = await centre();
    expect(selectedTab(el)).to.equal('All');
    expect(pressed(el)).to.deep.equal([null]);

    el.setAttribute('tab', 'unread');
    await waitFor(async () => (await lists(api)).length === 2, { message: 'the unread list' });
    expect((await lists(api)).at(-1)).to.deep.equal({ tab: 'unread', page_size: 100 });
    await waitFor(() => selectedTab(el) === 'Unread', { message: 'the Unread tab' });

    el.setAttribute('app', 'flow');
    await waitFor(async () => (await lists(api)).length === 3, { message: "flow's list" });
    expect((await lists(api)).at(-1), 'the tab stays').to.deep.equal({ tab: 'unread', app: 'flow', page_size: 100 });
    await waitFor(() => pressed(el)[0] === 'flow', { message: 'flow pressed' });

    el.removeAttribute('app');
    el.removeAttribute('tab');
    await waitFor(async () => (await lists(api)).at(-1)?.tab === 'all', { message: 'back to all' });
    expect((await lists(api)).at(-1)).to.deep.equal({ tab: 'all', page_size: 100 });
    await waitFor(() => selectedTab(el) === 'All' && pressed(el)[0] === null, { message: 'All, All Messages' });
    await settle();
    expect(views).to.deep.equal([]);
  });

  it('ignores a tab or app that is none, with a console warning', async () => {
    let mounted: Awaited<ReturnType<typeof centre>> | undefined;
    const seen = await warnings(async () => {
      mounted = await centre({ tab: 'read-later', app: 'not an app' });
    });
    const { api, el } = mounted!;
    expect(seen.some((w) => w.includes('tab="read-later"'))).to.equal(true);
    expect(seen.some((w) => w.includes('app="not an app"'))).to.equal(true);
    expect(selectedTab(el)).to.equal('All');
    expect(pressed(el)).to.deep.equal([null]);
    expect(await lists(api)).to.deep.equal([{ tab: 'all', page_size: 100 }]);

    // Changed to a bad value at run time: all apps again.
    el.setAttribute('app', 'codeup');
    await waitFor(() => pressed(el)[0] === 'codeup', { message: 'codeup pressed' });
    const later = await warnings(async () => {
      el.setAttribute('app', 'x'.repeat(65));
      await waitFor(() => pressed(el)[0] === null, { message: 'All Messages pressed' });
    });
    expect(later.some((w) => w.includes('is not an app id'))).to.equal(true);
  });

  it('sends yx-messages-view { tab, app } when the user changes the view, not when it stays', async () => {
    const { el, views } = await centre();
    await click(tab(el, 'unread'));
    await waitFor(() => views.length === 1, { message: 'the event' });
    expect(views).to.deep.equal([{ tab: 'unread', app: null }]);

    option(el, 'codeup')!.click();
    await settle();
    option(el, 'codeup')!.click();
    await settle();
    expect(views.at(-1)).to.deep.equal({ tab: 'unread', app: 'codeup' });
    expect(views, 'the same app again changes nothing').to.have.length(2);

    option(el, null)!.click();
    await click(tab(el, 'all'));
    expect(views.slice(2)).to.deep.equal([
      { tab: 'unread', app: null },
      { tab: 'all', app: null },
    ]);
  });

  it('keeps the view when the host changes', async () => {
    const { el } = await centre({ tab: 'unread' });
    option(el, 'codeup')!.click();
    await settle();
    const other = await mockApi([
      { method: 'POST', path: LIST, body: page(inbox) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 2 }) },
    ]);
    el.setAttribute('host', other.host);
    await waitFor(async () => (await lists(other)).length === 1, { message: 'the list from the new host' });
    expect(await lists(other)).to.deep.equal([{ tab: 'unread', app: 'codeup', page_size: 100 }]);
  });
});
