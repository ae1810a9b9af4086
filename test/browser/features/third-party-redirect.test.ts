import { expect } from '@open-wc/testing';
import '../../../elements/yx-third-party-bindings';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { aliceDingTalk, identitiesRoute, providersRoute } from './third-party-fixtures';

const toasts = (el: Element, tone: string) =>
  [...el.shadowRoot!.querySelectorAll(`[part="toast"][data-tone="${tone}"]`)].map(
    (t) => t.querySelector('span')!.textContent,
  );
const card = (el: Element, provider: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`[part="provider-card"][data-provider="${provider}"]`);

describe('<yx-third-party-bindings> back from the provider', () => {
  const original = location.href;
  const arrive = (hash: string) =>
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  afterEach(() => {
    history.replaceState(history.state, '', original);
    document.body.innerHTML = '';
  });

  it('says the account was bound, once, and takes the parameter out of the address', async () => {
    arrive('#/users/settings/third-party?bound=dingtalk');
    const api = await mockApi([providersRoute(), identitiesRoute([aliceDingTalk])]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
    await waitFor(() => toasts(el, 'success').length > 0, { message: 'the toast' });
    expect(toasts(el, 'success')).to.deep.equal(['DingTalk account bound']);
    await waitFor(() => card(el, 'dingtalk')?.dataset.state === 'bound');
    expect(location.hash).to.equal('#/users/settings/third-party');
    expect(location.search, 'the page query is kept').to.equal(new URL(original).search);

    const again = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
    await waitFor(() => card(again, 'dingtalk'));
    await settle();
    expect(toasts(again, 'success'), 'not said twice').to.deep.equal([]);
  });

  it('says the account is bound to another user (zh_CN)', async () => {
    arrive('#/users/settings/third-party?error=identity_bound_elsewhere');
    const api = await mockApi([providersRoute(), identitiesRoute([])]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => toasts(el, 'error').length > 0, { message: 'the toast' });
    expect(toasts(el, 'error')).to.deep.equal(['绑定失败：该账号已绑定其他用户。']);
    expect(location.hash).to.equal('#/users/settings/third-party');
  });

  for (const [code, message] of [
    ['identity_bound_elsewhere', 'Binding failed: This account is already bound to another user.'],
    [
      'provider_unavailable',
      'Binding failed: This sign-in provider is not available. Ask your organization administrator.',
    ],
    ['state_mismatch', 'Binding failed: Binding did not complete. Please try again.'],
    ['invalid_callback', 'Binding failed: Binding did not complete. Please try again.'],
    ['too_many_requests', 'Binding failed: Too many attempts. Please try again in a few minutes.'],
    ['something_new', 'Binding failed: Binding did not complete. Please try again.'],
  ]) {
    it(`explains ?error=${code}`, async () => {
      arrive(`#/users/settings/third-party?tab=x&error=${code}`);
      const api = await mockApi([providersRoute(), identitiesRoute([])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
      await waitFor(() => toasts(el, 'error').length > 0, { message: 'the toast' });
      expect(toasts(el, 'error')).to.deep.equal([message]);
      expect(location.hash, 'other parameters stay').to.equal('#/users/settings/third-party?tab=x');
    });
  }

  it('says nothing on an ordinary visit', async () => {
    arrive('#/users/settings/third-party');
    const api = await mockApi([providersRoute(), identitiesRoute([])]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
    await waitFor(() => card(el, 'dingtalk'));
    await settle();
    expect(toasts(el, 'success')).to.deep.equal([]);
    expect(toasts(el, 'error')).to.deep.equal([]);
  });
});
