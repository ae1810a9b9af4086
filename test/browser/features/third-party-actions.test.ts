import { expect } from '@open-wc/testing';
import '../../../elements/yx-third-party-bindings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { aliceDingTalk, callsMatching, identitiesRoute, identityPath, providersRoute } from './third-party-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const card = (el: Element, provider: string) => $(el, `[part="provider-card"][data-provider="${provider}"]`);
const toasts = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="toast"]')].map((t) => t.querySelector('span')!.textContent);

describe('<yx-third-party-bindings> bind and unbind', () => {
  let stopNavigation: ((e: Event) => void) | undefined;
  afterEach(() => {
    if (stopNavigation) document.removeEventListener('yx-navigate', stopNavigation);
    stopNavigation = undefined;
    document.body.innerHTML = '';
  });

  describe('given a bound DingTalk account', () => {
    it('asks before unbinding, unbinds on confirmation and then offers Bind', async () => {
      const api = await mockApi([
        providersRoute(),
        identitiesRoute([aliceDingTalk]),
        { method: 'DELETE', path: identityPath(':provider'), body: { provider: 'dingtalk' } },
      ]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      const events: unknown[] = [];
      el.addEventListener('yx-identity-unbind', (e) => events.push(e.detail));
      const dingtalk = (await waitFor(() => card(el, 'dingtalk')))!;
      dingtalk.querySelector<HTMLButtonElement>('[part~="unbind-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
      expect(confirm.getAttribute('role')).to.equal('alertdialog');
      expect(confirm.textContent).to.contain('Unbind DingTalk account “Alice Zhang”?');
      expect(confirm.textContent).to.contain('no longer be able to sign in with this DingTalk account');
      expect((await api.calls()).filter((c) => c.method === 'DELETE')).to.have.length(0);
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();

      const [removal] = await callsMatching(api, (c) => c.method === 'DELETE');
      expect(removal!.path).to.equal(identityPath('dingtalk'));
      await waitFor(() => card(el, 'dingtalk')!.dataset.state === 'unbound', { message: 'the card unbound' });
      expect(card(el, 'dingtalk')!.querySelector('[part~="bind-button"]')).to.exist;
      expect(card(el, 'dingtalk')!.querySelector('[part="account"]')).to.equal(null);
      expect(toasts(el)).to.include('DingTalk account unbound');
      expect(events).to.deep.equal([{ provider: 'dingtalk' }]);
    });

    it('keeps the confirmation open and says why when unbinding fails (zh_CN)', async () => {
      const api = await mockApi([
        providersRoute(),
        identitiesRoute([aliceDingTalk]),
        {
          method: 'DELETE',
          path: identityPath(':provider'),
          status: 403,
          body: { code: 'session_required', message: '请在浏览器中登录后操作', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'zh_CN' });
      const events: unknown[] = [];
      el.addEventListener('yx-identity-unbind', (e) => events.push(e.detail));
      const dingtalk = (await waitFor(() => card(el, 'dingtalk')))!;
      dingtalk.querySelector<HTMLButtonElement>('[part~="unbind-button"]')!.click();
      const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
      expect(confirm.textContent).to.contain('解绑钉钉账号“Alice Zhang”？');
      confirm.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => toasts(el).length > 0, { message: 'the toast' });
      expect(toasts(el)).to.deep.equal(['解绑失败，请重试：请在浏览器中登录后操作']);
      expect($(el, '[part~="confirm"]')).to.exist;
      expect(card(el, 'dingtalk')!.dataset.state).to.equal('bound');
      expect(events).to.deep.equal([]);
    });

    it('counts a binding already gone (unbound in another tab) as unbound', async () => {
      const api = await mockApi([
        providersRoute(),
        identitiesRoute([aliceDingTalk]),
        {
          method: 'DELETE',
          path: identityPath(':provider'),
          status: 404,
          body: { code: 'identity_not_found', message: 'not bound', requestId: 'r' },
        },
      ]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      const events: string[] = [];
      el.addEventListener('yx-identity-unbind', (e) => events.push(e.detail.provider));
      (await waitFor(() => card(el, 'dingtalk')))!.querySelector<HTMLButtonElement>('[part~="unbind-button"]')!.click();
      (await waitFor(() => $(el, '[part~="confirm"]')))!
        .querySelector<HTMLButtonElement>('[part~="confirm-button"]')!
        .click();
      await waitFor(() => toasts(el).length > 0);
      expect(toasts(el)).to.deep.equal(['DingTalk account unbound']);
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
      expect(card(el, 'dingtalk')!.dataset.state).to.equal('unbound');
      expect(events).to.deep.equal(['dingtalk']);
    });
  });

  describe('given an unbound provider', () => {
    it('announces the bind, then asks to navigate to the authorize URL under the host (cancelable)', async () => {
      const api = await mockApi([providersRoute(), identitiesRoute([aliceDingTalk])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      const seen: string[] = [];
      let navigate: CustomEvent<{ url: string }> | undefined;
      el.addEventListener('yx-identity-bind', (e) => seen.push(`bind ${e.detail.provider}`));
      stopNavigation = (e: Event) => {
        e.preventDefault();
        navigate = e as CustomEvent<{ url: string }>;
        seen.push('navigate');
      };
      document.addEventListener('yx-navigate', stopNavigation);
      const href = location.href;
      (await waitFor(() => card(el, 'lark')))!.querySelector<HTMLButtonElement>('[part~="bind-button"]')!.click();
      await waitFor(() => navigate, { message: 'yx-navigate' });
      expect(seen).to.deep.equal(['bind lark', 'navigate']);
      expect(navigate!.cancelable).to.equal(true);
      expect(navigate!.composed).to.equal(true);
      expect(navigate!.detail.url).to.equal(`${api.host}/users/ajax/v1/my/identities/lark/authorize`);
      expect(location.href, 'cancelled: the page stays').to.equal(href);
    });
  });
});
