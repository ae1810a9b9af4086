import { expect } from '@open-wc/testing';
import '../../../elements/yx-org-switcher';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import {
  LAST_WORKSPACE_PATH,
  org,
  orgRange,
  page,
  pageRoutes,
  switchOk,
  switchRefused,
} from '../features/org-switcher-fixtures';
import {
  callsMatching,
  expectFocused,
  expectFocusRing,
  focused,
  focusLandsOn,
  pageStart,
  press,
  shiftTab,
  type,
} from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const orgButtons = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="org"]')];
const nameOf = (button: Element | null) => button?.querySelector('[part="org-name"]')?.textContent ?? null;

describe('<yx-org-switcher> with the keyboard alone', () => {
  let changes: Array<{ organizationId: string; url: string }>;
  const onChange = (e: Event) => {
    e.preventDefault();
    changes.push((e as CustomEvent<{ organizationId: string; url: string }>).detail);
  };
  beforeEach(() => {
    changes = [];
    document.addEventListener('yx-org-change', onChange);
  });
  afterEach(() => {
    document.removeEventListener('yx-org-change', onChange);
    document.body.innerHTML = '';
  });

  it('filters by typing, then chooses the match with Enter', async () => {
    const api = await mockApi([
      ...pageRoutes(page([org(1, { name: 'Acme Rockets', current: true }), org(2, { name: 'Beta' }), org(3)])),
      switchOk,
    ]);
    const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'en_US', 'next-url': '/projects' });
    await waitFor(() => orgButtons(el).length === 3, { message: 'the list' });

    pageStart();
    await press('Tab');
    const filter = expectFocused($(el, 'input[type="search"]'), 'the filter');
    expectFocusRing();
    await type('bet');
    await waitFor(() => orgButtons(el).length === 1, { message: 'one match' });
    expect($(el, '[part="count"]')!.textContent).to.equal('Organizations shown: 1 of 3');

    await press('Tab');
    expectFocused(orgButtons(el)[0], 'Beta');
    expect(nameOf(focused())).to.equal('Beta');
    expectFocusRing();
    await press('Enter');
    const [call] = await callsMatching(api, (c) => c.path === LAST_WORKSPACE_PATH);
    expect(call!.method).to.equal('PUT');
    await waitFor(() => changes.length === 1, { message: 'yx-org-change' });
    expect(changes[0]).to.deep.equal({ organizationId: 'org-2', url: '/projects' });

    // Back in the filter, Escape empties it and the whole list returns.
    await shiftTab();
    expectFocused(filter, 'the filter');
    await press('Escape');
    await waitFor(() => orgButtons(el).length === 3, { message: 'the whole list' });
  });

  it('walks the list with the arrows and keeps focus on an organization the server refuses', async () => {
    const api = await mockApi([...pageRoutes(page(orgRange(1, 6))), switchRefused(403, 'order_expired', 'expired')]);
    const el = await mountElement('yx-org-switcher', { host: api.host, locale: 'zh_CN' });
    await waitFor(() => orgButtons(el).length === 6, { message: 'the list' });

    pageStart();
    await press('Tab');
    await press('Tab');
    expectFocused(orgButtons(el)[0], 'the first organization');
    expectFocusRing();
    await press('ArrowDown');
    expectFocused(orgButtons(el)[1], 'the second organization');
    expectFocusRing();
    await press('End');
    expectFocused(orgButtons(el)[5], 'the last organization');
    await press('ArrowUp');
    expectFocused(orgButtons(el)[4], 'the fifth organization');
    await press('Home');
    expectFocused(orgButtons(el)[0], 'the first organization');

    await press('ArrowDown');
    await press('Enter');
    await waitFor(() => $(el, '[part="switch-error"]'), { message: 'the refusal' });
    expect(changes).to.deep.equal([]);
    await focusLandsOn(() => orgButtons(el)[1], 'focus kept on the refused organization');
    expect(orgButtons(el)[1]!.getAttribute('aria-disabled')).to.equal(null);
  });
});
