import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../elements/yx-settings';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import { defineFakeSections, appsRoute, helpRoute, mediaChangesInBackground } from '../features/settings-fixtures';
import { expectFocusRing, expectFocused, focused, pageStart, press, shiftTab, tabTo } from './keys';

// Stand-ins for the section elements, so no section bundle loads and no section calls the API.
defineFakeSections();

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const link = (el: Element, key: string) => $(el, `[part~="nav-link"][data-key="${key}"]`);

describe('<yx-settings> with the keyboard alone', function () {
  this.timeout(45_000);
  let restoreMedia: () => void;
  let urls: string[];
  const onNavigate = (e: Event) => {
    e.preventDefault();
    urls.push((e as CustomEvent<{ url: string }>).detail.url);
  };
  before(async () => {
    restoreMedia = mediaChangesInBackground();
    await setViewport({ width: 1400, height: 800 });
  });
  after(async () => {
    restoreMedia();
    await setViewport({ width: 800, height: 600 });
  });
  beforeEach(() => {
    urls = [];
    document.addEventListener('yx-navigate', onNavigate);
  });
  afterEach(() => {
    document.removeEventListener('yx-navigate', onNavigate);
    document.body.innerHTML = '';
  });

  it('walks the top bar and the menu, opens a section with Enter, resizes and collapses the menu', async () => {
    const api = await mockApi([appsRoute(['codeup', 'packages']), helpRoute()]);
    const el = await mountElement('yx-settings', { host: api.host, locale: 'en_US', section: 'profile' });
    await waitFor(() => $(el, '[part="help-link"]'), { message: 'the shell with its help link' });

    pageStart();
    await press('Tab');
    expectFocused($(el, '[part="home-link"]'), 'the home link');
    expectFocusRing();
    await press('Tab');
    expectFocused($(el, '[part="help-link"]'), 'the help link');
    expectFocusRing();
    await press('Tab');
    const toggle = expectFocused($(el, '[part~="sidebar-toggle"]'), 'the menu toggle');
    expectFocusRing();
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');

    // The menu: one stop per section, in order, the current one marked.
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await press('Tab');
      expectFocusRing();
      order.push(focused()!.dataset.key ?? focused()!.localName);
    }
    expect(order).to.deep.equal(['profile', 'personalAccessToken', 'ssh', 'packagesCredential', 'third-party']);
    expect(link(el, 'profile')!.getAttribute('aria-current')).to.equal('page');

    // Enter on SSH keys: the host routes it, sets the section, and focus stays on the link.
    await shiftTab();
    await shiftTab();
    expectFocused(link(el, 'ssh'), 'SSH keys');
    await press('Enter');
    expect(urls).to.deep.equal(['#/users/settings/ssh']);
    el.setAttribute('section', 'ssh');
    await waitFor(() => link(el, 'ssh')!.getAttribute('aria-current') === 'page', { message: 'SSH keys current' });
    expectFocused(link(el, 'ssh'), 'SSH keys, still');
    await waitFor(() => $(el, 'yx-ssh-keys'), { message: 'the SSH keys section' });

    // After the menu, its resizable edge.
    const resizer = await tabTo((f) => f.getAttribute('role') === 'separator', { max: 3, message: 'the resizer' });
    expectFocusRing();
    const before = Number(resizer.getAttribute('aria-valuenow'));
    await press('ArrowRight');
    expect(Number(resizer.getAttribute('aria-valuenow'))).to.be.greaterThan(before);
    await press('Home');
    expect(resizer.getAttribute('aria-valuenow')).to.equal(resizer.getAttribute('aria-valuemin'));

    // Collapse the menu from its toggle; the links stay reachable and named.
    await tabTo((f) => f === toggle, { backwards: true, message: 'the menu toggle' });
    await press('Enter');
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'false', { message: 'the menu collapsed' });
    expectFocused(toggle, 'the menu toggle, still');
    expect($(el, '[role="separator"]') === null, 'no resizer while collapsed').to.equal(true);
    await press('Tab');
    expectFocused(link(el, 'profile'), 'Personal information');
    expectFocusRing();
    // Its name shows beside the icon while it has focus.
    const label = focused()!.querySelector<HTMLElement>('.yx-settings-nav__label')!;
    expect(label.textContent).to.equal(focused()!.textContent);
    expect(label.getBoundingClientRect().width, 'the name is shown').to.be.greaterThan(40);
    await press('Enter');
    expect(urls).to.deep.equal(['#/users/settings/ssh', '#/users/settings/profile']);
  });
});
