import { expect } from '@open-wc/testing';
import '../../../elements/yx-third-party-bindings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  aliceDingTalk,
  callsMatching,
  identitiesRoute,
  identityPath,
  providersRoute,
} from '../features/third-party-fixtures';
import { expectFocusRing, expectFocused, focusLandsOn, pageStart, press, shiftTab, tabCycle, tabTo } from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const card = (el: Element, provider: string) => $(el, `[part="provider-card"][data-provider="${provider}"]`);
const buttonOf = (el: Element, provider: string, action: 'bind' | 'unbind') =>
  card(el, provider)?.querySelector<HTMLElement>(`[part~="${action}-button"]`) ?? null;

describe('<yx-third-party-bindings> with the keyboard alone', () => {
  let stopNavigation: ((e: Event) => void) | undefined;
  afterEach(() => {
    if (stopNavigation) document.removeEventListener('yx-navigate', stopNavigation);
    stopNavigation = undefined;
    document.body.innerHTML = '';
  });

  it('backs out of an unbind with Escape, unbinds after confirming, then binds another account', async () => {
    const api = await mockApi([
      providersRoute(),
      identitiesRoute([aliceDingTalk]),
      { method: 'DELETE', path: identityPath(':provider'), body: { provider: 'dingtalk' } },
    ]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'zh_CN' });
    const urls: string[] = [];
    stopNavigation = (e: Event) => {
      e.preventDefault();
      urls.push((e as CustomEvent<{ url: string }>).detail.url);
    };
    document.addEventListener('yx-navigate', stopNavigation);
    await waitFor(() => buttonOf(el, 'lark', 'bind'), { message: 'the cards' });

    // The controls in reading order: DingTalk's Unbind, then Lark's Bind.
    const start = pageStart();
    await press('Tab');
    const unbind = expectFocused(buttonOf(el, 'dingtalk', 'unbind'), 'Unbind DingTalk');
    expectFocusRing();
    expect(unbind.getAttribute('aria-label')).to.equal('解绑钉钉账号“Alice Zhang”');
    await press('Tab');
    expectFocused(buttonOf(el, 'lark', 'bind'), 'Bind Lark');
    expectFocusRing();
    await shiftTab();
    await shiftTab();
    expectFocused(start, 'the page before the element');
    await press('Tab');

    await press('Enter');
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' }))!;
    await focusLandsOn(() => confirm.querySelector('[part~="cancel-button"]'), 'focus on Cancel');
    expectFocusRing();
    const cycle = await tabCycle(confirm);
    expect(cycle.trapped, 'Tab cycles within the confirmation').to.equal(true);
    await press('Escape');
    await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    await focusLandsOn(() => unbind, 'focus back on Unbind');
    expect((await api.calls()).some((c) => c.method === 'DELETE')).to.equal(false);

    await press('Enter');
    await focusLandsOn(() => $(el, '[part~="confirm"] [part~="cancel-button"]'), 'focus on Cancel');
    await press('Tab');
    expectFocused($(el, '[part~="confirm"] [part~="confirm-button"]'), 'Unbind in the confirmation');
    await press('Enter');
    const [removal] = await callsMatching(api, (c) => c.method === 'DELETE');
    expect(removal!.path).to.equal(identityPath('dingtalk'));
    await focusLandsOn(() => buttonOf(el, 'dingtalk', 'bind'), 'focus on Bind DingTalk, where Unbind was');
    expectFocusRing();

    await press('Tab');
    expectFocused(buttonOf(el, 'lark', 'bind'), 'Bind Lark');
    await press('Enter');
    await waitFor(() => urls.length === 1, { message: 'yx-navigate' });
    expect(urls[0]).to.equal(`${api.host}/users/ajax/v1/my/identities/lark/authorize`);
  });

  it('offers Retry after a failed load, reachable by Tab', async () => {
    const api = await mockApi([providersRoute(), { method: 'GET', path: '/individual/proxy/my/identities', raw: '{' }]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="result"][data-status="error"]'), { message: 'the error' });
    await api.define([providersRoute(), identitiesRoute([])]);
    pageStart();
    await tabTo((f) => f.closest('[part="result"]') !== null || f.textContent === 'Retry', { message: 'Retry' });
    expectFocusRing();
    await press('Enter');
    await waitFor(() => buttonOf(el, 'dingtalk', 'bind'), { message: 'the cards after Retry' });
  });
});
