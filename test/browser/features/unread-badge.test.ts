import { expect } from '@open-wc/testing';
import '../../../elements/yx-unread-badge';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { COUNT, FakeEventSource, STREAM, counts, useFakeEventSource } from './notifications-fixtures';

const link = (el: Element) => el.shadowRoot!.querySelector<HTMLAnchorElement>('a[part="link"]')!;
const bubble = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[part="count"]');

async function mountBadge(byApp: Record<string, number>, attributes: Record<string, string> = {}) {
  const api = await mockApi([{ method: 'POST', path: COUNT, body: counts(byApp) }]);
  const el = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US', ...attributes });
  await waitFor(() => link(el)?.dataset.count !== undefined, { message: 'count loaded' });
  return { api, el };
}

describe('<yx-unread-badge>', () => {
  let restoreEventSource: () => void;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreEventSource();
  });

  it('loads without DOMPurify or the virtualizer', () => {
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(loaded.some((url) => url.includes('/notifications/UnreadBadge'))).to.equal(true);
    expect(loaded.filter((url) => /dompurify|react-virtual|virtual-core|sanitize|MessageList/.test(url))).to.deep.equal(
      [],
    );
  });

  it('shows no count at 0 and is named "Messages"', async () => {
    const { el } = await mountBadge({});
    expect(bubble(el)).to.equal(null);
    expect(link(el).dataset.state).to.equal('empty');
    expect(link(el).getAttribute('aria-label')).to.equal('Messages');
  });

  it('shows the unread count and says it in its name', async () => {
    const { el } = await mountBadge({ codeup: 3, flow: 2 });
    expect(bubble(el)!.textContent).to.equal('5');
    expect(link(el).getAttribute('aria-label')).to.equal('Messages, 5 unread');
  });

  it("shows '99+' above 99", async () => {
    const { el } = await mountBadge({ codeup: 120 });
    expect(bubble(el)!.textContent).to.equal('99+');
    expect(link(el).getAttribute('aria-label')).to.equal('Messages, 99+ unread');
  });

  it('says it in Chinese', async () => {
    const { el } = await mountBadge({ codeup: 5 }, { locale: 'zh_CN' });
    expect(link(el).getAttribute('aria-label')).to.equal('消息，5 条未读');
  });

  describe('its link', () => {
    it('goes to the message centre on the account host by default', async () => {
      const { api, el } = await mountBadge({});
      expect(link(el).getAttribute('href')).to.equal(`${api.host}/users/#/users/notifications`);
    });

    it('goes where href says when it stays on this site', async () => {
      const { el } = await mountBadge({}, { href: '#/inbox' });
      expect(link(el).getAttribute('href')).to.equal('#/inbox');
      el.setAttribute('href', `${location.origin}/users/#/users/notifications`);
      await settle();
      expect(link(el).getAttribute('href')).to.equal(`${location.origin}/users/#/users/notifications`);
    });

    it('refuses javascript: and other sites, falling back to the default', async () => {
      const { api, el } = await mountBadge({}, { href: 'javascript:alert(1)' });
      const centre = `${api.host}/users/#/users/notifications`;
      expect(link(el).getAttribute('href')).to.equal(centre);
      for (const bad of ['https://evil.example/inbox', '//evil.example', 'data:text/html,x', ' JavaScript:alert(1)']) {
        el.setAttribute('href', bad);
        await settle();
        expect(link(el).getAttribute('href'), bad).to.equal(centre);
      }
    });

    it('lets the host route it by cancelling yx-navigate', async () => {
      const { el } = await mountBadge({}, { href: '#/inbox-test' });
      const urls: string[] = [];
      const take = (e: CustomEvent<{ url: string }>) => {
        urls.push(e.detail.url);
        e.preventDefault();
      };
      document.addEventListener('yx-navigate', take);
      const before = location.hash;
      link(el).click();
      await settle();
      document.removeEventListener('yx-navigate', take);
      expect(urls).to.deep.equal(['#/inbox-test']);
      expect(location.hash).to.equal(before);
    });
  });

  describe('live', () => {
    it('asks for the counts once, then follows the stream and tells the host', async () => {
      const events: number[] = [];
      document.addEventListener('yx-unread-change', (e) => events.push(e.detail.count));
      const { api, el } = await mountBadge({ codeup: 2 });
      const source = FakeEventSource.latest();
      expect(source.url).to.equal(api.host + STREAM + '?locale=en_US');
      expect(source.withCredentials).to.equal(true);
      source.open();
      source.emit('unread', { total: 9, by_app: [{ app: 'codeup', count: 9 }] });
      await settle();
      expect(bubble(el)!.textContent).to.equal('9');
      source.emit('unread', { total: 0, by_app: [] });
      await settle();
      expect(bubble(el)).to.equal(null);
      expect(events).to.deep.equal([2, 9, 0]);
      expect((await api.calls()).filter((c) => c.path === COUNT)).to.have.length(1);
    });

    it('closes its EventSource when removed', async () => {
      const { el } = await mountBadge({});
      const source = FakeEventSource.latest();
      el.remove();
      await settle();
      expect(source.closed).to.equal(true);
    });
  });

  it('lets every user use it, with and without a count', async () => {
    const { el } = await mountBadge({});
    await expectNoAxeViolations(el.shadowRoot!);
    el.remove();
    const { el: withCount } = await mountBadge({ codeup: 120 });
    await expectNoAxeViolations(withCount.shadowRoot!);
  });
});
