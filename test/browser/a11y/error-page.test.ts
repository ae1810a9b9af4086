// features/error-page.test.ts runs axe on the English pages; these are the Chinese ones, and the
// page that names an organization's rule.
import '../../../elements/yx-error-page';
import { ERROR_TYPE_NAMES } from '../../../src/features/errors/types';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mountElement } from '../fixtures/harness';

describe('<yx-error-page> accessibility in Chinese', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('lets every user read each error page in Chinese', async () => {
    for (const type of ERROR_TYPE_NAMES) {
      const el = await mountElement('yx-error-page', { type, locale: 'zh_CN', host: location.origin });
      await expectNoAxeViolations(el.shadowRoot!);
      el.remove();
    }
  });
});
