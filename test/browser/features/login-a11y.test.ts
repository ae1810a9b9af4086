import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { $, PROVIDERS, baseRoutes, formError, refusal, signIn, useNavigationCapture, userPath } from './login-fixtures';

const providers = {
  providers: [
    { id: 'dingtalk', name: 'DingTalk', authorize_url: '/users/sso/dingtalk/authorize' },
    { id: 'aliyun', name: 'Alibaba Cloud', authorize_url: '/users/sso/aliyun/authorize' },
  ],
  ldap: { enabled: true, kinds: ['ldap'] },
};

describe('<yx-login> accessibility', () => {
  useNavigationCapture();

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read and fill in the form, alternatives and errors shown (${locale})`, async () => {
      const api = await mockApi([
        ...baseRoutes,
        { method: 'GET', path: PROVIDERS, body: providers },
        refusal(401, 'account_or_password_incorrect'),
      ]);
      const el = await mountElement('yx-login', { host: api.host, locale });
      await waitFor(() => $(el, '[part="alternatives"]'));
      await expectNoAxeViolations(el.shadowRoot!);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      await expectNoAxeViolations(el.shadowRoot!);
      await signIn(el);
      await waitFor(() => formError(el));
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user use the slider', async () => {
    const api = await mockApi([
      ...baseRoutes,
      { method: 'POST', path: userPath('sliderCaptcha'), body: { challenge_id: 'c', track_width: 260 } },
      refusal(403, 'slider_required'),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    await waitFor(() => $(el, '[part="slider-handle"]')?.getAttribute('aria-disabled') === null);
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user enter the emailed code, an error shown', async () => {
    const api = await mockApi([
      ...baseRoutes,
      {
        method: 'POST',
        path: userPath('emailCaptcha:verify'),
        status: 400,
        body: { code: 'code_incorrect' },
      },
      refusal(403, 'email_verification_required', { email: 'd***@example.com' }),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await signIn(el);
    await waitFor(() => $(el, '[part="code-step"]'));
    await expectNoAxeViolations(el.shadowRoot!);
    await sendKeys({ type: '123456' });
    await waitFor(() => $(el, 'input[name="code"]')!.getAttribute('aria-invalid') === 'true');
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user set a new password', async () => {
    const api = await mockApi([...baseRoutes, refusal(403, 'password_change_required')]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    await waitFor(() => $(el, '[part="forced-change"]'));
    await sendKeys({ type: 'abc' });
    await expectNoAxeViolations(el.shadowRoot!);
    ($(el, '[part="forced-change"] [part~="submit-button"]') as HTMLButtonElement).click();
    await settle();
    expect($(el, '[part="forced-change"] [part="error"]')!.textContent).to.not.equal('');
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user read the lingma variant', async () => {
    const api = await mockApi(baseRoutes);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US', variant: 'lingma' });
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
