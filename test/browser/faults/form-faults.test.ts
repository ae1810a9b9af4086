/**
 * Forms that meet a failing server on submit: the user is told what happened, nothing they
 * typed or chose is lost, and sending again once the server is well succeeds.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-ssh-keys';
import { mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import { serverFaults } from './server-faults';
import { SEARCH, TOKENS, page, scopeRoutes, token } from '../features/tokens-fixtures';
import { KEYS, KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

const FAULTS = serverFaults('req-form-500');

function finishAnimations(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
}

describe('<yx-token-manager> creating a token while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so, keeps the name, expiry and permissions, and creates it when sent again`, async () => {
      const api = await mockApi([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('t1')]) },
        { method: 'POST', path: TOKENS, ...fault.route },
      ]);
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="count"]'), { message: 'the list' });
      $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer' });
      finishAnimations(el);
      const name = $(el, 'input[name="name"]') as HTMLInputElement;
      name.focus();
      await sendKeys({ type: 'release bot' });
      ($$(el, 'input[type="radio"]').find((r) => (r as HTMLInputElement).value === '7') as HTMLInputElement).click();
      $(el, 'li[data-key="codeup"]')!.click();
      await settle();

      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      const error = (await waitFor(() => $(el, '[part="form-error"]'), { timeout: 8000, message: 'the form error' }))!;
      expect(error.textContent).to.match(fault.says);
      expect(($(el, 'input[name="name"]') as HTMLInputElement).value).to.equal('release bot');
      expect(
        ($$(el, 'input[type="radio"]').find((r) => (r as HTMLInputElement).checked) as HTMLInputElement).value,
      ).to.equal('7');
      expect($(el, 'li[data-key="codeup"]')!.getAttribute('aria-checked')).to.equal('true');

      await api.define([
        ...scopeRoutes,
        { method: 'POST', path: SEARCH, body: page([token('new', { name: 'release bot' }), token('t1')]) },
        { method: 'POST', path: TOKENS, status: 201, body: { token: 'yxp_' + 'a'.repeat(40), token_id: 'new' } },
      ]);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => $(el, '[part="secret"]'), { timeout: 5000, message: 'the new token, shown once' });
      expect($(el, '[part="form-error"]')).to.equal(null);
    });
  }
});

describe('<yx-ssh-keys> adding a key while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so, keeps the title and the key, and adds it when sent again`, async () => {
      const api = await mockApi([listRoute([]), { method: 'POST', path: KEYS_PATH, ...fault.route }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="ssh-keys"][data-status="ready"]'), { message: 'the list' });
      $(el, '[part~="add-button"]')!.click();
      const keyBox = (await waitFor(() => $(el, 'textarea[name="key"]'), {
        message: 'the drawer',
      })) as HTMLTextAreaElement;
      finishAnimations(el);
      const title = $(el, 'input[name="title"]') as HTMLInputElement;
      title.focus();
      await sendKeys({ type: 'Build box' });
      keyBox.focus();
      document.execCommand('insertText', false, KEYS.ed25519.line);
      await settle();

      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => fault.says.test(el.shadowRoot!.textContent ?? ''), {
        timeout: 8000,
        message: 'the message about the fault',
      });
      expect(($(el, 'input[name="title"]') as HTMLInputElement).value).to.equal('Build box');
      expect(($(el, 'textarea[name="key"]') as HTMLTextAreaElement).value).to.equal(KEYS.ed25519.line);

      await api.define([
        listRoute([sshKey(9, { title: 'Build box' })]),
        { method: 'POST', path: KEYS_PATH, status: 201, body: sshKey(9, { title: 'Build box' }) },
      ]);
      ($(el, '[part~="submit-button"]') as HTMLButtonElement).click();
      await waitFor(() => !$(el, 'textarea[name="key"]') && (el.shadowRoot!.textContent ?? '').includes('Build box'), {
        timeout: 5000,
        message: 'the drawer closed and the key listed',
      });
    });
  }
});
