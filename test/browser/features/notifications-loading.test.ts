/**
 * What `<yx-message-centre>` downloads, and when (issue 12): its first screen needs neither the
 * list's code nor DOMPurify; the list's code is fetched while the first page of messages is on
 * its way, and DOMPurify only once a message with markup is there. The test runner serves every
 * module as its own file, so the Resource Timing entries name what was fetched. The first test
 * must stay first: a module once loaded stays loaded for the rest of the file.
 */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { COUNT, LIST, READ_ONE, counts, message, page, useCentreTestPage } from './notifications-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const rows = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="message"]')];
const row = (el: Element, id: string) => $(el, `[part="message"][data-id="${id}"]`)!;

// The runner loads hundreds of modules; room for the entries this file reads.
performance.setResourceTimingBufferSize(5000);
const resources = () => performance.getEntriesByType('resource') as PerformanceResourceTiming[];
const fetched = (pattern: RegExp) => resources().filter((entry) => pattern.test(new URL(entry.name).pathname));
const LIST_CODE = /\/notifications\/MessageList\.tsx$/;
const VIRTUALIZER = /\/@tanstack\/(react-virtual|virtual-core)\//;
const SANITIZER = /\/dompurify\/|\/notifications\/sanitize\.ts$/;

describe('<yx-message-centre> loading', () => {
  useCentreTestPage();

  it('shows its frame before the list code and the messages arrive, and fetches both at once', async () => {
    expect(fetched(LIST_CODE), 'the list is not part of the element module').to.deep.equal([]);
    expect(fetched(VIRTUALIZER), 'nor react-virtual').to.deep.equal([]);
    expect(fetched(SANITIZER), 'nor DOMPurify').to.deep.equal([]);

    const api = await mockApi([
      // Slow enough that the list's code would arrive first if it were fetched in parallel.
      {
        method: 'POST',
        path: LIST,
        delayMs: 600,
        body: page([
          message('1', { title: 'Build 42 passed', content: 'All 312 checks passed' }),
          message('2', { title: 'Pipeline failed', content: 'Stage deploy failed on runner 7', read: true }),
        ]),
      },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
      { method: 'POST', path: READ_ONE, body: {} },
    ]);
    const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });

    // The first screen: heading, toolbar and tabs, with the loading state in the panel; the app
    // filter's place is kept until its code and the counts are in.
    await waitFor(() => $(el, '[part="title"]')?.textContent === 'Message Center', { message: 'the heading' });
    expect($(el, '[part~="mark-all-read-button"]')).to.exist;
    expect(el.shadowRoot!.querySelectorAll('[role="tab"]')).to.have.length(2);
    const filterBox = $(el, '.yx-msgs-filter')!.getBoundingClientRect();
    expect(filterBox.width).to.be.above(150);
    const tabsTop = $(el, '[role="tab"]')!.getBoundingClientRect().top;
    expect($(el, '[part="message-centre"]')!.dataset.status).to.equal('loading');
    expect($(el, '.yx-msgs-loading[aria-busy="true"]')).to.exist;
    expect(rows(el)).to.have.length(0);

    await waitFor(() => rows(el).length === 2, { timeout: 10_000, message: 'the messages' });
    expect($(el, '[part="message-centre"]')!.dataset.status).to.equal('ready');
    expect($(el, '[part="app-filter-option"]')!.textContent).to.contain('All Messages');
    expect($(el, '[part="app-filter-option"][data-app="codeup"]')!.textContent).to.contain('Codeup');
    expect($(el, '.yx-msgs-filter')!.getBoundingClientRect().left, 'the filter where its place was').to.equal(
      filterBox.left,
    );
    expect($(el, '[role="tab"]')!.getBoundingClientRect().top, 'the tabs did not move').to.equal(tabsTop);
    const [data] = fetched(/\/messages:list$/);
    const [code] = fetched(LIST_CODE);
    expect(code, 'the list code was fetched').to.exist;
    expect(data, 'the first page was fetched').to.exist;
    // Asked for while the messages were still on their way, not after they came.
    expect(code!.startTime).to.be.below(data!.responseStart);
    // Plain words need no sanitiser, open or closed.
    row(el, '1').querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
    await waitFor(() => row(el, '1').dataset.expanded === 'true', { message: 'opened' });
    expect(row(el, '1').querySelector('[part="message-content"]')!.textContent).to.equal('All 312 checks passed');
    expect(fetched(SANITIZER), 'no DOMPurify for plain words').to.deep.equal([]);
  });

  describe('given a message with markup', () => {
    const rich = message('r', {
      title: 'Release 3.4',
      content:
        '<p>Release <b>3.4</b> is out &amp; ready.</p><ul><li>Faster builds</li></ul>' +
        '<p><a href="https://example.com/releases/3.4">Notes</a></p>',
    });

    it('shows its words while closed and its formatting once opened', async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page([rich]) },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
        { method: 'POST', path: READ_ONE, body: {} },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1, { timeout: 10_000, message: 'the message' });
      const closed = row(el, 'r').querySelector<HTMLElement>('[part="message-content"]')!;
      expect(closed.dataset.state).to.equal('closed');
      expect(closed.textContent).to.equal('Release 3.4 is out & ready. Faster builds Notes');
      expect(closed.children, 'no markup in a preview').to.have.length(0);
      // With such a message in the list, DOMPurify comes when the page is idle.
      await waitFor(() => fetched(SANITIZER).length > 0, { timeout: 10_000, message: 'DOMPurify fetched' });

      row(el, 'r').querySelector<HTMLButtonElement>('[part="message-title"]')!.click();
      await waitFor(() => row(el, 'r').dataset.expanded === 'true', { message: 'opened' });
      const open = row(el, 'r').querySelector<HTMLElement>('[part="message-content"]')!;
      expect(open.dataset.state).to.equal('open');
      expect(open.querySelector('b')!.textContent).to.equal('3.4');
      expect(open.querySelectorAll('ul > li')).to.have.length(1);
      const link = open.querySelector('a')!;
      expect(link.getAttribute('href')).to.equal('https://example.com/releases/3.4');
      expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
      await waitFor(() => row(el, 'r').dataset.state === 'read', { message: 'read on open' });
    });
  });
});
