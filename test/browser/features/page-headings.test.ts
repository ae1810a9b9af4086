import { expect } from '@open-wc/testing';
import axe from 'axe-core';
import '../../../elements/yx-message-centre';
import '../../../elements/yx-org-switcher';
import '../../../elements/yx-app-entry';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { COUNT, LIST, counts, message, page as messagePage, useCentreTestPage } from './notifications-fixtures';
import { ORGS_PATH, orgRange, page as orgPage } from './org-switcher-fixtures';

// The standalone page shows #/users/notifications and #/users/switch/organization with
// heading-level="1" (demo/app.ts): the element's title is then the page's h1 (axe
// `page-has-heading-one`). Embedded, it stays an h2 under the host page's own h1.

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const h1s = (el: Element) => [...el.shadowRoot!.querySelectorAll('h1')].map((h) => h.textContent);
const title = (el: Element) => $(el, '[part="title"], [part="org-name"]')!;

async function pageHeadingCheck() {
  // axe's page-level check (best practice), on this test page holding only what the test put in.
  const check = await axe.run(document, { runOnly: { type: 'rule', values: ['page-has-heading-one'] } });
  return { violations: check.violations.map((v) => v.id), passes: check.passes.map((v) => v.id) };
}

/** Puts a host page's own h1 before the element, as an app embedding it has. */
function hostHeading() {
  const h1 = document.createElement('h1');
  h1.textContent = 'Acme DevOps';
  document.body.append(h1);
}

const CASES = [
  {
    tag: 'yx-message-centre',
    titles: { en_US: 'Message Center', zh_CN: '消息中心' },
    routes: () => [
      { method: 'POST', path: LIST, body: messagePage([message('1', { title: 'First' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ],
    ready: '[part~="message"]',
  },
  {
    tag: 'yx-org-switcher',
    titles: { en_US: 'Switch Organization', zh_CN: '切换企业' },
    routes: () => [{ method: 'POST', path: ORGS_PATH, body: orgPage(orgRange(1, 3)) }],
    ready: '[part="org-switcher"][data-status="ready"]',
  },
  {
    tag: 'yx-app-entry',
    // Its heading is the organization's name.
    titles: { en_US: 'Acme Rockets', zh_CN: 'Acme Rockets' },
    attributes: { 'organization-id': 'org-42' },
    routes: () => [
      {
        method: 'GET',
        path: '/uiless/api/organizations/org-42',
        body: { result: { _id: 'org-42', name: 'Acme Rockets', logo: '' } },
      },
      { method: 'GET', path: '/uiless/api/my/apps', body: { apps: [{ identity: 'codeup' }] } },
    ],
    ready: '[part="org-name"]',
  },
] as const;

describe('page headings of the elements that are also pages', () => {
  // The message centre's fake EventSource and background frames; harmless for the switcher.
  useCentreTestPage();

  for (const testCase of CASES) {
    const { tag, titles, routes, ready } = testCase;
    const attributes: Record<string, string> = 'attributes' in testCase ? testCase.attributes : {};
    describe(`<${tag}>`, () => {
      for (const locale of ['en_US', 'zh_CN'] as const) {
        it(`gives its page one h1, its title, with heading-level="1" (${locale})`, async () => {
          const api = await mockApi([...routes()]);
          const el = await mountElement(tag, { host: api.host, locale, ...attributes, 'heading-level': '1' });
          await waitFor(() => $(el, ready), { message: 'the element, ready' });
          expect(h1s(el)).to.deep.equal([titles[locale]]);
          expect(title(el).localName).to.equal('h1');
          expect(await pageHeadingCheck()).to.deep.equal({ violations: [], passes: ['page-has-heading-one'] });
        });
      }

      it("keeps an h2 title under the host page's own h1 when embedded", async () => {
        hostHeading();
        const api = await mockApi([...routes()]);
        const el = await mountElement(tag, { host: api.host, locale: 'en_US', ...attributes });
        await waitFor(() => $(el, ready), { message: 'the element, ready' });
        expect(title(el).localName).to.equal('h2');
        expect(title(el).textContent).to.equal(titles.en_US);
        expect(h1s(el), 'no h1 of its own').to.deep.equal([]);
        expect(document.querySelectorAll('h1'), "only the host's h1").to.have.length(1);
        expect(await pageHeadingCheck()).to.deep.equal({ violations: [], passes: ['page-has-heading-one'] });
      });
    });
  }

  describe('<yx-message-centre> message headings', () => {
    for (const level of ['1', '2', '4', '6'] as const) {
      it(`puts each message's heading one level below the title (heading-level="${level}")`, async () => {
        const api = await mockApi([
          { method: 'POST', path: LIST, body: messagePage([message('1', { title: 'First' })]) },
          { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
        ]);
        const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US', 'heading-level': level });
        await waitFor(() => $(el, '[part~="message"]'), { message: 'a message' });
        const heading = $(el, '[part="message-title"]')!.parentElement!;
        expect(heading.localName).to.equal(`h${Math.min(Number(level) + 1, 6)}`);
        // axe's heading-order, inside the element's shadow root.
        const check = await axe.run(el.shadowRoot as unknown as Element, {
          runOnly: { type: 'rule', values: ['heading-order'] },
        });
        expect(check.violations.map((v) => v.id)).to.deep.equal([]);
      });
    }
  });
});
