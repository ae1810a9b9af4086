/**
 * A key's fingerprint in the list (`SHA256:` and 43 base64 characters) stays on one line: cut with
 * an ellipsis where the column is too narrow (a 320 px phone, where the table still scrolls in its
 * own region), whole where there is room: from an element about 1,000 px wide, as the settings
 * page gives it on a 1280 px screen. The whole value stays in the title, in the accessibility
 * tree and in what a click selects for copying.
 */
import { expect } from '@open-wc/testing';
import { sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-ssh-keys';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { KEYS, daysFromNow, listRoute, sshKey } from './ssh-keys-fixtures';
import type { SshKeyRow } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

/** How many lines a node's text takes: the distinct tops of its line boxes. */
function lineCount(node: Node): number {
  const range = document.createRange();
  range.selectNodeContents(node);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size;
}

const keys = [
  sshKey(1, { title: 'work-laptop-ed25519' }),
  sshKey(2, { title: 'build', key: KEYS.rsa3072.line, fingerprint: KEYS.rsa3072.fingerprint }),
];
const FULL = [KEYS.ed25519.fingerprint, KEYS.rsa3072.fingerprint];

/** The list in `locale`; with `width`, the element is that wide (as in a page's content column). */
async function mountList(locale: string, { rows = keys, width }: { rows?: SshKeyRow[]; width?: number } = {}) {
  const api = await mockApi([listRoute(rows)]);
  const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
  if (width) Object.assign(el.style, { display: 'block', width: `${width}px` });
  await waitFor(() => $$(el, 'tr[part="table-row"]').length === 2, { message: 'the rows' });
  await settle();
  return el;
}

/** Each fingerprint is one line whose text and title are the whole value. */
function expectWholeOnOneLine(el: Element): HTMLElement[] {
  const fingerprints = $$(el, '[part="fingerprint"]');
  expect(fingerprints.map((f) => f.textContent)).to.deep.equal(FULL);
  expect(
    fingerprints.map((f) => f.title),
    'the title holds the whole value',
  ).to.deep.equal(FULL);
  for (const fingerprint of fingerprints) {
    expect(lineCount(fingerprint), `${fingerprint.textContent} on one line`).to.equal(1);
  }
  return fingerprints;
}

describe('<yx-ssh-keys> fingerprints in the list', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given a 320 px wide phone', () => {
    before(() => setViewport({ width: 320, height: 700 }));
    after(() => setViewport({ width: 800, height: 600 }));

    for (const locale of ['en_US', 'zh_CN']) {
      it(`shows each fingerprint on one line, cut with an ellipsis, in a table that scrolls in its own box (${locale})`, async () => {
        const el = await mountList(locale);
        for (const fingerprint of expectWholeOnOneLine(el)) {
          expect(fingerprint.scrollWidth, 'cut: wider than its box').to.be.greaterThan(fingerprint.clientWidth);
          expect(getComputedStyle(fingerprint).textOverflow).to.equal('ellipsis');
          // Still a readable stretch of it, not a letter or two.
          expect(fingerprint.clientWidth, 'visible width').to.be.at.least(150);
        }
        const root = document.documentElement;
        expect(root.scrollWidth, 'no sideways page scroll').to.be.at.most(root.clientWidth);
        const wrap = $(el, '.yx-table-wrap')!;
        expect(wrap.scrollWidth, 'the table scrolls in its box').to.be.greaterThan(wrap.clientWidth);
        await waitFor(() => wrap.getAttribute('role') === 'region', { message: 'a scrollable region' });
        expect(wrap.tabIndex, 'reachable by keyboard').to.equal(0);
        await expectNoAxeViolations(el.shadowRoot!);
      });
    }

    it('gives screen readers the whole fingerprint, not a shortened copy', async () => {
      const el = await mountList('en_US');
      for (const fingerprint of expectWholeOnOneLine(el)) {
        // The ellipsis is drawn, not written: the text node itself holds all 50 characters, and
        // nothing hides it or names the cell otherwise.
        expect(fingerprint.childNodes).to.have.length(1);
        expect(fingerprint.firstChild!.nodeType).to.equal(Node.TEXT_NODE);
        expect(fingerprint.closest('[aria-hidden="true"]'), 'not hidden from screen readers').to.equal(null);
        expect(fingerprint.hasAttribute('aria-label')).to.equal(false);
        expect(fingerprint.checkVisibility({ visibilityProperty: true }), 'rendered').to.equal(true);
        const cell = fingerprint.closest('td')!;
        expect(cell.textContent, 'the cell reads the whole value').to.equal(fingerprint.title);
      }
    });

    it('selects the whole fingerprint for copying when the user clicks it', async () => {
      const el = await mountList('en_US');
      const [fingerprint] = expectWholeOnOneLine(el);
      const box = fingerprint!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + 20), Math.round(box.top + box.height / 2)] });
      await settle();
      expect(document.getSelection()!.toString()).to.equal(KEYS.ed25519.fingerprint);
      document.getSelection()!.removeAllRanges();
    });
  });

  describe('given a desktop screen', () => {
    before(() => setViewport({ width: 1280, height: 800 }));
    after(() => setViewport({ width: 800, height: 600 }));

    it('shows each whole fingerprint on one line, without an ellipsis', async () => {
      const el = await mountList('en_US');
      for (const fingerprint of expectWholeOnOneLine(el)) {
        expect(fingerprint.scrollWidth, 'not cut').to.be.at.most(fingerprint.clientWidth);
      }
      const wrap = $(el, '.yx-table-wrap')!;
      expect(wrap.scrollWidth, 'the table fits').to.be.at.most(wrap.clientWidth);
      expect(wrap.hasAttribute('role'), 'no scroll region needed').to.equal(false);
    });

    // <yx-settings> on a 1280 px screen leaves its sections about 1,000 px. The other columns
    // give way first: names, 'Never expires', the last column's title and the scope wrap.
    const busy = [
      sshKey(1, { title: 'work-laptop-ed25519', last_used_at: daysFromNow(-2) }),
      sshKey(2, {
        title: 'build',
        key: KEYS.rsa3072.line,
        fingerprint: KEYS.rsa3072.fingerprint,
        expires_at: daysFromNow(30),
        last_used_at: daysFromNow(-400),
      }),
    ];
    for (const locale of ['en_US', 'zh_CN']) {
      it(`shows each whole fingerprint in a 1,000 px wide element, and the table fits (${locale})`, async () => {
        const el = await mountList(locale, { rows: busy, width: 1000 });
        expect(el.getBoundingClientRect().width).to.equal(1000);
        for (const fingerprint of expectWholeOnOneLine(el)) {
          expect(fingerprint.scrollWidth, 'not cut').to.be.at.most(fingerprint.clientWidth);
        }
        const wrap = $(el, '.yx-table-wrap')!;
        expect(wrap.scrollWidth, 'the table fits').to.be.at.most(wrap.clientWidth);
        for (const date of $$(el, '[part="expiry"] > span:first-child')) {
          if (/\d/.test(date.textContent!)) expect(lineCount(date), `${date.textContent} on one line`).to.equal(1);
        }
      });
    }
  });
});
