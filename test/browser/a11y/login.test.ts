// The states features/login-a11y.test.ts does not check: the LDAP mode, the slider and the forced
// change in Chinese, and the moment after signing in.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, PROVIDERS, baseRoutes, captureNavigation, refusal, signIn, userPath } from '../features/login-fixtures';

describe('<yx-login> accessibility, remaining states', () => {
  let nav: ReturnType<typeof captureNavigation>;
  beforeEach(() => {
    nav = captureNavigation();
  });
  afterEach(() => {
    nav.stop();
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user sign in through LDAP, errors shown (${locale})`, async () => {
      const api = await mockApi([
        ...baseRoutes,
        { method: 'GET', path: PROVIDERS, body: { providers: [], ldap: { enabled: true, kinds: ['ldap'] } } },
      ]);
      const el = await mountElement('yx-login', { host: api.host, locale });
      (await waitFor(() => $(el, 'button[data-mode="ldap"]'), { message: 'the LDAP choice' }))!.click();
      await waitFor(() => $(el, '[part="login-form"][data-mode="ldap"]'), { message: 'the LDAP form' });
      expect($(el, '[part="mode-title"]')!.textContent).to.not.equal('');
      await expectNoAxeViolations(el.shadowRoot!);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      await expectNoAxeViolations(el.shadowRoot!);
    });

    it(`lets every user read the page once signed in, while it moves on (${locale})`, async () => {
      const api = await mockApi(baseRoutes);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await signIn(el);
      await waitFor(() => nav.urls.length === 1, { message: 'the move to the next page' });
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user use the slider in Chinese', async () => {
    const api = await mockApi([
      ...baseRoutes,
      { method: 'POST', path: userPath('sliderCaptcha'), body: { challenge_id: 'c', track_width: 260 } },
      refusal(403, 'slider_required'),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await signIn(el);
    await waitFor(() => $(el, '[part="slider-handle"]')?.getAttribute('aria-disabled') === null, {
      message: 'the slider',
    });
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user set a new password in Chinese, an error shown', async () => {
    const api = await mockApi([...baseRoutes, refusal(403, 'password_change_required')]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await signIn(el);
    await waitFor(() => $(el, '[part="forced-change"]'), { message: 'the forced change' });
    await expectNoAxeViolations(el.shadowRoot!);
    await sendKeys({ type: 'abc' });
    ($(el, '[part="forced-change"] [part~="submit-button"]') as HTMLButtonElement).click();
    await settle();
    expect($(el, '[part="forced-change"] [part="error"]')!.textContent).to.not.equal('');
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
