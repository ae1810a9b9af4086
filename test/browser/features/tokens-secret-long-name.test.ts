/**
 * The once-shown value of a token with a long name that has no break opportunity (an underscore
 * name, as CI tokens often have) on a 1280 px wide screen: the panel's title, note and Copy button
 * wrap inside its border instead of running over the next column.
 */
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { SEARCH, TOKENS, page, scopeRoutes, token } from './tokens-fixtures';

const NAME = 'github_actions_release_pipeline_token';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-token-manager> once-shown value of a long-named token at 1280 px', () => {
  before(() => setViewport({ width: 1280, height: 800 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`keeps the title, note and Copy button inside the panel and off the next column (${locale})`, async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('new1', { name: NAME }), token('t1')]) },
        { method: 'POST', path: SEARCH, body: page([token('t1')]), times: 1 },
        { method: 'POST', path: TOKENS, body: { token: 'pt-7f3a9c2e1b5d4a8f9e0c6b2a1d3f5e7c', token_id: 'new1' } },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale });
      await waitFor(() => $(el, '[part="count"]'), { message: 'the list' });
      $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer' });
      ($(el, 'input[name="name"]') as HTMLInputElement).focus();
      await sendKeys({ type: NAME });
      (el.shadowRoot!.querySelector('input[type="radio"][value="7"]') as HTMLInputElement).click();
      $(el, 'li[data-key="codeup"]')!.click();
      await settle();
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const secret = (await waitFor(() => $(el, 'tr [part="secret"]'), { message: 'the value in its row' }))!;
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
      for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
      await settle();

      const box = secret.getBoundingClientRect();
      // The border is 1 px and the padding 12 px: content must end inside the padding box.
      const inner = { left: box.left + 1, right: box.right - 1 };
      const next = secret.closest('td')!.nextElementSibling!.getBoundingClientRect();
      expect(box.right, 'panel end vs the next column').to.be.at.most(next.left + 0.5);
      for (const part of ['secret-title', 'secret-note', 'secret-value', 'copy-button']) {
        const node = secret.querySelector<HTMLElement>(`[part~="${part}"]`)!;
        const r = node.getBoundingClientRect();
        expect(r.left, `${part} start`).to.be.at.least(inner.left - 0.5);
        expect(r.right, `${part} end`).to.be.at.most(inner.right + 0.5);
        // The value scrolls inside its field (it is selected and copied whole); the rest must not clip.
        if (part !== 'secret-value') {
          expect(node.scrollWidth, `${part} content width`).to.be.at.most(node.clientWidth + 1);
        }
      }
      const title = secret.querySelector('[part~="secret-title"]')!;
      expect(title.textContent, 'the whole name in the title').to.contain(NAME);
      const root = document.documentElement;
      expect(root.scrollWidth, 'page scroll width').to.be.at.most(root.clientWidth);
    });
  }
});
