// The states features/app-entry.test.ts does not check with axe: loading, no apps, the error in
// Chinese, and a page without an organization id.
import '../../../elements/yx-app-entry';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const ORG = 'org-42';
const orgRoute: MockRoute = {
  method: 'GET',
  path: `/uiless/api/organizations/${ORG}`,
  body: { result: { _id: ORG, name: 'Acme Rockets', logo: '' } },
};
const appsRoute = (identities: string[], extra: Partial<MockRoute> = {}): MockRoute => ({
  method: 'GET',
  path: '/uiless/api/my/apps',
  body: { apps: identities.map((identity) => ({ identity })) },
  ...extra,
});

describe('<yx-app-entry> accessibility, remaining states', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the apps while they load, and an organization without apps (${locale})`, async () => {
      const slow = await mockApi([orgRoute, appsRoute(['projex'], { delayMs: 5000 })]);
      const loading = await mountElement('yx-app-entry', { host: slow.host, locale, 'organization-id': ORG });
      await waitFor(() => $(loading, '[data-status="loading"]'), { message: 'the loading state' });
      await expectNoAxeViolations(loading.shadowRoot!);
      loading.remove();

      const none = await mockApi([orgRoute, appsRoute([])]);
      const el = await mountElement('yx-app-entry', { host: none.host, locale, 'organization-id': ORG });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the empty state' });
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read the error in Chinese, and the page without an organization', async () => {
    const failing = await mockApi([orgRoute, appsRoute([], { status: 500 })]);
    const broken = await mountElement('yx-app-entry', { host: failing.host, locale: 'zh_CN', 'organization-id': ORG });
    await waitFor(() => $(broken, '[part="result"][data-status="error"]'), { message: 'the error' });
    await expectNoAxeViolations(broken.shadowRoot!);
    broken.remove();

    const api = await mockApi([orgRoute]);
    const el = await mountElement('yx-app-entry', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="result"][data-status="error"]'), { message: 'the bad parameter' });
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
