import { expect } from '@open-wc/testing';
import '../../../elements/yx-third-party-bindings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  IDENTITIES_PATH,
  PROVIDERS_PATH,
  aliceDingTalk,
  identitiesRoute,
  providersRoute,
} from './third-party-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const card = (el: Element, provider: string) => $(el, `[part="provider-card"][data-provider="${provider}"]`);

describe('<yx-third-party-bindings> cards', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  describe('given a bound DingTalk account and an unbound Lark', () => {
    it('shows the bound account with its name, openId and date, and Bind for Lark', async () => {
      const api = await mockApi([providersRoute(), identitiesRoute([aliceDingTalk])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      const dingtalk = (await waitFor(() => card(el, 'dingtalk')))!;
      expect($(el, '[part="title"]')!.textContent).to.equal('Identity Provider Binding');
      expect(dingtalk.dataset.state).to.equal('bound');
      expect(dingtalk.querySelector('[part="provider-name"]')!.textContent).to.equal('DingTalk');
      expect(dingtalk.querySelector('[part="badge"]')!.textContent).to.equal('Bound');
      expect(dingtalk.querySelector('[part="account-name"]')!.textContent).to.equal('Alice Zhang');
      expect(dingtalk.querySelector('[part="open-id"]')!.textContent).to.equal('ding-open-4f2a9c');
      expect(dingtalk.querySelector('[part="bound-at"]')!.textContent).to.equal('2026-01-05');
      expect(dingtalk.textContent).to.contain('openId');
      expect(dingtalk.querySelector('[part~="unbind-button"]')!.getAttribute('aria-label')).to.equal(
        'Unbind DingTalk account “Alice Zhang”',
      );
      expect(dingtalk.querySelector('[part~="bind-button"]')).to.equal(null);
      expect(dingtalk.querySelector('svg[part="logo"]')!.getAttribute('aria-hidden')).to.equal('true');

      const lark = card(el, 'lark')!;
      expect(lark.dataset.state).to.equal('unbound');
      expect(lark.querySelector('[part="badge"]')!.textContent).to.equal('Not bound');
      expect(lark.querySelector('[part~="bind-button"]')!.textContent).to.equal('Bind');
      expect(lark.querySelector('[part~="unbind-button"]')).to.equal(null);

      const paths = (await api.calls()).map((c) => `${c.method} ${c.path}`).sort();
      expect(paths).to.deep.equal([`GET ${IDENTITIES_PATH}`, `GET ${PROVIDERS_PATH}`]);
    });

    it('speaks Chinese with locale zh_CN', async () => {
      const api = await mockApi([providersRoute(), identitiesRoute([aliceDingTalk])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'zh_CN' });
      const dingtalk = (await waitFor(() => card(el, 'dingtalk')))!;
      expect($(el, '[part="title"]')!.textContent).to.equal('第三方账号绑定');
      expect(dingtalk.querySelector('[part="provider-name"]')!.textContent).to.equal('钉钉');
      expect(dingtalk.querySelector('[part~="unbind-button"]')!.textContent).to.equal('解绑');
      expect(card(el, 'lark')!.querySelector('[part~="bind-button"]')!.textContent).to.equal('绑定');
    });
  });

  describe('given a provider that is not configured on this site', () => {
    it('offers no Bind button and says why', async () => {
      const api = await mockApi([providersRoute({ lark: false }), identitiesRoute([])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      const lark = (await waitFor(() => card(el, 'lark')))!;
      expect(lark.dataset.state).to.equal('unavailable');
      expect(lark.querySelector('[part="badge"]')!.textContent).to.equal('Not available');
      expect(lark.querySelector('button')).to.equal(null);
      expect(lark.querySelector('[part="unavailable-note"]')!.textContent).to.contain(
        'Lark sign-in has not been set up for this site',
      );
      expect(card(el, 'dingtalk')!.querySelector('[part~="bind-button"]')).to.exist;
    });

    it('still lets the user unbind an account bound before (zh_CN)', async () => {
      const api = await mockApi([providersRoute({ dingtalk: false }), identitiesRoute([aliceDingTalk])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'zh_CN' });
      const dingtalk = (await waitFor(() => card(el, 'dingtalk')))!;
      expect(dingtalk.dataset.state).to.equal('bound');
      expect(dingtalk.querySelector('[part~="unbind-button"]')).to.exist;
      expect(card(el, 'lark')!.querySelector('[part~="bind-button"]')!.textContent).to.equal('绑定');
    });
  });

  describe('as the identity-provider section', () => {
    it('shows the same cards under the Identity Provider heading', async () => {
      const api = await mockApi([providersRoute(), identitiesRoute([aliceDingTalk])]);
      const el = await mountElement('yx-third-party-bindings', {
        host: api.host,
        locale: 'en_US',
        section: 'identity-provider',
      });
      await waitFor(() => card(el, 'dingtalk'));
      expect($(el, '[part="title"]')!.textContent).to.equal('Identity Provider');
      expect($(el, '[part="third-party"]')!.dataset.section).to.equal('identity-provider');
      expect($(el, '[part="provider-list"]')!.getAttribute('aria-labelledby')).to.equal($(el, '[part="title"]')!.id);
      expect(card(el, 'lark')).to.exist;
    });

    it('uses the Chinese label of the section (zh_CN)', async () => {
      const api = await mockApi([providersRoute(), identitiesRoute([])]);
      const el = await mountElement('yx-third-party-bindings', {
        host: api.host,
        locale: 'zh_CN',
        section: 'identity-provider',
      });
      await waitFor(() => card(el, 'dingtalk'));
      expect($(el, '[part="title"]')!.textContent).to.equal('身份源绑定');
    });
  });

  describe('while loading and when loading fails', () => {
    it('shows a placeholder until both lists arrive', async () => {
      const api = await mockApi([{ ...providersRoute(), delayMs: 600 }, identitiesRoute([])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      expect($(el, '[part="skeleton"]')).to.exist;
      expect($(el, '[part="third-party"]')!.getAttribute('aria-busy')).to.equal('true');
      await waitFor(() => card(el, 'dingtalk'));
      expect($(el, '[part="skeleton"]')).to.equal(null);
    });

    it('shows the error with Retry when a list fails, and loads again on Retry', async () => {
      const api = await mockApi([
        providersRoute(),
        identitiesRoute([aliceDingTalk]),
        {
          method: 'GET',
          path: IDENTITIES_PATH,
          status: 403,
          body: { code: 'forbidden', message: 'No access' },
          times: 1,
        },
      ]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.textContent).to.contain('Could not load your bindings');
      expect(result.textContent).to.contain('No access');
      result.querySelector('button')!.click();
      await waitFor(() => card(el, 'dingtalk')?.dataset.state === 'bound', { message: 'the cards after Retry' });
    });

    it('treats a malformed answer as an error (zh_CN)', async () => {
      const api = await mockApi([
        { method: 'GET', path: PROVIDERS_PATH, body: { providers: [] } },
        identitiesRoute([]),
      ]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'zh_CN' });
      const result = (await waitFor(() => $(el, '[part="result"][data-status="error"]')))!;
      expect(result.textContent).to.contain('绑定信息加载失败');
      expect(card(el, 'dingtalk')).to.equal(null);
    });

    it('leaves out providers it does not know', async () => {
      const api = await mockApi([
        {
          method: 'GET',
          path: PROVIDERS_PATH,
          body: [
            { provider: 'wecom', name: 'WeCom', available: true },
            { provider: 'lark', name: 'Lark', available: true },
          ],
        },
        identitiesRoute([]),
      ]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      await waitFor(() => card(el, 'lark'));
      expect(el.shadowRoot!.querySelectorAll('[part="provider-card"]')).to.have.length(1);
    });
  });
});
