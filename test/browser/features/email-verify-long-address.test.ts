/**
 * `<yx-email-verify-result>` on a 320 px wide phone with a long email address: the address wraps
 * inside the result instead of making the page scroll sideways.
 */
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-email-verify-result';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';

const VERIFY = '/individual/proxy/my/email:verify';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-email-verify-result> with a long address at 320 px', () => {
  before(() => setViewport({ width: 320, height: 700 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    for (const address of [
      'zh_CN.zhang.wei.engineering@subsidiary-example.com.cn',
      'alice.en_US.1795553727912@example.com',
    ]) {
      it(`wraps ${address} inside the result without sideways scroll (${locale})`, async () => {
        const api = await mockApi([{ method: 'POST', path: VERIFY, body: { email: { address, verified: true } } }]);
        const el = await mountElement('yx-email-verify-result', {
          host: api.host,
          locale,
          token: 'tok-1',
          seconds: '60',
        });
        await waitFor(() => $(el, '[part="result"][data-status="success"]'), { message: 'the success result' });
        const text = $(el, '[part="address"]')!;
        expect(text.textContent).to.contain(address);

        const root = document.documentElement;
        expect(root.scrollWidth, 'page scroll width').to.be.at.most(root.clientWidth);
        const result = $(el, '[part="result"]')!.getBoundingClientRect();
        expect(result.left, 'result start').to.be.at.least(0);
        expect(result.right, 'result end').to.be.at.most(root.clientWidth);
        const r = text.getBoundingClientRect();
        expect(r.left, 'address start').to.be.at.least(result.left - 0.5);
        expect(r.right, 'address end').to.be.at.most(result.right + 0.5);
        expect(text.scrollWidth, 'address content width').to.be.at.most(text.clientWidth);
      });
    }
  }
});
