// features/settings-layout.test.ts runs axe on the shell in both languages and on the error in
// English; this is the error in Chinese.
import '../../../elements/yx-settings';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { appsRoute, noHelpRoute } from '../features/settings-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-settings> accessibility in Chinese', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lets every user read the error state', async () => {
    const api = await mockApi([appsRoute([], { status: 503 }), noHelpRoute]);
    const el = await mountElement('yx-settings', { host: api.host, locale: 'zh_CN', section: 'profile' });
    await waitFor(() => $(el, '[part="result"]'), { message: 'the error' });
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
