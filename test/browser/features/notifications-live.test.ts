import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import '../../../elements/yx-unread-badge';
import { openUnreadStream } from '../../../src/features/notifications/stream';
import type { UnreadCounts } from '../../../src/features/notifications/api';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  COUNT,
  FakeEventSource,
  LIST,
  STREAM,
  counts,
  message,
  page,
  useCentreTestPage,
} from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const rows = (el: Element) => $$(el, '[part="message"]');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('notifications stream', () => {
  const url = 'https://api.example.test/users/ajax/v1/notifications/inbox/messages/stream';

  function open(options: { EventSource?: typeof FakeEventSource | null; pollIntervalMs?: number } = {}) {
    const seen = { counts: [] as UnreadCounts[], messages: [] as string[], polls: 0, modes: [] as string[] };
    const stream = openUnreadStream({
      url,
      EventSource: options.EventSource === undefined ? FakeEventSource : options.EventSource,
      pollIntervalMs: options.pollIntervalMs ?? 40,
      onUnread: (c) => seen.counts.push(c),
      onMessage: (m) => seen.messages.push(m.id),
      poll: () => {
        seen.polls += 1;
      },
      onModeChange: (mode) => seen.modes.push(mode),
    });
    return { stream, seen };
  }

  beforeEach(() => {
    FakeEventSource.instances = [];
  });

  it('connects with credentials and reports unread counts and new messages as they come', () => {
    const { stream, seen } = open();
    const source = FakeEventSource.latest();
    expect(source.url).to.equal(url);
    expect(source.withCredentials).to.equal(true);
    source.open();
    expect(stream.mode).to.equal('open');
    source.emit('unread', {
      total: 5,
      by_app: [
        { app: 'codeup', count: 3 },
        { app: 'flow', count: 2 },
      ],
    });
    source.emit('message', message('m9'));
    expect(seen.counts).to.deep.equal([{ total: 5, byApp: { codeup: 3, flow: 2 } }]);
    expect(seen.messages).to.deep.equal(['m9']);
    stream.close();
  });

  it('ignores events whose data is not what the contract says', () => {
    const { stream, seen } = open();
    const source = FakeEventSource.latest();
    source.emit('unread', 'not json');
    source.emit('unread', { total: 'five' });
    source.emit('message', { id: 1 });
    expect(seen.counts).to.deep.equal([]);
    expect(seen.messages).to.deep.equal([]);
    stream.close();
  });

  it('lets EventSource reconnect by itself after a dropped connection, without polling', async () => {
    const { stream, seen } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.fail(false);
    await sleep(120);
    expect(source.closed).to.equal(false);
    expect(seen.polls).to.equal(0);
    expect(stream.mode).to.equal('open');
    stream.close();
  });

  it('falls back to polling when the stream fails for good, catching up at once', async () => {
    const { stream, seen } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.fail(true);
    expect(source.closed).to.equal(true);
    expect(stream.mode).to.equal('polling');
    // At once, in the next task (an unloading document runs none, so leaving the page sends none).
    expect(seen.polls).to.equal(0);
    await sleep(0);
    expect(seen.polls).to.equal(1);
    await sleep(150);
    expect(seen.polls).to.be.greaterThan(2);
    stream.close();
    const polls = seen.polls;
    await sleep(120);
    expect(seen.polls).to.equal(polls);
    expect(seen.modes).to.deep.equal(['open', 'polling', 'closed']);
  });

  it('sends no catch-up call when closed in the same task as the failure', async () => {
    const { stream, seen } = open();
    const source = FakeEventSource.latest();
    source.open();
    source.fail(true);
    stream.close();
    await sleep(50);
    expect(seen.polls).to.equal(0);
  });

  it('polls when EventSource does not exist', async () => {
    const { stream, seen } = open({ EventSource: null });
    expect(stream.mode).to.equal('polling');
    expect(FakeEventSource.instances).to.have.length(0);
    await sleep(100);
    expect(seen.polls).to.be.greaterThan(0);
    stream.close();
  });

  it('closes the connection on close(), twice without harm', () => {
    const { stream } = open();
    const source = FakeEventSource.latest();
    stream.close();
    stream.close();
    expect(source.closed).to.equal(true);
    expect(stream.mode).to.equal('closed');
  });
});

describe('<yx-message-centre> live updates', () => {
  useCentreTestPage();

  async function mountLive(locale = 'en_US') {
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page([message('1'), message('2', { read: true, app: 'flow' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const events: number[] = [];
    document.addEventListener('yx-unread-change', (e) => events.push(e.detail.count));
    const el = await mountElement('yx-message-centre', { host: api.host, locale });
    await waitFor(() => rows(el).length === 2 && $(el, '[part="tab-count"]'), { message: 'list' });
    // The stream's code loads alongside the list's.
    await waitFor(() => FakeEventSource.instances.length > 0, { message: 'the stream' });
    return { api, el, events, source: FakeEventSource.latest() };
  }

  it("connects to the element's host with credentials, naming the element's language", async () => {
    const { api, source } = await mountLive();
    // An EventSource sends no headers: the language the other calls name in X-Yx-Locale.
    expect(source.url).to.equal(api.host + STREAM + '?locale=en_US');
    expect(source.withCredentials).to.equal(true);
  });

  it('updates the counts without a reload and tells the host', async () => {
    const { el, events, source } = await mountLive();
    source.open();
    source.emit('unread', {
      total: 7,
      by_app: [
        { app: 'codeup', count: 4 },
        { app: 'flow', count: 3 },
      ],
    });
    await settle();
    expect($(el, '[part="tab-count"]')!.textContent).to.equal('7');
    expect($(el, '[part="app-filter-option"][data-app="flow"]')!.textContent).to.equal('Flow 3 unread');
    expect(events).to.deep.equal([1, 7]);
    // The same total again is not a change.
    source.emit('unread', { total: 7, by_app: [{ app: 'codeup', count: 7 }] });
    await settle();
    expect(events).to.deep.equal([1, 7]);
  });

  it('shows a new message at the top and announces it', async () => {
    const { el, source } = await mountLive();
    source.emit('message', message('9', { title: 'Build passed', app: 'flow', created_at: new Date().toISOString() }));
    await waitFor(() => rows(el).length === 3, { message: 'new row' });
    const first = rows(el).find((r) => r.dataset.index === '0')!;
    expect(first.dataset.id).to.equal('9');
    expect(first.querySelector('[part="message-meta"]')!.textContent).to.contain('just now');
    expect($(el, '.yx-msgs > [role="status"]')!.textContent).to.equal('New message: Build passed');
    // The same message twice is shown once.
    source.emit('message', message('9', { title: 'Build passed' }));
    await settle();
    expect(rows(el)).to.have.length(3);
  });

  it('leaves out new messages that do not belong to the filtered app', async () => {
    const { el, source } = await mountLive();
    $(el, '[part="app-filter-option"][data-app="flow"]')!.click();
    await waitFor(() => $(el, '[part="app-filter-option"][data-app="flow"]')!.getAttribute('aria-pressed') === 'true');
    await waitFor(() => rows(el).length > 0);
    const before = rows(el).length;
    source.emit('message', message('10', { app: 'codeup' }));
    await settle();
    expect(rows(el)).to.have.length(before);
  });

  it('polls instead when the stream fails for good', async () => {
    const { el, source } = await mountLive();
    expect($(el, '[part="message-centre"]')!.dataset.live).to.equal('connecting');
    source.fail(true);
    await settle();
    expect($(el, '[part="message-centre"]')!.dataset.live).to.equal('polling');
  });

  it('closes its EventSource when it is removed from the page', async () => {
    const { el, source } = await mountLive();
    source.open();
    expect(source.closed).to.equal(false);
    el.remove();
    await settle();
    expect(source.closed).to.equal(true);
    expect(FakeEventSource.instances).to.have.length(1);
  });

  it('works without EventSource at all, by polling', async () => {
    (window as unknown as { EventSource: unknown }).EventSource = undefined;
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page([message('1')]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(el).length === 1 && $(el, '[part="tab-count"]'));
    await waitFor(() => $(el, '[part="message-centre"]')!.dataset.live === 'polling', { message: 'polling' });
  });
});

describe('one stream per page', () => {
  const url = 'https://api.example.test/users/ajax/v1/notifications/inbox/messages/stream';

  function open(options: { session?: string; pollIntervalMs?: number } = {}) {
    const seen = { totals: [] as number[], messages: [] as string[], polls: 0, modes: [] as string[] };
    const stream = openUnreadStream({
      url,
      session: options.session ?? 'session-a',
      EventSource: FakeEventSource,
      pollIntervalMs: options.pollIntervalMs ?? 40,
      onUnread: (c) => seen.totals.push(c.total),
      onMessage: (m) => seen.messages.push(m.id),
      poll: () => {
        seen.polls += 1;
      },
      onModeChange: (mode) => seen.modes.push(mode),
    });
    return { stream, seen };
  }

  beforeEach(() => {
    FakeEventSource.instances = [];
  });

  it('gives every listener of the same session the events of one connection', () => {
    const first = open();
    const second = open();
    expect(FakeEventSource.instances).to.have.length(1);
    const source = FakeEventSource.latest();
    source.open();
    expect(first.stream.mode).to.equal('open');
    expect(second.stream.mode).to.equal('open');
    source.emit('unread', { total: 4, by_app: [{ app: 'codeup', count: 4 }] });
    source.emit('message', message('m1'));
    expect(first.seen.totals).to.deep.equal([4]);
    expect(second.seen.totals).to.deep.equal([4]);
    expect(first.seen.messages).to.deep.equal(['m1']);
    expect(second.seen.messages).to.deep.equal(['m1']);
    first.stream.close();
    second.stream.close();
  });

  it('keeps the connection while one listener remains, and closes it with the last', () => {
    const first = open();
    const second = open();
    const source = FakeEventSource.latest();
    first.stream.close();
    expect(source.closed).to.equal(false);
    source.emit('unread', { total: 2, by_app: [{ app: 'flow', count: 2 }] });
    expect(first.seen.totals).to.deep.equal([]);
    expect(second.seen.totals).to.deep.equal([2]);
    second.stream.close();
    expect(source.closed).to.equal(true);
    // Someone listening afterwards gets a new connection.
    const third = open();
    expect(FakeEventSource.instances).to.have.length(2);
    expect(FakeEventSource.latest().closed).to.equal(false);
    third.stream.close();
  });

  it('tells a listener that joins late that the stream is open, and the latest counts', async () => {
    const first = open();
    const source = FakeEventSource.latest();
    source.open();
    source.emit('unread', { total: 6, by_app: [{ app: 'codeup', count: 6 }] });
    const late = open();
    expect(late.stream.mode).to.equal('open');
    await Promise.resolve();
    expect(late.seen.totals).to.deep.equal([6]);
    expect(FakeEventSource.instances).to.have.length(1);
    first.stream.close();
    late.stream.close();
  });

  it('opens a separate connection for another session (another user signed in)', () => {
    const mine = open({ session: 'session-a' });
    const theirs = open({ session: 'session-b' });
    expect(FakeEventSource.instances).to.have.length(2);
    FakeEventSource.instances[1]!.emit('unread', { total: 1, by_app: [{ app: 'flow', count: 1 }] });
    expect(mine.seen.totals).to.deep.equal([]);
    expect(theirs.seen.totals).to.deep.equal([1]);
    mine.stream.close();
    theirs.stream.close();
  });

  it('moves every listener to polling when the shared connection fails for good', async () => {
    const first = open();
    const second = open();
    const source = FakeEventSource.latest();
    source.open();
    source.fail(true);
    expect(first.stream.mode).to.equal('polling');
    expect(second.stream.mode).to.equal('polling');
    // Both catch up at once (in the next task), as they were connected before.
    await sleep(0);
    expect([first.seen.polls, second.seen.polls]).to.deep.equal([1, 1]);
    // The failed connection is not handed to the next listener.
    const next = open();
    expect(FakeEventSource.instances).to.have.length(2);
    first.stream.close();
    second.stream.close();
    next.stream.close();
  });
});

/** Whether two calls to `url` have had their answers (a resource entry is made at the answer). */
const answeredTwice = (url: string) =>
  performance.getEntriesByType('resource').filter((entry) => entry.name === url).length >= 2;

describe('a <yx-unread-badge> and a <yx-message-centre> on one page', () => {
  useCentreTestPage();

  async function mountBoth() {
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page([message('1'), message('2', { read: true, app: 'flow' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const badge = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US' });
    const centre = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    const bubble = () => badge.shadowRoot!.querySelector('[part="count"]')?.textContent ?? null;
    await waitFor(() => rows(centre).length === 2 && $(centre, '[part="tab-count"]') && bubble() === '1', {
      message: 'both loaded',
    });
    return { api, badge, centre, bubble };
  }

  it('share one connection to the server, and both update from it', async () => {
    const { centre, bubble } = await mountBoth();
    expect(FakeEventSource.instances).to.have.length(1);
    const source = FakeEventSource.latest();
    source.open();
    // The centre's stream code loads alongside its list: it joins the badge's connection.
    await waitFor(() => $(centre, '[part="message-centre"]')!.dataset.live === 'open', { message: 'centre joined' });
    expect(FakeEventSource.instances).to.have.length(1);
    source.emit('unread', { total: 7, by_app: [{ app: 'codeup', count: 7 }] });
    source.emit('message', message('9', { title: 'Token created', created_at: new Date().toISOString() }));
    await waitFor(() => rows(centre).length === 3, { message: 'new row' });
    expect($(centre, '[part="tab-count"]')!.textContent).to.equal('7');
    expect(bubble()).to.equal('7');
  });

  it('keep the connection for the badge when the centre is removed, and close it with the badge', async () => {
    const { badge, centre, bubble } = await mountBoth();
    const source = FakeEventSource.latest();
    source.open();
    await waitFor(() => $(centre, '[part="message-centre"]')!.dataset.live === 'open', { message: 'centre joined' });
    centre.remove();
    await settle();
    expect(source.closed).to.equal(false);
    source.emit('unread', { total: 3, by_app: [{ app: 'codeup', count: 3 }] });
    await waitFor(() => bubble() === '3', { message: 'badge updated' });
    badge.remove();
    await settle();
    expect(source.closed).to.equal(true);
    expect(FakeEventSource.instances).to.have.length(1);
  });

  it('a centre opened later joins the open connection and shows its latest count', async () => {
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page([message('1')]) },
      // The count calls answer an older number than the stream has since sent.
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const badge = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US' });
    const source = FakeEventSource.latest();
    source.open();
    source.emit('unread', { total: 12, by_app: [{ app: 'codeup', count: 12 }] });
    await waitFor(() => badge.shadowRoot!.querySelector('[part="count"]')?.textContent === '12');
    const centre = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(centre).length === 1 && $(centre, '[part="message-centre"]')!.dataset.live === 'open');
    await waitFor(() => answeredTwice(api.host + COUNT), { message: 'both count calls answered' });
    await settle();
    expect($(centre, '[part="tab-count"]')!.textContent).to.equal('12');
    expect(badge.shadowRoot!.querySelector('[part="count"]')!.textContent).to.equal('12');
    expect(FakeEventSource.instances).to.have.length(1);
  });

  it('keep a count from the stream over the answer of a count call that was already out', async () => {
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page([message('1')]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }), delayMs: 300 },
    ]);
    const badge = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US' });
    const centre = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(centre).length === 1, { message: 'list' });
    FakeEventSource.latest().emit('unread', { total: 5, by_app: [{ app: 'codeup', count: 5 }] });
    await waitFor(() => answeredTwice(api.host + COUNT), { message: 'both count calls answered' });
    await settle();
    expect($(centre, '[part="tab-count"]')!.textContent).to.equal('5');
    expect(badge.shadowRoot!.querySelector('[part="count"]')!.textContent).to.equal('5');
  });
});
