/** The switcher marks the current organization the page names even when it is not on the first
 * page of 50 (§2 "current one marked"; the shell loads "that organization"), and loads the page's
 * app info (§4 appInfo). */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-org-switcher';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { intersectionsInBackground, org, orgRange, page, pageRoutes } from './org-switcher-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const orgButtons = (el: Element) => $$(el, '[part~="org"]');
const ids = (el: Element) => orgButtons(el).map((b) => b.dataset.id);
const marked = (el: Element) =>
  orgButtons(el)
    .filter((b) => b.getAttribute('aria-current') === 'true')
    .map((b) => b.dataset.id);
const loadMore = (el: Element) => $(el, '[part~="load-more-button"]');

async function showList(el: Element, count: number) {
  await waitFor(() => orgButtons(el).length === count, { message: `${count} organizations` });
}

/** `GET /uiless/api/organizations/{id}` answering with organization `i`. */
const oneOrg = (i: number): MockRoute => {
  const { _id, name, logo } = org(i);
  return { method: 'GET', path: `/uiless/api/organizations/${_id}`, body: { result: { _id, name, logo } } };
};

describe('<yx-org-switcher> current organization', () => {
  let restoreObserver: () => void;
  before(() => {
    restoreObserver = intersectionsInBackground();
  });
  after(() => restoreObserver());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  // The server flags org-105 current, on the third page of 50.
  const first = orgRange(1, 50);
  const second = orgRange(51, 100);
  const third = orgRange(101, 120, (i) => ({ current: i === 105 }));

  describe('given the current organization is on the third page', () => {
    it('shows it first and marked before its page is loaded, and once after', async () => {
      const api = await mockApi([...pageRoutes(page(first, 'tok-2'), page(second, 'tok-3'), page(third)), oneOrg(105)]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'org-id': 'org-105' });
      await showList(el, 51);
      expect(ids(el).slice(0, 3)).to.deep.equal(['org-105', 'org-1', 'org-2']);
      expect(marked(el)).to.deep.equal(['org-105']);
      const current = orgButtons(el)[0]!;
      expect(current.querySelector('[part="org-name"]')!.textContent).to.equal('Org 105');
      expect(current.querySelector('[part="current-badge"]')!.textContent).to.equal('Current');
      expect((await api.calls()).some((c) => c.path === '/uiless/api/organizations/org-105')).to.equal(true);

      loadMore(el)!.click();
      await showList(el, 101);
      loadMore(el)!.click();
      await showList(el, 120);
      expect(
        ids(el).filter((id) => id === 'org-105'),
        'not listed twice',
      ).to.have.length(1);
      expect(ids(el)[0]).to.equal('org-105');
      expect(marked(el)).to.deep.equal(['org-105']);
      expect($$(el, '[part="current-badge"]')).to.have.length(1);
      expect($(el, '[part="count"]')!.textContent).to.equal('120 organizations loaded');
    });
  });

  describe('given the current organization is on the first page', () => {
    it('lists it first, once, and marks only it', async () => {
      const api = await mockApi([...pageRoutes(page(orgRange(1, 12, (i) => ({ current: i === 7 })))), oneOrg(7)]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'org-id': 'org-7' });
      await showList(el, 12);
      expect(ids(el)[0]).to.equal('org-7');
      expect(ids(el).filter((id) => id === 'org-7')).to.have.length(1);
      expect(marked(el)).to.deep.equal(['org-7']);
    });
  });

  describe('given the named organization cannot be fetched', () => {
    it("shows the list as it came, marked by the server's flag", async () => {
      const api = await mockApi([
        ...pageRoutes(page(orgRange(1, 12, (i) => ({ current: i === 4 })))),
        {
          method: 'GET',
          path: '/uiless/api/organizations/org-gone',
          status: 404,
          body: { code: 'organization_not_found', message: 'No such organization' },
        },
      ]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'org-id': 'org-gone' });
      await showList(el, 12);
      expect(ids(el)[0]).to.equal('org-1');
      expect(marked(el)).to.deep.equal(['org-4']);
    });
  });

  describe('given the page names its app (app info, §4)', () => {
    const appInfo: MockRoute = {
      method: 'GET',
      path: '/uiless/apps/codeup',
      body: { result: { id: 'codeup', name: 'Codeup', nameCN: '代码管理', logoUrlCDN: '/codeup.png' } },
    };

    it('loads it and names the app in the intro', async () => {
      const api = await mockApi([...pageRoutes(page(orgRange(1, 3))), appInfo]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'app-id': 'codeup' });
      await showList(el, 3);
      await waitFor(() => $(el, '[part="intro"]')!.textContent === 'Choose the organization to open Codeup in', {
        message: 'the intro with the app',
      });
      expect((await api.calls()).filter((c) => c.path === '/uiless/apps/codeup')).to.have.length(1);
    });

    it('says so in Chinese', async () => {
      const api = await mockApi([...pageRoutes(page(orgRange(1, 3))), appInfo]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'zh_CN', 'app-id': 'codeup' });
      await showList(el, 3);
      await waitFor(() => $(el, '[part="intro"]')!.textContent === '选择要进入代码管理的企业', {
        message: 'the intro with the app',
      });
    });

    it('keeps the plain intro when the app is unknown', async () => {
      const api = await mockApi(pageRoutes(page(orgRange(1, 3))));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'app-id': 'nope' });
      await showList(el, 3);
      await waitFor(async () => (await api.calls()).some((c) => c.path === '/uiless/apps/nope'));
      expect($(el, '[part="intro"]')!.textContent).to.equal('Choose the organization to work in');
    });
  });
});
