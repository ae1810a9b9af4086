/**
 * The token and SSH key lists in a narrow element (a phone, or a narrow column of a wide page):
 * each row is a card, its cells stacked under their column's titles, nothing scrolls sideways and
 * Edit / Delete are in view. What counts is the element's width, not the viewport's. Screen readers
 * still get a table. Wide, the tables are as they were.
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

const LONG_NAME = 'release-pipeline-deploy-token-for-the-production-cluster';
const LONG_ZH = '生产环境发布流水线部署令牌仅供持续集成使用请勿删除';

const tokens = [
  token('t1', { name: LONG_NAME, description: 'Deploys from CI' }),
  token('t2', { name: LONG_ZH, expires_at: daysFromNow(3), last_used_at: daysFromNow(-1) }),
  token('t3', { name: 'old', expires_at: daysFromNow(-3), expired: true }),
];
const keys = [
  sshKey(1, { title: 'work-laptop-ed25519-of-the-build-machine-room', last_used_at: daysFromNow(-2) }),
  sshKey(2, {
    title: LONG_ZH,
    key: KEYS.rsa3072.line,
    fingerprint: KEYS.rsa3072.fingerprint,
    expires_at: daysFromNow(-2),
    expired: true,
  }),
];

/** How many lines a node's text takes: the distinct tops of its line boxes. */
function lineCount(node: Node): number {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}

/** `inner` lies wholly inside `outer` (to the half pixel). */
function expectInside(inner: Element, outer: DOMRect, what: string) {
  const r = inner.getBoundingClientRect();
  expect(r.width, `${what} drawn`).to.be.greaterThan(0);
  expect(r.left, `${what} start`).to.be.at.least(outer.left - 0.5);
  expect(r.right, `${what} end`).to.be.at.most(outer.right + 0.5);
}

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await settle();
}

/** Mounts the element; with `width`, it is that wide whatever the viewport. */
async function mountTokens(locale: string, width?: number) {
  const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: page(tokens) }]);
  const el = await mountElement('yx-token-manager', { host: api.host, locale });
  if (width) Object.assign(el.style, { display: 'block', width: `${width}px` });
  await waitFor(() => $$(el, 'tr[part="table-row"]').length === tokens.length, { message: 'the rows' });
  await settle();
  return el;
}

async function mountKeys(locale: string, width?: number) {
  const api = await mockApi([listRoute(keys)]);
  const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
  if (width) Object.assign(el.style, { display: 'block', width: `${width}px` });
  await waitFor(() => $$(el, 'tr[part="table-row"]').length === keys.length, { message: 'the rows' });
  await settle();
  return el;
}

/** Each row a card inside the element: cells stacked, each labelled with its column's title, the
 * actions in view; nothing scrolls sideways; still a table for screen readers. */
function expectCards(el: Element) {
  const box = el.getBoundingClientRect();
  const view = new DOMRect(0, 0, document.documentElement.clientWidth, innerHeight);
  const wrap = $(el, '.yx-table-wrap')!;
  expect(wrap.scrollWidth, 'nothing scrolls sideways in the list').to.be.at.most(wrap.clientWidth);
  expect(wrap.hasAttribute('role'), 'no scroll region').to.equal(false);
  const root = document.documentElement;
  expect(root.scrollWidth, 'nor the page').to.be.at.most(root.clientWidth);

  const titles = $$(el, 'th').map((th) => th.textContent);
  const head = $(el, 'thead')!.getBoundingClientRect();
  expect([head.width, head.height], 'the header row is out of sight').to.deep.equal([1, 1]);
  const roles = $$(el, 'th').map((th) => th.getAttribute('role'));
  expect(roles, 'still column headers').to.deep.equal(titles.map(() => 'columnheader'));
  expect($(el, 'table')!.getAttribute('role'), 'still a table').to.equal('table');

  for (const row of $$(el, 'tr[part="table-row"]')) {
    expect(row.getAttribute('role')).to.equal('row');
    expect(getComputedStyle(row).display, 'a card').to.equal('block');
    const card = row.getBoundingClientRect();
    expect(card.left).to.be.at.least(box.left - 0.5);
    expect(card.right).to.be.at.most(box.right + 0.5);
    const cells = [...row.querySelectorAll<HTMLElement>('td')];
    expect(
      cells.map((td) => td.dataset.label),
      'each cell labelled with its column title',
    ).to.deep.equal(titles);
    let bottom = -Infinity;
    for (const td of cells) {
      const r = td.getBoundingClientRect();
      expect(td.getAttribute('role')).to.equal('cell');
      expect(r.top, `"${td.dataset.label}" under the cell before it`).to.be.at.least(bottom - 0.5);
      bottom = r.bottom;
      expectInside(td, card, `the "${td.dataset.label}" cell`);
      expect(td.scrollWidth, `nothing of "${td.dataset.label}" cut`).to.be.at.most(td.clientWidth);
      const label = getComputedStyle(td, '::before');
      expect([label.display, label.content === 'none'], `"${td.dataset.label}" shown`).to.deep.equal(['block', false]);
    }
    for (const button of row.querySelectorAll('[part~="edit-button"], [part~="delete-button"]')) {
      expectInside(button, card, button.textContent!);
      expectInside(button, view, `${button.textContent} on screen`);
    }
    for (const badge of row.querySelectorAll('[part="badge"]')) expectInside(badge, card, badge.textContent!);
  }
}

describe('lists in a narrow element show each row as a card', () => {
  afterEach(async () => {
    document.body.innerHTML = '';
    await setViewport({ width: 800, height: 600 });
  });

  for (const locale of ['en_US', 'zh_CN']) {
    for (const width of [320, 390, 600]) {
      it(`shows each token as a card in a ${width} px wide element on a wide screen (${locale})`, async () => {
        await setViewport({ width: 1280, height: 800 });
        const el = await mountTokens(locale, width);
        expectCards(el);
        const names = $$(el, '[part="token-name"]').map((n) => n.textContent);
        expect(names).to.deep.equal([LONG_NAME, LONG_ZH, 'old']);
        expect($$(el, '[part="badge"]').map((b) => b.closest('tr')!.rowIndex)).to.deep.equal([2, 3]);
        // The 'never used' dash, shown in its card.
        const never = $$(el, 'td[data-column="lastUsed"] > [aria-hidden="true"]');
        expect(never.map((n) => n.textContent)).to.deep.equal(['—', '—']);
        for (const dash of never) expectInside(dash, dash.closest('tr')!.getBoundingClientRect(), 'the dash');
        await stillFrame(el);
        await expectNoAxeViolations(el.shadowRoot!);
      });

      it(`shows each SSH key as a card, its fingerprint whole, in a ${width} px wide element (${locale})`, async () => {
        await setViewport({ width: 1280, height: 800 });
        const el = await mountKeys(locale, width);
        expectCards(el);
        const fingerprints = $$(el, '[part="fingerprint"]');
        expect(fingerprints.map((f) => f.textContent)).to.deep.equal([
          KEYS.ed25519.fingerprint,
          KEYS.rsa3072.fingerprint,
        ]);
        for (const fingerprint of fingerprints) {
          expect(lineCount(fingerprint), 'fingerprint lines').to.be.within(1, width >= 600 ? 1 : 2);
          expect(fingerprint.scrollWidth, 'nothing cut').to.be.at.most(fingerprint.clientWidth);
        }
        expect($$(el, '[part="badge"]')).to.have.length(1);
        expect($$(el, '[part="last-used"][data-state="never"]').map((n) => n.textContent)).to.have.length(1);
        await expectNoAxeViolations(el.shadowRoot!);
      });
    }

    it(`shows both lists as cards on a 390 px phone (${locale})`, async () => {
      await setViewport({ width: 390, height: 844 });
      expectCards(await mountTokens(locale));
      document.body.innerHTML = '';
      expectCards(await mountKeys(locale));
    });

    it(`shows a new token's value and Copy button inside its card (${locale})`, async () => {
      await setViewport({ width: 390, height: 844 });
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('new1', { name: LONG_NAME }), tokens[1]!]) },
        { method: 'POST', path: SEARCH, body: page([]), times: 1 },
        { method: 'POST', path: TOKENS, body: { token: 'pt-7f3a9c2e1b5d4a8f9e0c6b2a1d3f5e7c', token_id: 'new1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale });
      await waitFor(() => $(el, '[part="result"]'));
      $(el, '[part="result"] [part~="create-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
      ($(el, 'input[name="name"]') as HTMLInputElement).focus();
      await sendKeys({ type: LONG_NAME });
      $(el, 'li[data-key="codeup"]')!.click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => $(el, 'tr [part="secret"]'), { message: 'the value in its row' });
      await waitFor(() => !$(el, '[part~="drawer"]'));
      await stillFrame(el);

      expectCards(el);
      const card = $(el, '[part="secret"]')!.closest('tr')!.getBoundingClientRect();
      const value = $(el, '[part="secret-value"]')!;
      expectInside(value, card, 'the token value');
      expect(value.getBoundingClientRect().width, 'the value readable').to.be.at.least(250);
      expectInside($(el, '[part~="copy-button"]')!, card, 'Copy');
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});

describe('lists with room keep their tables', () => {
  afterEach(async () => {
    document.body.innerHTML = '';
    await setViewport({ width: 800, height: 600 });
  });

  /** A plain table: a header row on screen, rows and cells as tables draw them, no labels. */
  function expectTable(el: Element) {
    const wrap = $(el, '.yx-table-wrap')!;
    expect(wrap.scrollWidth, 'the table fits').to.be.at.most(wrap.clientWidth);
    for (const th of $$(el, 'th')) expect(th.getBoundingClientRect().width, 'headers on screen').to.be.greaterThan(20);
    for (const row of $$(el, 'tr[part="table-row"]')) {
      expect(getComputedStyle(row).display).to.equal('table-row');
      const tops = new Set<number>();
      for (const td of row.querySelectorAll('td')) {
        expect(getComputedStyle(td).display).to.equal('table-cell');
        expect(getComputedStyle(td, '::before').content, 'no label').to.equal('none');
        tops.add(Math.round(td.getBoundingClientRect().top));
      }
      expect(tops.size, 'cells side by side').to.equal(1);
    }
  }

  for (const locale of ['en_US', 'zh_CN']) {
    it(`shows the tokens in a table on a 1280 px screen and in an 800 px element (${locale})`, async () => {
      await setViewport({ width: 1280, height: 800 });
      expectTable(await mountTokens(locale));
      document.body.innerHTML = '';
      expectTable(await mountTokens(locale, 800));
    });

    it(`shows the SSH keys in a table on a 1280 px screen and in a 900 px element (${locale})`, async () => {
      await setViewport({ width: 1280, height: 800 });
      expectTable(await mountKeys(locale));
      document.body.innerHTML = '';
      expectTable(await mountKeys(locale, 900));
    });
  }
});
