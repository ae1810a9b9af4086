import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { openUnreadStream } from '../../../src/features/notifications/stream';
import type { UnreadCounts } from '../../../src/features/notifications/api';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  COUNT,
  FakeEventSource,
  LIST,
  STREAM,
  counts,
  framesInBackground,
  message,
  page,
  useFakeEventSource,
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
    expect(seen.polls).to.equal(1);
    await sleep(150);
    expect(seen.polls).to.be.greaterThan(2);
    stream.close();
    const polls = seen.polls;
    await sleep(120);
    expect(seen.polls).to.equal(polls);
    expect(seen.modes).to.deep.equal(['open', 'polling', 'closed']);
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
  let restoreEventSource: () => void;
  let restoreFrames: () => void;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
    restoreFrames = framesInBackground();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreEventSource();
    restoreFrames();
  });

  async function mountLive(locale = 'en_US') {
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page([message('1'), message('2', { read: true, app: 'flow' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const events: number[] = [];
    document.addEventListener('yx-unread-change', (e) => events.push(e.detail.count));
    const el = await mountElement('yx-message-centre', { host: api.host, locale });
    await waitFor(() => rows(el).length === 2 && $(el, '[part="tab-count"]'), { message: 'list' });
    return { api, el, events, source: FakeEventSource.latest() };
  }

  it("connects to the element's host with credentials", async () => {
    const { api, source } = await mountLive();
    expect(source.url).to.equal(api.host + STREAM);
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
    expect($(el, '[part="message-centre"]')!.dataset.live).to.equal('polling');
  });
});
