// The state features/third-party-a11y.test.ts does not check: loading.
import '../../../elements/yx-third-party-bindings';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { identitiesRoute, providersRoute } from '../features/third-party-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-third-party-bindings> accessibility, remaining states', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the cards while they load (${locale})`, async () => {
      const api = await mockApi([providersRoute(), { ...identitiesRoute([]), delayMs: 5000 }]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale });
      await waitFor(() => $(el, '[data-status="loading"]'), { message: 'the loading state' });
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }
});
