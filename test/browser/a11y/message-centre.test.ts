// The states features/notifications-keyboard.test.ts does not check with axe: loading, the Unread
// tab, and the empty, error and confirmation states in Chinese.
import '../../../elements/yx-message-centre';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { COUNT, LIST, counts, message, page, useCentreTestPage } from '../features/notifications-fixtures';
import { focused, press, stillFrame } from '../keyboard/keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const inbox = [message('1', { title: 'First' }), message('2', { title: 'Second', read: true })];

describe('<yx-message-centre> accessibility, remaining states', () => {
  useCentreTestPage();

  for (const locale of ['en_US', 'zh_CN']) {
    it(`lets every user read the centre while it loads (${locale})`, async () => {
      const api = await mockApi([
        { method: 'POST', path: LIST, body: page(inbox), delayMs: 5000 },
        { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
      ]);
      const el = await mountElement('yx-message-centre', { host: api.host, locale });
      await waitFor(() => $(el, '[part="message-centre"][data-status="loading"]'), { message: 'the loading state' });
      await expectNoAxeViolations(el.shadowRoot!);
    });
  }

  it('lets every user read the Unread tab', async () => {
    const api = await mockApi([
      { method: 'POST', path: LIST, body: page(inbox) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const el = await mountElement('yx-message-centre', { host: api.host, locale: 'en_US' });
    const all = (await waitFor(() => $(el, '[role="tab"][aria-selected="true"]'), { message: 'the tabs' }))!;
    all.focus();
    await press('ArrowRight');
    await waitFor(() => focused()?.getAttribute('aria-selected') === 'true' && focused() !== all, {
      message: 'the Unread tab',
    });
    await waitFor(() => $(el, '[part="message-centre"][data-tab="unread"][data-status="ready"]'), {
      message: 'the unread list',
    });
    await expectNoAxeViolations(el.shadowRoot!);
  });

  it('lets every user read the empty and error states and the confirmation in Chinese', async () => {
    const empty = await mockApi([
      { method: 'POST', path: LIST, body: page([]) },
      { method: 'POST', path: COUNT, body: [] },
    ]);
    const a = await mountElement('yx-message-centre', { host: empty.host, locale: 'zh_CN' });
    await waitFor(() => $(a, '[part="result"]'), { message: 'the empty state' });
    await expectNoAxeViolations(a.shadowRoot!);
    a.remove();

    const broken = await mockApi([
      { method: 'POST', path: LIST, status: 500, body: {} },
      { method: 'POST', path: COUNT, body: [] },
    ]);
    const b = await mountElement('yx-message-centre', { host: broken.host, locale: 'zh_CN' });
    await waitFor(() => $(b, '[part="result"][data-status="error"]'), { message: 'the error state' });
    await expectNoAxeViolations(b.shadowRoot!);
    b.remove();

    const api = await mockApi([
      { method: 'POST', path: LIST, body: page(inbox) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const c = await mountElement('yx-message-centre', { host: api.host, locale: 'zh_CN' });
    (await waitFor(() => $(c, '[part~="clear-read-button"]'), { message: 'the centre' }))!.click();
    // The confirmation's code loads on demand: the first file of a cold, loaded run may wait for it.
    await waitFor(() => $(c, '[role="alertdialog"]'), { message: 'the confirmation', timeout: 10_000 });
    await stillFrame(c);
    await expectNoAxeViolations(c.shadowRoot!);
  });
});
