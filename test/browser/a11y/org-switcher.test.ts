// The states features/org-switcher-a11y.test.ts does not check: loading and no organization.
import '../../../elements/yx-org-switcher';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { ORGS_PATH, orgRange, page } from '../features/org-switcher-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-org-switcher> accessibility, remaining states', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the switcher while it loads, and with no organization (${locale})`, async () => {
      const slow = await mockApi([{ method: 'POST', path: ORGS_PATH, body: page(orgRange(1, 3)), delayMs: 5000 }]);
      const loading = await mountElement('yx-org-switcher', { host: slow.host, locale });
      await waitFor(() => $(loading, '[part="org-switcher"][data-status="loading"]'), { message: 'the loading state' });
      await expectNoAxeViolations(loading.shadowRoot!);
      loading.remove();

      const none = await mockApi([{ method: 'POST', path: ORGS_PATH, body: page([]) }]);
      const el = await mountElement('yx-org-switcher', { host: none.host, locale });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the empty state' });
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
