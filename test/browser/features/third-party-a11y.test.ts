import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-third-party-bindings';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import {
  IDENTITIES_PATH,
  aliceDingTalk,
  callsMatching,
  identitiesRoute,
  identityPath,
  providersRoute,
} from './third-party-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const card = (el: Element, provider: string) => $(el, `[part="provider-card"][data-provider="${provider}"]`);

/** Ends opening animations: axe measures contrast on what is painted now. */
async function stillFrame(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
  await settle();
}

describe('<yx-third-party-bindings> accessibility', () => {
  let stopNavigation: ((e: Event) => void) | undefined;
  afterEach(() => {
    if (stopNavigation) document.removeEventListener('yx-navigate', stopNavigation);
    stopNavigation = undefined;
    document.body.innerHTML = '';
  });

  it('unbinds and binds with the keyboard alone', async () => {
    const api = await mockApi([
      providersRoute(),
      identitiesRoute([aliceDingTalk]),
      { method: 'DELETE', path: identityPath(':provider'), body: { provider: 'dingtalk' } },
    ]);
    const el = await mountElement('yx-third-party-bindings', { host: api.host, locale: 'en_US' });
    const urls: string[] = [];
    stopNavigation = (e: Event) => {
      e.preventDefault();
      urls.push((e as CustomEvent<{ url: string }>).detail.url);
    };
    document.addEventListener('yx-navigate', stopNavigation);

    (await waitFor(() => card(el, 'dingtalk')))!.querySelector<HTMLElement>('[part~="unbind-button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    const confirm = (await waitFor(() => $(el, '[part~="confirm"]')))!;
    await waitFor(() => deepActiveElement() === confirm.querySelector('[part~="cancel-button"]'), {
      message: 'focus on Cancel',
    });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(confirm.querySelector('[part~="confirm-button"]'));
    await sendKeys({ press: 'Enter' });
    await callsMatching(api, (c) => c.method === 'DELETE');
    // The Unbind button is gone with the binding: focus goes to the card's Bind button.
    await waitFor(() => deepActiveElement() === card(el, 'dingtalk')!.querySelector('[part~="bind-button"]'), {
      message: 'focus on Bind DingTalk',
    });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(card(el, 'lark')!.querySelector('[part~="bind-button"]'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => urls.length === 1, { message: 'yx-navigate' });
    expect(urls[0]).to.equal(`${api.host}/users/ajax/v1/my/identities/lark/authorize`);
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the cards and answer the unbind question (${locale})`, async () => {
      const api = await mockApi([providersRoute({ lark: false }), identitiesRoute([aliceDingTalk])]);
      const el = await mountElement('yx-third-party-bindings', { host: api.host, locale });
      await waitFor(() => card(el, 'lark'));
      await expectNoAxeViolations(el.shadowRoot!);
      card(el, 'dingtalk')!.querySelector<HTMLElement>('[part~="unbind-button"]')!.click();
      await waitFor(() => $(el, '[part~="confirm"]'));
      await stillFrame(el);
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the identity-provider section, unbound cards and the error state (${locale})`, async () => {
      const api = await mockApi([providersRoute(), identitiesRoute([])]);
      const el = await mountElement('yx-third-party-bindings', {
        host: api.host,
        locale,
        section: 'identity-provider',
      });
      await waitFor(() => card(el, 'lark'));
      await expectNoAxeViolations(el.shadowRoot!);

      const failing = await mockApi([providersRoute(), { method: 'GET', path: IDENTITIES_PATH, raw: '{' }]);
      const broken = await mountElement('yx-third-party-bindings', { host: failing.host, locale });
      await waitFor(() => $(broken, '[part="result"][data-status="error"]'));
      await expectNoAxeViolations(broken.shadowRoot!);
    });
  }
});
