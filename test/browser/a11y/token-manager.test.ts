// The states features/tokens-a11y.test.ts does not check: loading, a failed load, the edit drawer
// with a server refusal on a field, and a drawer whose scopes failed to load.
import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { SCOPES, SEARCH, TOKENS, page, scopeRoutes, token } from '../features/tokens-fixtures';
import { stillFrame } from '../keyboard/keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const list = page([token('t1', { name: 'ci-deploy' }), token('t2', { name: 'nightly' })]);

describe('<yx-token-manager> accessibility, remaining states', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the list while it loads, and its load error (${locale})`, async () => {
      const slow = await mockApi([{ method: 'POST', path: SEARCH, body: list, delayMs: 5000 }]);
      const loading = await mountElement('yx-token-manager', { host: slow.host, locale });
      await waitFor(() => $(loading, '[part="token-list"][data-status="loading"]'), { message: 'the skeleton' });
      await expectNoAxeViolations(loading.shadowRoot!);
      loading.remove();

      const failing = await mockApi([
        { method: 'POST', path: SEARCH, status: 500, body: { code: 'internal', requestId: 'req-a11y' } },
      ]);
      const broken = await mountElement('yx-token-manager', { host: failing.host, locale });
      const result = (await waitFor(() => $(broken, '[part="result"][data-status="error"]'), { message: 'error' }))!;
      expect(result.querySelector('button')!.textContent).to.equal(locale === 'en_US' ? 'Retry' : '重试');
      await expectNoAxeViolations(broken.shadowRoot!);
    });

    it(`lets every user read the edit drawer and a refusal the server puts on a field (${locale})`, async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: list },
        {
          method: 'PUT',
          path: `${TOKENS}/:id`,
          status: 400,
          body: { code: 'invalid_argument', field: 'name', message: 'The name is taken', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale });
      (await waitFor(() => $(el, '[part~="edit-button"]'), { message: 'the list' }))!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the edit drawer' });
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const name = $(el, 'input[name="name"]') as HTMLInputElement;
      await waitFor(() => name.getAttribute('aria-invalid') === 'true', { message: 'the error on the name' });
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read a drawer whose permissions could not be loaded', async () => {
    const api = await mockApi([
      ...scopeRoutes,
      { method: 'GET', path: SCOPES, status: 503, body: { code: 'unavailable', requestId: 'r' } },
      { method: 'POST', path: SEARCH, body: list },
    ]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
    (await waitFor(() => $(el, '.yx-tokens-toolbar [part~="create-button"]'), { message: 'the list' }))!.click();
    await waitFor(() => $(el, '[part~="drawer"] [part="scopes"][data-status="error"] [part="result"]'), {
      message: 'the scopes error',
    });
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
