import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-org-switcher';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { captureEvents } from './settings-fixtures';
import {
  DATA_LOGO,
  intersectionsInBackground,
  lists,
  org,
  orgRange,
  page,
  pageRoutes,
  switchOk,
  switchRefused,
  switches,
} from './org-switcher-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const orgButtons = (el: Element) => $$(el, '[part~="org"]');
const names = (el: Element) => $$(el, '[part="org-name"]').map((n) => n.textContent);
const loadMore = (el: Element) => $(el, '[part~="load-more-button"]');

const ZH_NO_ORGANIZATION = '您还没有加入任何企业';

type OrgChange = { organizationId: string; url: string };

async function showList(el: Element, count: number) {
  await waitFor(() => orgButtons(el).length === count, { message: `${count} organizations` });
}

describe('<yx-org-switcher>', () => {
  let restoreObserver: () => void;
  before(() => {
    restoreObserver = intersectionsInBackground();
  });
  after(() => restoreObserver());
  let changes: ReturnType<typeof captureEvents<OrgChange>>;
  beforeEach(() => {
    changes = captureEvents<OrgChange>('yx-org-change');
  });
  afterEach(() => {
    changes.stop();
    document.body.innerHTML = '';
  });

  describe('given a user in 120 organizations', () => {
    const first = orgRange(1, 50, (i) => ({ current: i === 3 }));
    const second = orgRange(51, 100);
    const third = orgRange(101, 120);

    it('shows the first page of 50, asking for page size 50', async () => {
      const api = await mockApi(pageRoutes(page(first, 'tok-2')));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 50);
      expect($(el, '[part="title"]')!.textContent).to.equal('Switch Organization');
      expect(names(el)[0]).to.equal('Org 001');
      expect($(el, '[part="count"]')!.textContent).to.equal('50 organizations loaded');
      const calls = lists(await api.calls());
      expect(calls).to.have.length(1);
      expect(calls[0]!.body).to.deep.equal({ pagination: { next_token: '', page_size: 50 } });
      expect(loadMore(el)!.textContent).to.equal('Load more');
    });

    it('marks the current organization', async () => {
      const api = await mockApi(pageRoutes(page(first, 'tok-2')));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 50);
      const current = orgButtons(el).filter((b) => b.getAttribute('aria-current') === 'true');
      expect(current.map((b) => b.dataset.id)).to.deep.equal(['org-3']);
      expect(current[0]!.querySelector('[part="current-badge"]')!.textContent).to.equal('Current');
      // What it says, without the logo: an image, or its initials (hidden from assistive
      // technology) once the image fails to load, which may or may not have happened yet.
      const said = [...current[0]!.childNodes]
        .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
        .map((node) => node.textContent)
        .join('');
      expect(said).to.equal('Org 003Current');
      expect($$(el, '[part="current-badge"]')).to.have.length(1);
    });

    it('appends the next page when the end of the list scrolls into view', async () => {
      const api = await mockApi(pageRoutes(page(first, 'tok-2'), page(second, 'tok-3'), page(third)));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 50);
      const scroller = $(el, '[part="scroller"]')!;
      expect(scroller.scrollHeight).to.be.greaterThan(scroller.clientHeight);
      expect($(el, '[part="scroller"] [part="sentinel"]')).to.exist;
      scroller.scrollTop = scroller.scrollHeight;
      await showList(el, 100);
      expect(names(el)[50]).to.equal('Org 051');
      expect(names(el)[0], 'appended, not replaced').to.equal('Org 001');
      scroller.scrollTop = scroller.scrollHeight;
      await showList(el, 120);
      const calls = lists(await api.calls());
      expect(calls.map((c) => (c.body as { pagination: { next_token: string } }).pagination.next_token)).to.deep.equal([
        '',
        'tok-2',
        'tok-3',
      ]);
      expect(loadMore(el), 'no next_token: no more button').to.equal(null);
      expect($(el, '[part="sentinel"]')).to.equal(null);
    });

    it('appends the next page with Load more, for users who do not scroll', async () => {
      const api = await mockApi(pageRoutes(page(first, 'tok-2'), page(second, 'tok-3'), page(third)));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'zh_CN' });
      await showList(el, 50);
      expect(loadMore(el)!.textContent).to.equal('加载更多');
      loadMore(el)!.click();
      await showList(el, 100);
      expect($(el, '[part="count"]')!.textContent).to.equal('已加载 100 个企业');
      loadMore(el)!.click();
      await showList(el, 120);
      expect(loadMore(el)).to.equal(null);
      expect(lists(await api.calls())).to.have.length(3);
    });

    it('keeps the list when the next page fails, and tries again with Load more', async () => {
      const api = await mockApi(pageRoutes(page(first, 'tok-2')));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 50);
      // No route left for the second page: the mock answers 404.
      loadMore(el)!.click();
      const error = (await waitFor(() => $(el, '[part="add-error"]')))!;
      expect(error.textContent).to.match(/^More organizations could not be loaded: /);
      expect(orgButtons(el)).to.have.length(50);
      await api.define(pageRoutes(page(second)));
      loadMore(el)!.click();
      await showList(el, 100);
      expect($(el, '[part="add-error"]')).to.equal(null);
    });
  });

  describe('given a single page', () => {
    it('offers no Load more and loads nothing on scroll', async () => {
      const api = await mockApi(pageRoutes(page(orgRange(1, 12))));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 12);
      expect(loadMore(el)).to.equal(null);
      expect($(el, '[part="sentinel"]')).to.equal(null);
      await new Promise((r) => setTimeout(r, 200));
      expect(lists(await api.calls())).to.have.length(1);
    });

    it('shows each logo when it is an http(s) or relative URL, else the initials', async () => {
      // A relative logo the test server really serves.
      const relative = '/node_modules/lit/logo.svg';
      const api = await mockApi(
        pageRoutes(
          page([
            org(1, { name: 'Acme Rockets', logo: 'https://cdn.example.com/a.png' }),
            org(2, { name: 'beta works', logo: relative }),
            org(3, { name: 'Gamma', logo: '' }),
            org(4, { name: '云效 团队', logo: 'javascript:alert(1)' }),
            org(5, { name: 'Delta Data', logo: DATA_LOGO }),
          ]),
        ),
      );
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 5);
      const [a, b, c, d, e] = orgButtons(el);
      expect(a!.querySelector('img')!.getAttribute('src')).to.equal('https://cdn.example.com/a.png');
      expect(a!.querySelector('img')!.getAttribute('alt')).to.equal('');
      expect(b!.querySelector('img')!.getAttribute('src')).to.equal(relative);
      expect(c!.querySelector('img')).to.equal(null);
      expect(c!.querySelector('[part~="logo-initials"]')!.textContent).to.equal('G');
      expect(d!.querySelector('img')).to.equal(null);
      expect(d!.querySelector('[part~="logo-initials"]')!.textContent).to.equal('云');
      expect(e!.querySelector('img')).to.equal(null);
      expect(e!.querySelector('[part~="logo-initials"]')!.textContent).to.equal('DD');
    });

    it('shows the initials when a logo fails to load', async () => {
      const api = await mockApi(pageRoutes(page([org(1, { name: 'beta works', logo: '/no/such/logo.png' })])));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 1);
      const button = orgButtons(el)[0]!;
      // A background test tab may never fetch the picture: report the failure as the browser would.
      button.querySelector('img')?.dispatchEvent(new Event('error'));
      await waitFor(() => button.querySelector('[part~="logo-initials"]'), { message: 'the initials' });
      expect(button.querySelector('[part~="logo-initials"]')!.textContent).to.equal('BW');
      expect(button.querySelector('img')).to.equal(null);
    });

    for (const [locale, sentence] of [
      ['en_US', '1 organization loaded'],
      ['zh_CN', '已加载 1 个企业'],
    ] as const) {
      it(`counts one organization in the singular (${locale})`, async () => {
        const api = await mockApi(pageRoutes(page([org(1)])));
        const el = await mountElement('yx-org-switcher', { host: api.host, locale });
        await showList(el, 1);
        expect($(el, '[part="count"]')!.textContent).to.equal(sentence);
      });
    }

    it('filters what is loaded by name', async () => {
      const api = await mockApi(
        pageRoutes(page([org(1, { name: 'Acme Rockets' }), org(2, { name: 'Beta' }), org(3, { name: 'acme labs' })])),
      );
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 3);
      const input = $(el, '[part="input"]') as HTMLInputElement;
      expect(input.labels![0]!.textContent).to.equal('Filter organizations');
      input.focus();
      await sendKeys({ type: 'ACME' });
      await waitFor(() => orgButtons(el).length === 2);
      expect(names(el)).to.deep.equal(['Acme Rockets', 'acme labs']);
      expect($(el, '[part="count"]')!.textContent).to.equal('Organizations shown: 2 of 3');
      await sendKeys({ type: 'zzz' });
      await waitFor(() => orgButtons(el).length === 0);
      expect($(el, '[part="no-match"]')!.textContent).to.equal('No loaded organization has “ACMEzzz” in its name');
      input.select();
      await sendKeys({ press: 'Backspace' });
      await showList(el, 3);
      expect(lists(await api.calls()), 'filtering asks nothing').to.have.length(1);
    });

    it('does not page on scroll while filtering; Load more still does', async () => {
      const api = await mockApi(pageRoutes(page(orgRange(1, 50), 'tok-2'), page(orgRange(51, 60))));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 50);
      ($(el, '[part="input"]') as HTMLInputElement).focus();
      await sendKeys({ type: 'Org 00' });
      await waitFor(() => orgButtons(el).length === 9);
      expect($(el, '[part="sentinel"]')).to.equal(null);
      await new Promise((r) => setTimeout(r, 200));
      expect(lists(await api.calls())).to.have.length(1);
      loadMore(el)!.click();
      await waitFor(() => $(el, '[part="count"]')!.textContent === 'Organizations shown: 9 of 60');
    });

    it('moves between organizations with the arrow keys', async () => {
      const api = await mockApi(pageRoutes(page(orgRange(1, 4))));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 4);
      orgButtons(el)[0]!.focus();
      await sendKeys({ press: 'ArrowDown' });
      expect(deepActiveElement()).to.equal(orgButtons(el)[1]);
      await sendKeys({ press: 'End' });
      expect(deepActiveElement()).to.equal(orgButtons(el)[3]);
      await sendKeys({ press: 'ArrowUp' });
      expect(deepActiveElement()).to.equal(orgButtons(el)[2]);
      await sendKeys({ press: 'Home' });
      expect(deepActiveElement()).to.equal(orgButtons(el)[0]);
      expect(orgButtons(el)[0]!.localName).to.equal('button');
    });
  });

  describe('when the list cannot be loaded', () => {
    it('shows the error with Retry, which loads the list again', async () => {
      const api = await mockApi([]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.querySelector('[part="result-title"]')!.textContent).to.equal(
        'Your organizations could not be loaded',
      );
      await api.define(pageRoutes(page(orgRange(1, 2))));
      result.querySelector('button')!.click();
      await showList(el, 2);
    });

    it('says when the user is in no organization', async () => {
      const api = await mockApi(pageRoutes(page([])));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'zh_CN' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="empty"]')))!;
      expect(result.querySelector('[part="result-title"]')!.textContent).to.equal(ZH_NO_ORGANIZATION);
      expect($(el, '[part="title"]')!.textContent).to.equal('切换企业');
    });
  });

  describe('when switching', () => {
    const orgs = [org(1, { name: 'Acme', current: true }), org(2, { name: 'Beta' })];

    it('saves the last workspace, then announces yx-org-change with the next URL', async () => {
      const api = await mockApi([...pageRoutes(page(orgs)), switchOk]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'next-url': '/projex?x=1' });
      await showList(el, 2);
      orgButtons(el)[1]!.click();
      await waitFor(() => changes.details.length === 1, { message: 'yx-org-change' });
      expect(changes.details).to.deep.equal([{ organizationId: 'org-2', url: '/projex?x=1' }]);
      const calls = switches(await api.calls());
      expect(calls.map((c) => [c.method, c.body])).to.deep.equal([['PUT', { organization_id: 'org-2' }]]);
      await settle();
      expect(orgButtons(el)[1]!.getAttribute('aria-busy'), 'the switch is over').to.equal(null);
    });

    it('goes to the page’s nextUrl, kept to this origin, else to /', async () => {
      const before = location.href;
      try {
        history.replaceState(
          null,
          '',
          `${location.pathname}${location.search}#/users/switch/organization?nextUrl=%2Fflow`,
        );
        const api = await mockApi([...pageRoutes(page(orgs)), switchOk]);
        const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
        await showList(el, 2);
        orgButtons(el)[0]!.click();
        await waitFor(() => changes.details.length === 1);
        expect(changes.details[0]).to.deep.equal({ organizationId: 'org-1', url: '/flow' });

        history.replaceState(
          null,
          '',
          `${location.pathname}#/users/switch/organization?nextUrl=https%3A%2F%2Fevil.example%2F`,
        );
        el.setAttribute('next-url', '//evil.example/x');
        await settle();
        orgButtons(el)[1]!.click();
        await waitFor(() => changes.details.length === 2);
        expect(changes.details[1]).to.deep.equal({ organizationId: 'org-2', url: '/' });
      } finally {
        history.replaceState(null, '', before);
      }
    });

    it('navigates itself when the host does not take over', async () => {
      changes.stop();
      changes = captureEvents<OrgChange>('yx-org-change', { cancel: false });
      const before = location.href;
      try {
        const api = await mockApi([...pageRoutes(page(orgs)), switchOk]);
        const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'next-url': '#/switched' });
        await showList(el, 2);
        orgButtons(el)[1]!.click();
        await waitFor(() => location.hash === '#/switched', { message: 'the new address' });
        expect(changes.details).to.deep.equal([{ organizationId: 'org-2', url: '#/switched' }]);
      } finally {
        history.replaceState(null, '', before);
      }
    });

    it('keeps every organization where it was after a refused switch, so clicking again retries the same one', async () => {
      const five = [org(1, { name: 'Acme', current: true }), ...orgRange(2, 5)];
      const api = await mockApi([
        ...pageRoutes(page(five)),
        switchRefused(403, 'ip_restricted', 'Access from your IP address is restricted'),
      ]);
      const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
      await showList(el, 5);
      const tops = () => orgButtons(el).map((b) => b.getBoundingClientRect().top);
      const before = tops();
      const clicked = orgButtons(el)[1]!;
      const box = clicked.getBoundingClientRect();
      clicked.click();
      const alert = (await waitFor(() => $(el, '[part="switch-error"]'), { message: 'the failure' }))!;
      await settle();
      expect(tops().slice(1), 'the clicked row and the rows below it').to.deep.equal(before.slice(1));
      expect(tops(), 'every row').to.deep.equal(before);
      // The natural retry, a click on the same spot, lands on the same organization.
      const hit = el.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      expect(hit?.closest('[part~="org"]')).to.equal(orgButtons(el)[1]);
      // The refused row is marked and described by the message, which is announced.
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.equal(
        'Failed to switch the organization: Access from your IP address is restricted',
      );
      expect(orgButtons(el)[1]!.getAttribute('aria-describedby')).to.equal(alert.id);
      expect(orgButtons(el)[1]!.hasAttribute('data-failed')).to.equal(true);
      expect(orgButtons(el).filter((b) => b.hasAttribute('aria-describedby'))).to.have.length(1);
    });

    const REFUSALS: Array<[string, string, string, string, string]> = [
      [
        'ip_restricted',
        'standard',
        'en_US',
        'IP 10.0.0.1 blocked',
        'Failed to switch the organization: Access from your IP address is restricted',
      ],
      [
        'order_expired',
        'standard',
        'en_US',
        'expired',
        'Failed to switch the organization: The organization’s order or service has expired',
      ],
      [
        'ram_user_forbidden',
        'global',
        'en_US',
        'no',
        'Failed to switch the organization: Only RAM users of the organization purchaser’s cloud account are supported. The current RAM user has no data access permission. Please switch account.',
      ],
      ['ip_restricted', 'standard', 'zh_CN', 'blocked', '切换企业失败：当前 IP 地址受限，无法访问'],
      [
        'not_member',
        'standard',
        'en_US',
        'You are not a member of Beta',
        'Failed to switch the organization: You are not a member of Beta',
      ],
    ];
    for (const [code, flavour, locale, serverMessage, shown] of REFUSALS) {
      it(`keeps the list and says why when refused with ${code} (${flavour}, ${locale})`, async () => {
        const api = await mockApi([...pageRoutes(page(orgs)), switchRefused(403, code, serverMessage)]);
        const el = await mountElement('yx-org-switcher', { host: api.host, locale, flavour });
        await showList(el, 2);
        orgButtons(el)[1]!.click();
        const alert = (await waitFor(() => $(el, '[part="switch-error"]'), { message: 'the failure' }))!;
        expect(alert.getAttribute('role')).to.equal('alert');
        expect(alert.textContent).to.equal(shown);
        expect(orgButtons(el)).to.have.length(2);
        expect(changes.details).to.deep.equal([]);
        expect(orgButtons(el)[1]!.getAttribute('aria-busy')).to.equal(null);
      });
    }
  });
});
