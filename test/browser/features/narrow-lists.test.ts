/**
 * The token and SSH key lists on a 320 px wide phone (WCAG 1.4.10 reflow): no sideways page scroll,
 * each row a card, the one-time token value readable, dates on one line, the fingerprint at most two
 * lines.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-ssh-keys';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { SEARCH, TOKENS, daysFromNow, page, scopeRoutes, token } from './tokens-fixtures';
import { KEYS, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

/** How many lines a node's text takes: the distinct tops of its line boxes. */
function lineCount(node: Node): number {
  const range = document.createRange();
  range.selectNodeContents(node);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size;
}

/** Neither the page nor the list scrolls sideways. */
function expectNoSidewaysScroll(list: HTMLElement) {
  const root = document.documentElement;
  expect(root.scrollWidth, 'page scroll width').to.be.at.most(root.clientWidth);
  expect(list.scrollWidth, 'list scroll width').to.be.at.most(list.clientWidth);
}

/** The rows show as cards (narrow-cards.test.ts has the details): the table no longer scrolls
 * sideways in its own box, so it is no scroll region either. */
function expectCards(el: Element) {
  const wrap = $(el, '.yx-table-wrap')!;
  expect(wrap.scrollWidth, 'the table fits its box').to.be.at.most(wrap.clientWidth);
  expect(wrap.hasAttribute('role'), 'no scroll region').to.equal(false);
  for (const row of $$(el, 'tr[part="table-row"]')) expect(getComputedStyle(row).display, 'a card').to.equal('block');
}

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await settle();
}

describe('lists on a 320 px wide screen', () => {
  before(() => setViewport({ width: 320, height: 700 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`shows a new token's value readable and the token dates on one line (${locale})`, async () => {
      const api = await mockApi([
        ...scopeRoutes,
        {
          method: 'POST',
          path: SEARCH,
          body: page([
            token('new1', { name: 'release-pipeline-deploy-token', description: 'Deploys from CI' }),
            token('t2', { name: 'soon', expires_at: daysFromNow(3), last_used_at: daysFromNow(-1) }),
          ]),
        },
        { method: 'POST', path: SEARCH, body: page([]), times: 1 },
        { method: 'POST', path: TOKENS, body: { token: 'pt-7f3a9c2e1b5d4a8f9e0c6b2a1d3f5e7c', token_id: 'new1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale });
      await waitFor(() => $(el, '[part="result"]'));
      $(el, '[part="result"] [part~="create-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
      ($(el, 'input[name="name"]') as HTMLInputElement).focus();
      await sendKeys({ type: 'release-pipeline-deploy-token' });
      (el.shadowRoot!.querySelector('input[type="radio"][value="7"]') as HTMLInputElement).click();
      $(el, 'li[data-key="codeup"]')!.click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => $(el, 'tr [part="secret"]'), { message: 'the value in its row' });
      await waitFor(() => !$(el, '[part~="drawer"]'));
      await stillFrame(el);

      expectNoSidewaysScroll($(el, '[part="token-list"]')!);
      expectCards(el);
      const value = $(el, '[part="secret-value"]')!.getBoundingClientRect();
      expect(value.width, 'token value width').to.be.at.least(200);
      expect(value.left, 'token value start').to.be.at.least(0);
      expect(value.right, 'token value end').to.be.at.most(document.documentElement.clientWidth);
      const copy = $(el, '[part~="copy-button"]')!.getBoundingClientRect();
      expect(copy.right, 'Copy button end').to.be.at.most(document.documentElement.clientWidth);
      const dates = [...$$(el, 'td[data-column="created"]'), ...$$(el, '.yx-tokens-expiry > span:first-child')];
      expect(dates).to.have.length(4);
      for (const date of dates) expect(lineCount(date), `"${date.textContent}" on one line`).to.equal(1);
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lists SSH keys without sideways page scroll (${locale})`, async () => {
      const api = await mockApi([
        listRoute([
          sshKey(1, { title: 'work-laptop-ed25519', expires_at: daysFromNow(30), last_used_at: daysFromNow(-2) }),
          sshKey(2, { title: 'build', key: KEYS.rsa3072.line, fingerprint: KEYS.rsa3072.fingerprint }),
        ]),
      ]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => $(el, 'tr[part="table-row"]'), { message: 'the rows' });
      await settle();

      expectNoSidewaysScroll($(el, '[part="ssh-key-list"]')!);
      expectCards(el);
      const fingerprints = $$(el, '[part="fingerprint"]');
      expect(fingerprints).to.have.length(2);
      for (const fingerprint of fingerprints) {
        expect(lineCount(fingerprint), 'fingerprint lines').to.be.within(1, 2);
        expect(fingerprint.textContent, 'the whole fingerprint').to.match(/^SHA256:[\w+/]{43}$/);
      }
      // Dates never break inside ('Never expires' may, leaving the fingerprint room).
      const dates = [...$$(el, 'td[data-column="created"]'), ...$$(el, '[part="expiry"] > span:first-child')].filter(
        (date) => /\d/.test(date.textContent!),
      );
      expect(dates).to.have.length(3);
      for (const date of dates) expect(lineCount(date), `"${date.textContent}" on one line`).to.equal(1);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
