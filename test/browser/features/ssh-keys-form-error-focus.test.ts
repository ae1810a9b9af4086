/**
 * Submitting the SSH key drawer with a field in error (Enter on Add key / Save) takes the user to
 * the first such field in visual order, as every other form of the product does: title, key,
 * then the expiry day.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-ssh-keys';
import { endOfDayMinus2s, formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { KEYS, KEYS_PATH, daysFromNow, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const creates = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === KEYS_PATH);
const titleInput = (el: Element) => $(el, 'input[name="title"]') as HTMLInputElement;
const keyBox = (el: Element) => $(el, 'textarea[name="key"]') as HTMLTextAreaElement;
const dateInput = (el: Element) => $(el, 'input[type="date"]') as HTMLInputElement;
const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;

function finishAnimations(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
}

async function openAddDrawer(el: Element) {
  await waitFor(() => $(el, '[part="ssh-keys"][data-status="ready"]'), { message: 'the list' });
  $(el, '[part~="add-button"]')!.click();
  await waitFor(() => keyBox(el), { message: 'the drawer' });
  finishAnimations(el);
}

/** Pastes text into the key box as the browser does for Ctrl+V (one input event). */
async function pasteKey(el: Element, text: string) {
  keyBox(el).focus();
  keyBox(el).select();
  document.execCommand('insertText', false, text);
  await settle();
}

/** Enter on the footer's submit button, where a keyboard user ends up after the last field. */
async function pressSubmit(el: Element) {
  submitButton(el).focus();
  await sendKeys({ press: 'Enter' });
  await settle();
}

describe('<yx-ssh-keys> submit with a field in error', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the user to the title first when everything required is missing', async () => {
    const api = await mockApi([listRoute([])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await openAddDrawer(el);
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(titleInput(el));
    expect(titleInput(el).getAttribute('aria-invalid')).to.equal('true');
    expect(creates(await api.calls())).to.have.length(0);
  });

  it('takes the user to the key when only the key is missing', async () => {
    const api = await mockApi([listRoute([])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await openAddDrawer(el);
    titleInput(el).focus();
    await sendKeys({ type: 'laptop' });
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(keyBox(el));
    expect(keyBox(el).getAttribute('aria-invalid')).to.equal('true');
  });

  it('takes the user to the expiry day when "Never expires" is off and no day is chosen', async () => {
    const api = await mockApi([listRoute([])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await openAddDrawer(el);
    await pasteKey(el, KEYS.ed25519.line);
    expect(titleInput(el).value).to.equal('alice@laptop');
    ($(el, 'input[name="never"]') as HTMLInputElement).click();
    await waitFor(() => dateInput(el), { message: 'the day field' });
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(dateInput(el));
    expect(dateInput(el).getAttribute('aria-invalid')).to.equal('true');
    expect(creates(await api.calls())).to.have.length(0);
  });

  it('takes the user to the title of a key being edited', async () => {
    const day = formatDate(daysFromNow(45));
    const key = sshKey(11, { title: 'work laptop', key: KEYS.rsa3072.line, expires_at: endOfDayMinus2s(day) });
    const api = await mockApi([listRoute([key])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await waitFor(() => $(el, '[part~="edit-button"]'), { message: 'the list' });
    $(el, '[part~="edit-button"]')!.click();
    await waitFor(() => $(el, '[part~="drawer"] form'), { message: 'the edit drawer' });
    finishAnimations(el);
    titleInput(el).focus();
    titleInput(el).select();
    await sendKeys({ press: 'Backspace' });
    await pressSubmit(el);
    expect(deepActiveElement()).to.equal(titleInput(el));
    expect(titleInput(el).getAttribute('aria-invalid')).to.equal('true');
  });
});
