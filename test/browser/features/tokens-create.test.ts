import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-token-manager';
import { endOfDayMinus2s, presetExpiryDay } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, useOwnLocalStorage, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { SEARCH, TOKENS, page, scopeRoutes, token } from './tokens-fixtures';

// Files run side by side; this one clears and checks localStorage.
useOwnLocalStorage();

const SECRET = 'pt-7f3a9c2e1b5d4a8f9e0c6b2a1d3f5e7c';
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const creates = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === TOKENS);
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent);

async function until(check: () => Promise<boolean>, message: string) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${message}`);
}

/** A user with one token; after a create the list also holds the new one, newest first. */
async function apiWithCreate(create: { status?: number; body: unknown }) {
  return mockApi([
    ...scopeRoutes,
    { method: 'POST', path: SEARCH, body: page([token('new1', { name: 'ci-deploy' }), token('t1')]) },
    { method: 'POST', path: SEARCH, body: page([token('t1')]), times: 1 },
    { method: 'POST', path: TOKENS, ...create },
  ]);
}

async function openDrawer(el: Element) {
  await waitFor(() => $(el, '[part="count"]'), { message: 'the list' });
  $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
  await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), { message: 'the drawer with its scope tree' });
  for (const animation of el.shadowRoot!.getAnimations()) animation.finish();
}

/** Fills the form with the mouse and keyboard: name, the 7-day preset and all of Codeup. */
async function fillForm(el: Element, name: string) {
  const input = $(el, 'input[name="name"]') as HTMLInputElement;
  input.focus();
  await sendKeys({ type: name });
  ($$(el, 'input[type="radio"]').find((r) => (r as HTMLInputElement).value === '7') as HTMLInputElement).click();
  $(el, 'li[data-key="codeup"]')!.click();
  await settle();
}

const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;

describe('<yx-token-manager> create', () => {
  let restoreClipboard: (() => void) | undefined;
  afterEach(() => {
    restoreClipboard?.();
    restoreClipboard = undefined;
    document.body.innerHTML = '';
  });

  function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: writeText ? { writeText } : undefined,
    });
    restoreClipboard = () => {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    };
  }

  it('creates a token with the keyboard alone and sends the expiry, creation time and permissions', async () => {
    const api = await apiWithCreate({ body: { token: SECRET, token_id: 'new1' } });
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    const events: unknown[] = [];
    el.addEventListener('yx-token-create', (e) => events.push(e.detail));
    await waitFor(() => $(el, '[part="count"]'));
    $(el, '.yx-tokens-toolbar [part~="create-button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement() === $(el, 'input[name="name"]'), { message: 'focus in the name field' });
    expect($(el, '[part~="drawer"] [part~="drawer-title"]')!.textContent).to.equal('New access token');

    await sendKeys({ type: 'ci-deploy' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, 'textarea[name="description"]'));
    await sendKeys({ press: 'Tab' });
    // The 30-day preset, chosen already: Tab lands on it.
    expect((deepActiveElement() as HTMLInputElement).type).to.equal('radio');
    expect((deepActiveElement() as HTMLInputElement).value).to.equal('30');
    expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(presetExpiryDay(30));
    await waitFor(() => $(el, '[role="tree"]'), { message: 'the scope tree' });
    for (let i = 0; i < 8 && deepActiveElement()?.getAttribute('role') !== 'treeitem'; i++) {
      await sendKeys({ press: 'Tab' });
    }
    expect(deepActiveElement()!.getAttribute('data-key')).to.equal('codeup');
    await sendKeys({ press: 'Space' });
    // Down to "Projex": its write leaf cannot be granted by this user, so only reading is selected.
    for (let i = 0; i < 7; i++) await sendKeys({ press: 'ArrowDown' });
    expect(deepActiveElement()!.getAttribute('data-key')).to.equal('projex');
    await sendKeys({ press: 'Space' });
    await settle();
    expect($(el, '[part="scope-count"]')!.textContent).to.equal('Selected permissions: 5');
    expect($(el, 'li[data-key="codeup:repository"]')!.textContent).to.contain('Access: Read and write');
    expect($(el, 'li[data-key="projex:workitem"]')!.textContent).to.contain('Access: Read-only');

    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal($(el, '[part~="cancel-button"]'));
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(submitButton(el));
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal(null);
    const before = Date.now();
    await sendKeys({ press: 'Space' });

    await until(async () => creates(await api.calls()).length === 1, 'the create call');
    const body = creates(await api.calls())[0]!.body as Record<string, unknown>;
    expect(body.name).to.equal('ci-deploy');
    expect(body).not.to.have.property('description');
    expect(body.expires_at).to.equal(endOfDayMinus2s(presetExpiryDay(30)));
    expect(body.token_scopes).to.deep.equal([
      'codeup:repository:read',
      'codeup:repository:write',
      'codeup:merge-request:read',
      'codeup:merge-request:write',
      'projex:workitem:read',
    ]);
    expect(body.created_at).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(body.created_at as string) - before)).to.be.lessThan(10_000);

    await waitFor(() => $(el, '[part="secret"]'), { message: 'the value shown once' });
    expect(toasts(el)).to.include('Created successfully');
    await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
    expect(events).to.deep.equal([{ tokenId: 'new1', name: 'ci-deploy' }]);
  });

  describe('given a token was just created', () => {
    it('shows the new value once in its row with a note, and forgets it after copying', async () => {
      const copied: string[] = [];
      stubClipboard(async (text) => {
        copied.push(text);
      });
      const api = await apiWithCreate({ body: { token: SECRET, token_id: 'new1' } });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await fillForm(el, 'ci-deploy');
      submitButton(el).click();
      const secret = (await waitFor(() => $(el, 'tr [part="secret"]'), { message: 'the value in its row' }))!;
      const row = secret.closest('tr')!;
      expect(row.querySelector('[part="token-name"]')!.textContent).to.equal('ci-deploy');
      expect((secret.querySelector('[part="secret-value"]') as HTMLInputElement).value).to.equal(SECRET);
      expect(secret.textContent).to.contain('This is the only time the token is shown');
      expect(secret.querySelector('[part~="close-button"], [aria-label="Close"]')).to.equal(null);
      await waitFor(() => deepActiveElement() === secret.querySelector('[part~="copy-button"]'), {
        message: 'focus on Copy',
      });
      // Escape does not dismiss it.
      await sendKeys({ press: 'Escape' });
      await settle();
      expect($(el, '[part="secret"]')).to.exist;

      await sendKeys({ press: 'Enter' });
      await waitFor(() => !$(el, '[part="secret"]'), { message: 'the value to go' });
      expect(copied).to.deep.equal([SECRET]);
      expect(toasts(el)).to.include('Token copied');
      expect(el.shadowRoot!.innerHTML).not.to.contain(SECRET);
      expect($$(el, 'input, textarea').some((i) => (i as HTMLInputElement).value === SECRET)).to.equal(false);
      expect(JSON.stringify({ ...localStorage })).not.to.contain(SECRET);
      expect(JSON.stringify({ ...sessionStorage })).not.to.contain(SECRET);
      expect(deepActiveElement()).to.equal($(el, '.yx-tokens-toolbar [part~="create-button"]'));
    });

    it('lets the user copy it by hand when the clipboard is unavailable', async () => {
      stubClipboard(undefined);
      const api = await apiWithCreate({ body: { token: SECRET, token_id: 'new1' } });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await openDrawer(el);
      await fillForm(el, 'ci-deploy');
      submitButton(el).click();
      await waitFor(() => $(el, '[part~="copy-button"]'), { message: 'the copy button' });
      $(el, '[part~="copy-button"]')!.click();
      await waitFor(() => $(el, '[part~="saved-button"]'), { message: 'the manual fallback' });
      const value = $(el, '[part="secret-value"]') as HTMLInputElement;
      expect(deepActiveElement()).to.equal(value);
      expect(value.selectionStart).to.equal(0);
      expect(value.selectionEnd).to.equal(SECRET.length);
      expect($(el, '[part="secret-note"]')!.textContent).to.contain('当前无法自动复制');
      $(el, '[part~="saved-button"]')!.click();
      await waitFor(() => !$(el, '[part="secret"]'));
      expect(el.shadowRoot!.innerHTML).not.to.contain(SECRET);
    });

    it('forgets the value when the element is removed from the page and comes back', async () => {
      const api = await apiWithCreate({ body: { token: SECRET, token_id: 'new1' } });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await fillForm(el, 'ci-deploy');
      submitButton(el).click();
      await waitFor(() => $(el, '[part="secret"]'));
      el.remove();
      await settle();
      document.body.append(el);
      await waitFor(() => $(el, '[part="count"]'), { message: 'the list again' });
      expect(el.shadowRoot!.innerHTML).not.to.contain(SECRET);
    });

    it('forgets the value when the user leaves the list for the create screen', async () => {
      const api = await apiWithCreate({ body: { token: SECRET, token_id: 'new1' } });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await fillForm(el, 'ci-deploy');
      submitButton(el).click();
      await waitFor(() => $(el, '[part="secret"]'));
      el.setAttribute('view', 'create');
      await waitFor(() => $(el, '[part="create-screen"]'));
      el.setAttribute('view', 'list');
      await waitFor(() => $(el, '[part="count"]'));
      expect(el.shadowRoot!.innerHTML).not.to.contain(SECRET);
    });
  });

  it('starts a new token on the 30-day preset, so a name and permissions complete the form', async () => {
    const api = await apiWithCreate({ body: { token: SECRET, token_id: 'new1' } });
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await openDrawer(el);
    const radios = $$(el, '[part="date-input"] input[type="radio"]') as HTMLInputElement[];
    expect(radios.filter((r) => r.checked).map((r) => r.value)).to.deep.equal(['30']);
    expect(($(el, 'input[type="date"]') as HTMLInputElement).value).to.equal(presetExpiryDay(30));
    expect($(el, '[part="date-input"] [part="radio"][data-state="checked"]')!.textContent).to.equal('30 days');

    ($(el, 'input[name="name"]') as HTMLInputElement).focus();
    await sendKeys({ type: 'ci-deploy' });
    $(el, 'li[data-key="codeup:repository:read"]')!.click();
    await settle();
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal(null);
    submitButton(el).click();
    await until(async () => creates(await api.calls()).length === 1, 'the create call');
    const body = creates(await api.calls())[0]!.body as Record<string, unknown>;
    expect(body.expires_at).to.equal(endOfDayMinus2s(presetExpiryDay(30)));
  });

  it('keeps Create unavailable until the form is complete, and says what is missing', async () => {
    const api = await mockApi([
      { method: 'GET', path: scopeRoutes[0]!.path, body: scopeRoutes[0]!.body, delayMs: 400 },
      scopeRoutes[1]!,
      { method: 'POST', path: SEARCH, body: page([token('t1')]) },
    ]);
    const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part="count"]'));
    $(el, '.yx-tokens-toolbar [part~="create-button"]')!.click();
    await waitFor(() => $(el, '[part~="drawer"]'));
    expect($(el, '[part="scopes"]')!.getAttribute('data-status')).to.equal('loading');
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal('true');
    await waitFor(() => $(el, '[role="tree"]'));
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal('true');
    submitButton(el).click();
    await settle();
    const errors = $$(el, '[part~="drawer"] [part="error"]').map((e) => e.textContent);
    // The expiry starts on a preset: nothing is missing there.
    expect(errors).to.include.members(['Enter a name', 'Select at least one permission']);
    expect(errors).not.to.include('Select an expiration time');
    expect(creates(await api.calls())).to.have.length(0);

    const name = $(el, 'input[name="name"]') as HTMLInputElement;
    name.focus();
    await sendKeys({ type: 'x'.repeat(201) });
    await settle();
    expect($$(el, '[part="error"]').map((e) => e.textContent)).to.include('Up to 200 characters supported');
  });

  describe('given the server refuses the new token', () => {
    it('says creation failed with the server reason, once, in the drawer, and keeps what was typed', async () => {
      const api = await apiWithCreate({
        status: 403,
        body: { code: 'forbidden', message: 'Personal tokens are disabled by your organization', requestId: 'r1' },
      });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await fillForm(el, 'ci-deploy');
      submitButton(el).click();
      const alert = (await waitFor(() => $(el, '[part="form-error"]'), { message: 'the form error' }))!;
      const message = 'Creation failed, please retry: Personal tokens are disabled by your organization';
      expect(alert.textContent).to.equal(message);
      // The drawer keeps the context: a toast saying it again outside would repeat it.
      await settle();
      expect(toasts(el)).to.deep.equal([]);
      expect(($(el, 'input[name="name"]') as HTMLInputElement).value).to.equal('ci-deploy');
      expect($(el, 'li[data-key="codeup"]')!.getAttribute('aria-checked')).to.equal('true');
      expect($(el, '[part~="drawer"]')).to.exist;
      expect($(el, '[part="secret"]')).to.equal(null);
    });

    it('says so in Chinese with the request id of a server fault', async () => {
      const api = await apiWithCreate({ status: 500, body: { code: 'internal', message: 'x', requestId: 'req-77' } });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'zh_CN' });
      await openDrawer(el);
      await fillForm(el, '部署令牌');
      submitButton(el).click();
      const alert = (await waitFor(() => $(el, '[part="form-error"]')))!;
      expect(alert.textContent).to.equal('创建失败，请重试：系统异常，请重试（请求 ID：req-77）');
    });

    it('puts the message of a 400 that names a field on that field, and only there', async () => {
      const api = await apiWithCreate({
        status: 400,
        body: { code: 'invalid_argument', field: 'name', message: 'The name contains forbidden words', requestId: 'r' },
      });
      const el = await mountElement('yx-token-manager', { host: api.host, locale: 'en_US' });
      await openDrawer(el);
      await fillForm(el, 'bad words');
      submitButton(el).click();
      const name = $(el, 'input[name="name"]') as HTMLInputElement;
      await waitFor(() => name.getAttribute('aria-invalid') === 'true', { message: 'the field error' });
      const fieldError = el.shadowRoot!.getElementById(name.getAttribute('aria-errormessage')!)!;
      expect(fieldError.textContent).to.equal('The name contains forbidden words');
      await settle();
      expect($(el, '[part="form-error"]'), 'no banner repeating it').to.equal(null);
      expect(toasts(el), 'no toast repeating it').to.deep.equal([]);
      name.focus();
      await sendKeys({ type: '!' });
      await settle();
      expect(name.getAttribute('aria-invalid')).to.equal(null);
    });
  });
});
