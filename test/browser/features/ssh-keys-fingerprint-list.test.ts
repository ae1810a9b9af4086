/**
 * A key's fingerprint in the list (`SHA256:` and 43 base64 characters) is always shown whole, so
 * no one needs a mouse to read it: on one line where the column has room (from an element about
 * 1,000 px wide), else in two lines of even length (a 320 px phone, where each key is a card; the
 * settings page on a 1280 px screen). A click selects the whole value for copying.
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

/** The text of each line a node's text takes, top to bottom. */
function linesOf(node: Node): string[] {
  const text = node.textContent ?? '';
  const range = document.createRange();
  const lines = new Map<number, string>();
  for (let i = 0; i < text.length; i++) {
    range.setStart(node.firstChild!, i);
    range.setEnd(node.firstChild!, i + 1);
    const top = Math.round(range.getBoundingClientRect().top);
    lines.set(top, (lines.get(top) ?? '') + text[i]);
  }
  return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
}

const keys = [
  sshKey(1, { title: 'work-laptop-ed25519', last_used_at: daysFromNow(-2) }),
  sshKey(2, {
    title: 'build',
    key: KEYS.rsa3072.line,
    fingerprint: KEYS.rsa3072.fingerprint,
    expires_at: daysFromNow(30),
    last_used_at: daysFromNow(-400),
  }),
];
const FULL = [KEYS.ed25519.fingerprint, KEYS.rsa3072.fingerprint];

/** The list in `locale`; with `width`, the element is that wide (as in a page's content column). */
async function mountList(locale: string, { rows = keys, width }: { rows?: SshKeyRow[]; width?: number } = {}) {
  const api = await mockApi([listRoute(rows)]);
  const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
  if (width) Object.assign(el.style, { display: 'block', width: `${width}px` });
  await waitFor(() => $$(el, 'tr[part="table-row"]').length === rows.length, { message: 'the rows' });
  await settle();
  return el;
}

/** Each fingerprint is shown whole, nothing cut or hidden, in `lines` lines of even length;
 * returns them. */
function expectWhole(el: Element, lines: number): HTMLElement[] {
  const fingerprints = $$(el, '[part="fingerprint"]');
  expect(fingerprints.map((f) => f.textContent)).to.deep.equal(FULL);
  for (const fingerprint of fingerprints) {
    expect(fingerprint.scrollWidth, 'nothing cut').to.be.at.most(fingerprint.clientWidth);
    const cell = fingerprint.closest('td')!;
    expect(cell.scrollWidth, 'nothing outside the cell').to.be.at.most(cell.clientWidth);
    const shown = linesOf(fingerprint);
    expect(shown.join(''), 'the lines make up the value').to.equal(fingerprint.textContent);
    expect(shown, `${fingerprint.textContent} in ${lines} line(s)`).to.have.length(lines);
    const lengths = shown.map((line) => line.length);
    expect(Math.max(...lengths) - Math.min(...lengths), `even lines: ${shown.join(' | ')}`).to.be.at.most(2);
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
      it(`shows each whole fingerprint in two even lines, in its key's card (${locale})`, async () => {
        const el = await mountList(locale);
        expectWhole(el, 2);
        const root = document.documentElement;
        expect(root.scrollWidth, 'no sideways page scroll').to.be.at.most(root.clientWidth);
        const wrap = $(el, '.yx-table-wrap')!;
        expect(wrap.scrollWidth, 'nothing scrolls sideways in the list').to.be.at.most(wrap.clientWidth);
        for (const row of $$(el, 'tr[part="table-row"]')) expect(getComputedStyle(row).display).to.equal('block');
        await expectNoAxeViolations(el.shadowRoot!);
      });
    }

    it('gives screen readers the fingerprint as one text', async () => {
      const el = await mountList('en_US');
      for (const fingerprint of expectWhole(el, 2)) {
        expect(fingerprint.childNodes).to.have.length(1);
        expect(fingerprint.firstChild!.nodeType).to.equal(Node.TEXT_NODE);
        expect(fingerprint.closest('[aria-hidden="true"]'), 'not hidden from screen readers').to.equal(null);
        expect(fingerprint.hasAttribute('aria-label')).to.equal(false);
        expect(fingerprint.closest('td')!.textContent, 'the cell reads the whole value').to.equal(
          fingerprint.textContent,
        );
      }
    });

    it('selects the whole fingerprint for copying when the user clicks it', async () => {
      const el = await mountList('en_US');
      const [fingerprint] = expectWhole(el, 2);
      const box = fingerprint!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + 20), Math.round(box.top + 4)] });
      await settle();
      expect(document.getSelection()!.toString()).to.equal(KEYS.ed25519.fingerprint);
      document.getSelection()!.removeAllRanges();
    });
  });

  describe('given a desktop screen', () => {
    before(() => setViewport({ width: 1280, height: 800 }));
    after(() => setViewport({ width: 800, height: 600 }));

    it('shows each whole fingerprint on one line', async () => {
      const el = await mountList('en_US');
      expectWhole(el, 1);
      const wrap = $(el, '.yx-table-wrap')!;
      expect(wrap.scrollWidth, 'the table fits').to.be.at.most(wrap.clientWidth);
      expect(wrap.hasAttribute('role'), 'no scroll region needed').to.equal(false);
    });

    // The other columns give way first: the name, 'Never expires', the last column's title and
    // the scope wrap; dates do not.
    for (const locale of ['en_US', 'zh_CN']) {
      it(`shows each whole fingerprint on one line in a 1,000 px wide element, and the table fits (${locale})`, async () => {
        const el = await mountList(locale, { width: 1000 });
        expect(el.getBoundingClientRect().width).to.equal(1000);
        expectWhole(el, 1);
        const wrap = $(el, '.yx-table-wrap')!;
        expect(wrap.scrollWidth, 'the table fits').to.be.at.most(wrap.clientWidth);
        for (const date of $$(el, 'td[data-column="created"], [part="expiry"] > span:first-child')) {
          if (/\d/.test(date.textContent!))
            expect(linesOf(date.firstChild!.parentNode!), date.textContent!).to.have.length(1);
        }
      });
    }

    it('shows each whole fingerprint in two even lines where the settings page leaves 900 px', async () => {
      const el = await mountList('en_US', { width: 900 });
      expectWhole(el, 2);
      const wrap = $(el, '.yx-table-wrap')!;
      expect(wrap.scrollWidth, 'the table fits').to.be.at.most(wrap.clientWidth);
    });
  });
});
