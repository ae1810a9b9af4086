import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { sendKeys } from '@web/test-runner-commands';
import { SEARCH, TOKENS, daysFromNow, page, scopeRoutes, token } from './tokens-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
  await settle();
}

const mixed = page([
  token('t1', { name: 'ci-deploy', description: 'Deploys from CI', last_used_at: daysFromNow(-1) }),
  token('t2', { name: 'soon', expires_at: daysFromNow(3) }),
  token('t3', { name: 'old', expires_at: daysFromNow(-3), expired: true }),
]);

describe('<yx-token-manager> accessibility', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the token list (${locale})`, async () => {
      const api = await mockApi([{ method: 'POST', path: SEARCH, body: mixed }]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale });
      await waitFor(() => $(el, '[part="count"]'));
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read the empty state', async () => {
    const api = await mockApi([{ method: 'POST', path: SEARCH, body: page([]) }]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="result"]'));
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user fill in the create drawer, errors shown', async () => {
    const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: mixed }]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="count"]'));
    $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
    await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);
    ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
    await settle();
    expect($(el, '[part~="drawer"] [part="error"]')!.textContent).to.not.equal('');
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user read and copy the value shown once', async () => {
    const api = await mockApi([
      ...scopeRoutes,
      { method: 'POST', path: SEARCH, body: page([token('new1', { name: 'fresh' })]) },
      { method: 'POST', path: SEARCH, body: page([]), times: 1 },
      { method: 'POST', path: TOKENS, body: { token: 'pt-a11y-value', token_id: 'new1' } },
    ]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="result"]'));
    $(el, '[part="result"] [part~="create-button"]')!.click();
    await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'));
    ($(el, 'input[name="name"]') as HTMLInputElement).focus();
    await sendKeys({ type: 'fresh' });
    (el.shadowRoot!.querySelector('input[type="radio"][value="7"]') as HTMLInputElement).click();
    $(el, 'li[data-key="codeup"]')!.click();
    await settle();
    ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
    await waitFor(() => $(el, 'tr [part="secret"]'), { message: 'the value' });
    await waitFor(() => !$(el, '[part~="drawer"]'));
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user answer the delete confirmation', async () => {
    const api = await mockApi([{ method: 'POST', path: SEARCH, body: mixed }]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, '[part="count"]'));
    $(el, '[part~="delete-button"]')!.click();
    await waitFor(() => $(el, '[part~="confirm"]'));
    await stillFrame(el);
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user use the v1 modal and the create screen', async () => {
    const api = await mockApi([...scopeRoutes, { method: 'POST', path: SEARCH, body: mixed }]);
    const v1 = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', version: 'v1' });
    await waitFor(() => $(v1, '[part~="modal"] [part="count"]'));
    await stillFrame(v1);
    await expectNoAxeViolations(v1.shadowRoot!);
    v1.remove();
    const screen = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US', view: 'create' });
    await waitFor(() => $(screen, '[role="tree"]'));
    await expectNoAxeViolations(screen.shadowRoot!);
  });
});
