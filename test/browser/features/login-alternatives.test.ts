import { expect } from '@open-wc/testing';
import '../../../elements/yx-login';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  $,
  $$,
  PROVIDERS,
  baseRoutes,
  formError,
  logins,
  refusal,
  signIn,
  untilCalls,
  useNavigationCapture,
} from './login-fixtures';

const providers = {
  providers: [
    { id: 'dingtalk', name: 'DingTalk', authorize_url: '/users/sso/dingtalk/authorize' },
    { id: 'lark', name: 'Lark', authorize_url: '/users/sso/lark/authorize' },
    { id: 'wechat-work', name: 'WeCom', authorize_url: 'https://evil.example/authorize' },
  ],
  ldap: { enabled: true, kinds: ['ldap', 'windows-ad'] },
};
const withProviders = [...baseRoutes, { method: 'GET', path: PROVIDERS, body: providers }];
const buttonTexts = (el: Element) => $$(el, '[part="alternatives"] button').map((b) => b.textContent);

describe('<yx-login> other sign-in methods', () => {
  const nav = useNavigationCapture();

  it('shows only the providers the server configured, and goes to a provider’s authorize URL', async () => {
    const api = await mockApi(withProviders);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="alternatives"]'), { message: 'the alternatives row' });
    // A provider whose authorize URL leaves this origin is not offered.
    expect(buttonTexts(el)).to.deep.equal(['DingTalk', 'Lark', 'LDAP', 'Windows AD']);
    expect($(el, '[data-provider="dingtalk"]')!.getAttribute('aria-label')).to.equal('Sign in with DingTalk');
    $(el, '[data-provider="lark"]')!.click();
    // On the account host (`host`), not on the page's own server.
    expect(nav.urls).to.deep.equal([`${api.host}/users/sso/lark/authorize`]);
  });

  it('names the providers in Chinese', async () => {
    const api = await mockApi(withProviders);
    const el = await mountElement('yx-login', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => $(el, '[part="alternatives"]'));
    expect(buttonTexts(el)).to.deep.equal(['钉钉', '飞书', 'LDAP', 'Windows AD']);
  });

  it('renders no row and no message when nothing is configured', async () => {
    const none = await mockApi(baseRoutes);
    const a = await mountElement('yx-login', { host: none.host, locale: 'en_US' });
    await untilCalls(none, (c) => c.some((x) => x.path === PROVIDERS), 'the providers call');
    await new Promise((r) => setTimeout(r, 100));
    expect($(a, '[part="alternatives"]')).to.equal(null);
    expect($(a, '[part="alternatives-error"]')?.textContent ?? '').to.equal('');
    expect($(a, '[part~="alternatives-retry-button"]')).to.equal(null);
  });

  for (const [locale, says] of [
    ['en_US', 'Other sign-in methods could not be loaded: '],
    ['zh_CN', '其他登录方式加载失败：'],
  ] as const) {
    it(`says in the row's place that the providers could not be loaded, with a Retry (${locale})`, async () => {
      const failing = await mockApi([
        ...baseRoutes,
        { method: 'GET', path: PROVIDERS, status: 500, body: { code: 'internal_error', requestId: 'req-p1' } },
      ]);
      const el = await mountElement('yx-login', { host: failing.host, locale });
      const retry = await waitFor(() => $(el, '[part~="alternatives-retry-button"]'), { message: 'Retry' });
      const message = $(el, '[part="alternatives-error"]')!;
      expect(message.textContent!.startsWith(says), message.textContent!).to.equal(true);
      expect(message.textContent).to.contain('req-p1');
      expect(message.getAttribute('role')).to.equal('status');
      expect(retry!.textContent).to.equal(locale === 'en_US' ? 'Retry' : '重试');
      expect($(el, '[part="alternatives"]')).to.equal(null);
      // The password form is not the one that failed.
      expect(formError(el)).to.equal(null);
      await expectNoAxeViolations(el);
    });
  }

  it('signs in against LDAP with the same form, sending the mode', async () => {
    const api = await mockApi(withProviders);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[data-mode="ldap"]'));
    $(el, 'button[data-mode="ldap"]')!.click();
    await waitFor(() => $(el, '[part="mode-title"]'));
    expect($(el, '[part="mode-title"]')!.textContent).to.equal('Sign in with LDAP');
    expect($(el, '[part="forgot-link"]')).to.equal(null);
    expect(buttonTexts(el)).to.deep.equal(['DingTalk', 'Lark', 'Windows AD', 'Sign in with account and password']);
    await signIn(el, 'alice.ldap', 'dir-secret');
    const calls = await untilCalls(api, (c) => logins(c).length === 1, 'the login call');
    expect(logins(calls)[0]!.body).to.deep.equal({ username: 'alice.ldap', password: 'dir-secret', mode: 'ldap' });
  });

  it('sends mode windows-ad, and no mode after switching back', async () => {
    const api = await mockApi(withProviders);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, 'button[data-mode="windows-ad"]'));
    $(el, 'button[data-mode="windows-ad"]')!.click();
    await waitFor(() => $(el, '[part="login-form"][data-mode="windows-ad"]'));
    await signIn(el, 'CORP\\alice', 'ad-secret');
    await untilCalls(api, (c) => logins(c).length === 1, 'the login call');
    expect(logins(await api.calls())[0]!.body).to.deep.equal({
      username: 'CORP\\alice',
      password: 'ad-secret',
      mode: 'windows-ad',
    });
  });

  for (const [code, reason] of [
    ['bound_account_not_found', 'bound-account-not-found'],
    ['login_type_not_supported', 'type-not-supported'],
    ['account_info_missing', 'account-info-missing'],
  ] as const) {
    it(`goes to the login failure page on ${code}`, async () => {
      const api = await mockApi([...withProviders, refusal(400, code)]);
      const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, 'button[data-mode="ldap"]'));
      $(el, 'button[data-mode="ldap"]')!.click();
      await signIn(el);
      await waitFor(() => nav.urls.length === 1, { message: 'navigation' });
      expect(nav.urls).to.deep.equal([`${api.host}/users/#/login/errors?reason=${reason}`]);
    });
  }

  describe('given the lingma variant', () => {
    for (const [locale, subtitle] of [
      ['en_US', 'Your AI coding assistant. Sign in to get started.'],
      ['zh_CN', '您的 AI 编码助手，登录后即可开始使用'],
    ] as const) {
      it(`shows the AI coding assistant's branding (${locale})`, async () => {
        const api = await mockApi(baseRoutes);
        const el = await mountElement('yx-login', { host: api.host, locale, variant: 'lingma' });
        expect($(el, '[part="title"]')!.textContent).to.contain('Lingma');
        expect($(el, '[part="subtitle"]')!.textContent).to.equal(subtitle);
        expect(($(el, '[part="logo"]') as HTMLImageElement).src).to.match(/^data:image\/svg\+xml,/);
        const plain = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
        expect($(plain, '[part="title"]')!.textContent).to.equal('Sign In');
        expect($(plain, '[part="subtitle"]')!.textContent).to.equal('Sign in to Yunxiao');
        expect($(plain, '[part="logo"]')).to.equal(null);
      });
    }
  });
});
