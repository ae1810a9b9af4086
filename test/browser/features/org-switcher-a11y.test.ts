import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-org-switcher';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { captureEvents } from './settings-fixtures';
import { org, orgRange, page, pageRoutes, switchRefused } from './org-switcher-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const orgs = [
  org(1, { name: 'Acme Rockets', current: true }),
  org(2, { name: 'Beta', logo: '' }),
  ...orgRange(3, 50, () => ({ logo: '' })),
];

describe('<yx-org-switcher> accessibility', () => {
  let changes: ReturnType<typeof captureEvents>;
  beforeEach(() => {
    changes = captureEvents('yx-org-change');
  });
  afterEach(() => {
    changes.stop();
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read and use the list (${locale})`, async () => {
      const api = await mockApi(pageRoutes(page(orgs, 'tok-2')));
      const el = await mountElement('yx-org-switcher', { host: api.host, locale });
      await waitFor(() => el.shadowRoot!.querySelectorAll('[part~="org"]').length === 50);
      const list = $(el, '[part="list"]')!;
      expect(list.localName).to.equal('ul');
      expect(list.getAttribute('aria-label')).to.equal(locale === 'en_US' ? 'Organizations' : '企业列表');
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read a failed switch and a filter without matches', async () => {
    const api = await mockApi([...pageRoutes(page(orgs)), switchRefused(403, 'order_expired', 'expired')]);
    const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
    await waitFor(() => el.shadowRoot!.querySelectorAll('[part~="org"]').length === 50);
    el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="org"]')[1]!.click();
    await waitFor(() => $(el, '[part="switch-error"]'));
    await expectNoAxeViolations(el.shadowRoot!);
    ($(el, '[part="input"]') as HTMLInputElement).focus();
    await sendKeys({ type: 'nothing like this' });
    await waitFor(() => $(el, '[part="no-match"]'));
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user read the load error', async () => {
    const api = await mockApi([]);
    const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="result"]'));
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
