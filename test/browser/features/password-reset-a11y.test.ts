import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-password-reset';
import { expectNoAxeViolations } from '../fixtures/axe';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';

import { resetPath as path, resetRoutes as routes, resetStep as step } from './password-reset-fixtures';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

describe('<yx-password-reset> accessibility', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user go through each step with the keyboard (${locale})`, async () => {
      const api = await mockApi(routes);
      const el = await mountElement('yx-password-reset', { host: api.host, locale });
      await expectNoAxeViolations(el.shadowRoot!);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await settle();
      await expectNoAxeViolations(el.shadowRoot!);

      ($(el, 'input[name="username"]') as HTMLInputElement).focus();
      await sendKeys({ type: 'dana' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => step(el) === 'verify');
      // Focus lands on "Get Code".
      expect(deepActiveElement()).to.equal($(el, '[part~="send-button"]'));
      await expectNoAxeViolations(el.shadowRoot!);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => deepActiveElement() === $(el, 'input[name="code"]'));
      await expectNoAxeViolations(el.shadowRoot!);
      await sendKeys({ type: '135790' });
      await sendKeys({ press: 'Enter' });

      await waitFor(() => step(el) === 'reset');
      await sendKeys({ type: 'abc' });
      await expectNoAxeViolations(el.shadowRoot!);
      await sendKeys({ type: 'DEF#12' });
      // Past the field's show/hide toggle to the confirmation.
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal($(el, '[part~="password-toggle"]'));
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()).to.equal($(el, 'input[name="confirm_password"]'));
      await sendKeys({ type: 'abcDEF#12' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => step(el) === 'done');
      expect(deepActiveElement()!.textContent).to.not.equal('');
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read a refused step', async () => {
    const api = await mockApi([
      ...routes,
      { method: 'GET', path: path('check'), status: 404, body: { code: 'account_not_exist' } },
    ]);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    ($(el, 'input[name="username"]') as HTMLInputElement).focus();
    await sendKeys({ type: 'dana' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '[part="form-error"]'));
    await expectNoAxeViolations(el.shadowRoot!);
  });
});
