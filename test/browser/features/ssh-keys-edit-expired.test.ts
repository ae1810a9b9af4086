import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../elements/yx-ssh-keys';
import { endOfDayMinus2s, formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall } from '../fixtures/harness';
import { KEYS_PATH, daysFromNow, listRoute, sshKey } from './ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const rows = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('tr[part="table-row"]')];
const titleInput = (el: Element) => $(el, 'input[name="title"]') as HTMLInputElement;
const keyBox = (el: Element) => $(el, 'textarea[name="key"]') as HTMLTextAreaElement;
const submitButton = (el: Element) => $(el, '[part~="submit-button"]') as HTMLButtonElement;
const dateInput = (el: Element) => $(el, 'input[type="date"]') as HTMLInputElement;
/** The message shown on a control (the Field's error region it points at). */
const messageOf = (el: Element, control: HTMLElement) =>
  el.shadowRoot!.getElementById(control.getAttribute('aria-errormessage') ?? '')?.textContent ?? '';

async function callsMatching(api: { calls(): Promise<MockCall[]> }, match: (c: MockCall) => boolean, n: number) {
  for (let i = 0; i < 150; i++) {
    const found = (await api.calls()).filter(match);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${n} matching call(s)`);
}

function finishAnimations(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
}

/** Presses the mouse button on the middle of `target` and lets it go, as a click does. */
async function clickAt(target: HTMLElement) {
  const box = target.getBoundingClientRect();
  await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
  await sendMouse({ type: 'down' });
  await settle();
  await sendMouse({ type: 'up' });
  await settle();
}

describe('<yx-ssh-keys> editing a key that has expired', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  // Expired two days ago: the day shown in the form is in the past.
  const pastDay = formatDate(daysFromNow(-2));
  const stored = endOfDayMinus2s(pastDay);
  const expired = sshKey(21, { title: 'old laptop', expires_at: stored, expired: true });

  for (const locale of ['en_US', 'zh_CN'] as const) {
    it(`renames it without touching the expiry, which is sent back as stored (${locale})`, async () => {
      const api = await mockApi([listRoute([expired]), { method: 'POST', path: `${KEYS_PATH}/:id`, body: {} }]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale });
      await waitFor(() => rows(el).length === 1);
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      await waitFor(() => $(el, '[part~="drawer"] form'), { message: 'the edit drawer' });
      finishAnimations(el);
      expect(dateInput(el).value).to.equal(pastDay);
      await waitFor(() => deepActiveElement() === titleInput(el), { message: 'focus in the name field' });
      await sendKeys({ press: 'End' });
      await sendKeys({ type: ' (spare)' });
      await settle();
      expect(submitButton(el).getAttribute('aria-disabled'), 'Save is available').to.equal(null);
      submitButton(el).click();

      const [update] = await callsMatching(api, (c) => c.method === 'POST', 1);
      expect(update!.path).to.equal(`${KEYS_PATH}/21`);
      expect(update!.body).to.deep.equal({ title: 'old laptop (spare)', scope: 'all', expires_at: stored });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
    });
  }

  it('re-scopes it after the "never expires" box was ticked and unticked again', async () => {
    const api = await mockApi([listRoute([expired]), { method: 'POST', path: `${KEYS_PATH}/:id`, body: {} }]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await waitFor(() => rows(el).length === 1);
    rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
    await waitFor(() => $(el, 'input[name="never"]'), { message: 'the edit drawer' });
    finishAnimations(el);
    ($(el, 'input[type="radio"][value="read"]') as HTMLInputElement).click();
    ($(el, 'input[name="never"]') as HTMLInputElement).click();
    await settle();
    ($(el, 'input[name="never"]') as HTMLInputElement).click();
    await settle();
    expect(messageOf(el, dateInput(el)), 'no message on the untouched day').to.equal('');
    submitButton(el).click();
    const [update] = await callsMatching(api, (c) => c.method === 'POST', 1);
    expect(update!.body).to.deep.equal({ title: 'old laptop', scope: 'read', expires_at: stored });
  });
});

describe('<yx-ssh-keys> leaving an empty field of the add form', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  async function openAddDrawer(el: Element) {
    await waitFor(() => $(el, '[part="ssh-keys"][data-status="ready"]'), { message: 'the list' });
    $(el, '[part~="add-button"]')!.click();
    await waitFor(() => keyBox(el), { message: 'the drawer' });
    finishAnimations(el);
    await settle();
  }

  it('says nothing and moves nothing, so the click lands where the user aimed', async () => {
    const api = await mockApi([listRoute([])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
    await openAddDrawer(el);
    titleInput(el).focus();
    const keyTop = keyBox(el).getBoundingClientRect().top;
    await clickAt(keyBox(el));
    expect(messageOf(el, titleInput(el)), 'no "required" on the name yet').to.equal('');
    expect(keyBox(el).getBoundingClientRect().top, 'the key box did not move').to.equal(keyTop);
    expect(deepActiveElement(), 'the click reached the key box').to.equal(keyBox(el));

    const titleTop = titleInput(el).getBoundingClientRect().top;
    await clickAt(titleInput(el));
    expect(messageOf(el, keyBox(el)), 'no "required" on the key yet').to.equal('');
    expect(titleInput(el).getBoundingClientRect().top).to.equal(titleTop);
    expect(deepActiveElement(), 'the click reached the name field').to.equal(titleInput(el));
  });

  it('still names what is missing once the user has typed and cleared it, or presses Add', async () => {
    const api = await mockApi([listRoute([])]);
    const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'zh_CN' });
    await openAddDrawer(el);
    titleInput(el).focus();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Backspace' });
    await settle();
    expect(messageOf(el, titleInput(el))).to.equal('请输入公钥名称');
    submitButton(el).click();
    await settle();
    expect(messageOf(el, keyBox(el))).to.equal('请输入公钥');
  });
});
