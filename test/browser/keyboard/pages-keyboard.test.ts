import { expect } from '@open-wc/testing';
import '../../../elements/yx-app-entry';
import '../../../elements/yx-email-verify-result';
import '../../../elements/yx-error-page';
import '../../../elements/yx-unread-badge';
import { ERROR_TYPES, ERROR_TYPE_NAMES } from '../../../src/features/errors/types';
import type { ErrorAction } from '../../../src/features/errors/types';
import { mockApi, mountElement, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { COUNT, counts, useFakeEventSource } from '../features/notifications-fixtures';
import { captureEvents } from '../features/settings-fixtures';
import {
  containsDeep,
  expectFocused,
  expectFocusRing,
  focused,
  focusLandsOn,
  nameOf,
  pageStart,
  press,
  shiftTab,
} from './keys';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];

/** A button of the host page after the element: Tab from the element's last control lands here,
 * so nothing in the element holds focus. */
function pageEnd(): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'Page end';
  document.body.append(button);
  return button;
}

/** Tab from the element's last control leaves it for the page's next control. */
async function tabLeaves(el: Element, end: HTMLElement): Promise<void> {
  await press('Tab');
  expect(containsDeep(el, focused()), `focus left ${el.localName} (it is on ${nameOf(focused())})`).to.equal(false);
  expectFocused(end, 'the page control after the element');
}

describe('the page elements with the keyboard alone', () => {
  let navigate: ReturnType<typeof captureEvents<{ url: string }>>;
  let relogin: ReturnType<typeof captureEvents<{ url: string }>>;
  beforeEach(() => {
    navigate = captureEvents<{ url: string }>('yx-navigate');
    relogin = captureEvents<{ url: string }>('yx-relogin');
  });
  afterEach(() => {
    navigate.stop();
    relogin.stop();
    document.body.innerHTML = '';
  });

  describe('<yx-error-page>', () => {
    /** What each way out fires; Reload reloads the page itself (not an event), so it is reached and
     * ringed but not pressed here. */
    const expected = (action: ErrorAction, host: string): { type: 'navigate' | 'relogin'; url: string } | null => {
      switch (action) {
        case 'home':
          return { type: 'navigate', url: '/home' };
        case 'switch-organization':
          return { type: 'navigate', url: `${host}/users/#/users/switch/organization` };
        case 'sign-in-again':
        case 'ram-user':
          return { type: 'relogin', url: `${host}/users/#/users/login` };
        case 'reload':
        case 'retry':
          return null;
      }
    };

    for (const type of ERROR_TYPE_NAMES) {
      it(`${type}: Tab reaches each way out in order with a ring, Enter or Space takes it, and Tab leaves`, async () => {
        const host = location.origin;
        const el = await mountElement('yx-error-page', { type, locale: 'en_US', host, 'home-url': '/home' });
        const end = pageEnd();
        const buttons = $$(el, '[part=actions] button');
        const actions = ERROR_TYPES[type].actions;
        expect(buttons.length, 'one button per way out').to.equal(actions.length);

        pageStart();
        for (const [i, action] of actions.entries()) {
          await press('Tab');
          expectFocused(buttons[i], `the ${action} button`);
          expectFocusRing();
          const outcome = expected(action, host);
          if (!outcome) continue;
          // The first way out with Enter, the others with Space: both are a button's keys.
          const before = navigate.details.length + relogin.details.length;
          await press(i === 0 ? 'Enter' : 'Space');
          const seen = outcome.type === 'navigate' ? navigate.details : relogin.details;
          await waitFor(() => navigate.details.length + relogin.details.length === before + 1, {
            message: `the ${action} event`,
          });
          expect(seen.at(-1)).to.deep.equal({ url: outcome.url });
          expectFocused(buttons[i], `the ${action} button, still focused after it was taken over`);
        }
        await tabLeaves(el, end);
      });
    }
  });

  describe('<yx-app-entry>', () => {
    const ORG = 'org-42';
    const routes = (apps: MockRoute): MockRoute[] => [
      {
        method: 'GET',
        path: `/uiless/api/organizations/${ORG}`,
        body: { result: { _id: ORG, name: 'Acme', logo: '' } },
      },
      apps,
      ...['projex', 'codeup', 'packages'].map((app) => ({
        method: 'GET' as const,
        path: `/uiless/api/organizations/${ORG}/apps/${app}`,
        body: { result: { identity: app, app: { raw_url: `https://${app}.example.com/${ORG}` } } },
      })),
    ];
    const appsRoute: MockRoute = {
      method: 'GET',
      path: '/uiless/api/my/apps',
      body: { apps: ['projex', 'codeup', 'packages'].map((identity) => ({ identity })) },
    };

    it('Tab goes through the apps in order with a ring, Enter and Space open one, and Tab leaves', async () => {
      const api = await mockApi(routes(appsRoute));
      const el = await mountElement('yx-app-entry', { host: api.host, locale: 'en_US', 'organization-id': ORG });
      await waitFor(() => $$(el, '[part~="app"]').length === 3, { message: 'the apps' });
      const end = pageEnd();
      const apps = $$(el, '[part~="app"]');

      pageStart();
      for (const [i, app] of apps.entries()) {
        await press('Tab');
        expectFocused(app, `app ${i + 1}`);
        expectFocusRing();
      }
      await tabLeaves(el, end);
      // Back to Codeup with Shift+Tab, opened with Enter; then Packages with Space.
      await shiftTab();
      await shiftTab();
      expectFocused(apps[1], 'Codeup, reached backwards');
      expectFocusRing();
      await press('Enter');
      await waitFor(() => navigate.details.length === 1, { message: 'yx-navigate for Codeup' });
      expect(navigate.details[0]).to.deep.equal({ url: `https://codeup.example.com/${ORG}` });
      await press('Tab');
      expectFocused(apps[2], 'Packages');
      await press('Space');
      await waitFor(() => navigate.details.length === 2, { message: 'yx-navigate for Packages' });
      expect(navigate.details[1]).to.deep.equal({ url: `https://packages.example.com/${ORG}` });
      await tabLeaves(el, end);
    });

    it('offers Retry after a failed load, reached by Tab and pressed with Enter', async () => {
      const api = await mockApi(routes({ method: 'GET', path: '/uiless/api/my/apps', status: 500, body: {} }));
      const el = await mountElement('yx-app-entry', { host: api.host, locale: 'en_US', 'organization-id': ORG });
      await waitFor(() => $(el, '[part~="app-entry"][data-status="error"]'), { message: 'the error panel' });
      await api.define(routes(appsRoute));
      const end = pageEnd();
      pageStart();
      await press('Tab');
      const retry = expectFocused($(el, '[part="result"] button'), 'Retry');
      expect(retry.textContent).to.equal('Retry');
      expectFocusRing();
      await tabLeaves(el, end);
      await shiftTab();
      expectFocused(retry, 'Retry, reached backwards');
      await press('Enter');
      await waitFor(() => $$(el, '[part~="app"]').length === 3, { message: 'the apps after Retry' });
    });
  });

  describe('<yx-email-verify-result>', () => {
    const VERIFY = '/individual/proxy/my/email:verify';

    it('reaches Enter Now with Tab while the countdown runs, keeps focus on it as it ticks, and Enter goes on', async () => {
      const api = await mockApi([
        { method: 'POST', path: VERIFY, body: { email: { address: 'lin@example.com', verified: true } } },
      ]);
      const el = await mountElement('yx-email-verify-result', {
        host: api.host,
        locale: 'en_US',
        token: 'tok-1',
        seconds: '3',
        'next-url': '#/users/settings/ssh',
      });
      await waitFor(() => $(el, '[part~="enter-button"]'), { message: 'the success panel' });
      const end = pageEnd();
      pageStart();
      await press('Tab');
      const enter = expectFocused($(el, '[part~="enter-button"]'), 'Enter Now');
      expectFocusRing();
      // The countdown ticks without taking focus away.
      await waitFor(() => $(el, '[part="countdown"]')!.dataset.seconds !== '3', { message: 'a tick' });
      expectFocused(enter, 'Enter Now, after a tick');
      await press('Enter');
      await waitFor(() => navigate.details.length >= 1, { message: 'yx-navigate' });
      expect(navigate.details[0]).to.deep.equal({ url: '#/users/settings/ssh' });
      await tabLeaves(el, end);
    });

    it('reaches Go to Personal Settings on a failed link, and Space takes it', async () => {
      const api = await mockApi([
        { method: 'POST', path: VERIFY, status: 400, body: { code: 'email_link_expired', message: 'expired' } },
      ]);
      const el = await mountElement('yx-email-verify-result', { host: api.host, locale: 'en_US', token: 'tok-1' });
      const settingsButton = await waitFor(() => $(el, '[part~="settings-button"]'), { message: 'the failure' });
      const end = pageEnd();
      pageStart();
      await press('Tab');
      expectFocused(settingsButton, 'Go to Personal Settings');
      expectFocusRing();
      await press('Space');
      await waitFor(() => navigate.details.length === 1, { message: 'yx-navigate' });
      expect(navigate.details[0]).to.deep.equal({ url: `${api.host}/users/#/users/settings/profile` });
      await tabLeaves(el, end);
    });
  });

  describe('<yx-unread-badge>', () => {
    let restoreEventSource: () => void;
    beforeEach(() => {
      restoreEventSource = useFakeEventSource();
    });
    afterEach(() => restoreEventSource());

    it('is one Tab stop with a ring, Enter follows it through yx-navigate, and Tab leaves', async () => {
      const api = await mockApi([{ method: 'POST', path: COUNT, body: counts({ codeup: 3 }) }]);
      const el = await mountElement('yx-unread-badge', { host: api.host, locale: 'en_US', href: '#/inbox' });
      const link = (await waitFor(() => $(el, 'a[part="link"][data-count="3"]'), { message: 'the count' }))!;
      const end = pageEnd();
      pageStart();
      await press('Tab');
      expectFocused(link, 'the badge link');
      expectFocusRing();
      await press('Enter');
      await waitFor(() => navigate.details.length === 1, { message: 'yx-navigate' });
      expect(navigate.details[0]).to.deep.equal({ url: '#/inbox' });
      await focusLandsOn(() => link, 'focus still on the link');
      await tabLeaves(el, end);
    });
  });
});
