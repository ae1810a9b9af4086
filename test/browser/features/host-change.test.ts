/** An element whose `host` attribute changes after it rendered shows the new API's data. */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-message-centre';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { SEARCH, page as tokenPage, token } from './tokens-fixtures';
import { COUNT, LIST, counts, message, page as messagePage, useCentreTestPage } from './notifications-fixtures';

const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const texts = (el: Element, selector: string) => $$(el, selector).map((e) => e.textContent);

describe('an element told to use another API host', () => {
  useCentreTestPage();

  it('<yx-token-manager> lists the tokens of the new host', async () => {
    const first = await mockApi([
      { method: 'POST', path: SEARCH, body: tokenPage([token('a', { name: 'first-host' })]) },
    ]);
    const second = await mockApi([
      { method: 'POST', path: SEARCH, body: tokenPage([token('b', { name: 'second-host' })]) },
    ]);
    const el = await mountElement('yx-token-manager', { host: first.host, locale: 'en_US' });
    await waitFor(() => texts(el, '[part="token-name"]').includes('first-host'), { message: 'the first list' });
    el.setAttribute('host', second.host);
    await waitFor(() => texts(el, '[part="token-name"]').join() === 'second-host', { message: 'the second list' });
    expect((await second.calls()).filter((c) => c.path === SEARCH).length).to.equal(1);
  });

  it('<yx-message-centre> lists the messages and counts of the new host', async () => {
    const first = await mockApi([
      { method: 'POST', path: LIST, body: messagePage([message('m1', { title: 'From the first host' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const second = await mockApi([
      { method: 'POST', path: LIST, body: messagePage([message('m2', { title: 'From the second host' })]) },
      { method: 'POST', path: COUNT, body: counts({ codeup: 1 }) },
    ]);
    const el = await mountElement('yx-message-centre', { host: first.host, locale: 'en_US' });
    await waitFor(() => texts(el, '[part="message-title"]').includes('From the first host'), {
      message: 'the first list',
    });
    el.setAttribute('host', second.host);
    await waitFor(() => texts(el, '[part="message-title"]').join() === 'From the second host', {
      message: 'the second list',
    });
    const calls = (await second.calls()).map((c) => c.path);
    expect(calls).to.include(LIST).and.include(COUNT);
  });
});
