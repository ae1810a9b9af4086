/**
 * The default links of the elements a host app's page embeds (the badge, sign-in, the email
 * verification result) go to the account host's standalone page, served at `/users/`: a bare hash
 * route would stay on the host's own page. Given values (href, next-url, the page's nextUrl) still
 * win, and are still held to the same origin.
 */
import { expect } from '@open-wc/testing';
import '../../../elements/yx-unread-badge';
import '../../../elements/yx-login';
import '../../../elements/yx-email-verify-result';
import { mockApi, mountElement, settle, useNavigationCapture, waitFor } from '../fixtures/harness';
import { COUNT, counts, useFakeEventSource } from './notifications-fixtures';
import { baseRoutes, signIn } from './login-fixtures';
import { ACCOUNT_HOST, ACCOUNT_ORIGIN, routeCallsTo } from './account-host-fixtures';

const VERIFY = '/individual/proxy/my/email:verify';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

/** Mounts an element whose calls the fake API answers, whatever its `host` says. */
async function mountWithApi(tag: string, routes: Parameters<typeof mockApi>[0], attributes: Record<string, string>) {
  const api = await mockApi(routes);
  restoreFetch = routeCallsTo(api.host);
  return mountElement(tag, { locale: 'en_US', ...attributes });
}

let restoreFetch = () => {};

describe('default links to the account host', () => {
  const nav = useNavigationCapture();
  let restoreEventSource = () => {};
  const startUrl = location.href;
  beforeEach(() => {
    restoreEventSource = useFakeEventSource();
  });
  afterEach(() => {
    restoreFetch();
    restoreFetch = () => {};
    restoreEventSource();
    history.replaceState(null, '', startUrl);
  });

  describe('<yx-unread-badge>', () => {
    const link = (el: Element) => $(el, 'a[part="link"]') as HTMLAnchorElement;
    const mountBadge = async (attributes: Record<string, string>) => {
      const el = await mountWithApi(
        'yx-unread-badge',
        [{ method: 'POST', path: COUNT, body: counts({ codeup: 2 }) }],
        attributes,
      );
      await waitFor(() => link(el)?.dataset.count !== undefined, { message: 'count loaded' });
      return el;
    };

    it('links to the message centre on an account host of another origin', async () => {
      const el = await mountBadge({ host: ACCOUNT_HOST });
      const centre = `${ACCOUNT_ORIGIN}/users/#/users/notifications`;
      expect(link(el).getAttribute('href')).to.equal(centre);
      link(el).click();
      expect(nav.urls).to.deep.equal([centre]);
    });

    it('links to the standalone page of this origin without a host', async () => {
      const el = await mountBadge({});
      expect(link(el).getAttribute('href')).to.equal('/users/#/users/notifications');
      link(el).click();
      expect(nav.urls).to.deep.equal(['/users/#/users/notifications']);
    });

    it('still goes where a same-origin href says, and refuses another site for the default', async () => {
      const el = await mountBadge({ host: ACCOUNT_HOST, href: '#/inbox' });
      expect(link(el).getAttribute('href')).to.equal('#/inbox');
      el.setAttribute('href', 'https://evil.example/inbox');
      await settle();
      expect(link(el).getAttribute('href')).to.equal(`${ACCOUNT_ORIGIN}/users/#/users/notifications`);
    });
  });

  describe('<yx-login>', () => {
    const signedInTo = async (attributes: Record<string, string>) => {
      const el = await mountWithApi('yx-login', baseRoutes, attributes);
      await signIn(el);
      await waitFor(() => nav.urls.length === 1, { message: 'the navigation after sign-in' });
      return nav.urls;
    };

    it('goes to the profile settings on an account host of another origin', async () => {
      expect(await signedInTo({ host: ACCOUNT_HOST })).to.deep.equal([
        `${ACCOUNT_ORIGIN}/users/#/users/settings/profile`,
      ]);
    });

    it('goes to the standalone page of this origin without a host', async () => {
      expect(await signedInTo({})).to.deep.equal(['/users/#/users/settings/profile']);
    });

    it('still goes to a same-origin next-url', async () => {
      expect(await signedInTo({ host: ACCOUNT_HOST, 'next-url': '/projex/board?x=1' })).to.deep.equal([
        '/projex/board?x=1',
      ]);
    });

    it('still goes to the page’s nextUrl', async () => {
      history.replaceState(null, '', '#/users/login?nextUrl=' + encodeURIComponent('#/users/settings/ssh'));
      expect(await signedInTo({ host: ACCOUNT_HOST })).to.deep.equal(['#/users/settings/ssh']);
    });

    it('still refuses a next-url on another origin, the account host’s included, for the default', async () => {
      expect(await signedInTo({ host: ACCOUNT_HOST, 'next-url': `${ACCOUNT_ORIGIN}/steal` })).to.deep.equal([
        `${ACCOUNT_ORIGIN}/users/#/users/settings/profile`,
      ]);
    });
  });

  describe('<yx-email-verify-result>', () => {
    const verified = [
      { method: 'POST', path: VERIFY, body: { email: { address: 'lin@example.com', verified: true } } },
    ];
    const expired = [
      { method: 'POST', path: VERIFY, status: 400, body: { code: 'email_link_expired', message: 'expired' } },
    ];
    const press = async (el: Element, part: string) => {
      ((await waitFor(() => $(el, `[part~="${part}"]`), { message: part })) as HTMLButtonElement).click();
      return nav.urls;
    };
    const success = (attributes: Record<string, string>) =>
      mountWithApi('yx-email-verify-result', verified, { token: 't', seconds: '60', ...attributes });
    const failure = (attributes: Record<string, string>) =>
      mountWithApi('yx-email-verify-result', expired, { token: 't', ...attributes });

    it('goes to the profile settings on an account host of another origin', async () => {
      const settings = `${ACCOUNT_ORIGIN}/users/#/users/settings/profile`;
      expect(await press(await success({ host: ACCOUNT_HOST }), 'enter-button')).to.deep.equal([settings]);
      nav.urls.length = 0;
      document.body.innerHTML = '';
      restoreFetch();
      expect(await press(await failure({ host: ACCOUNT_HOST }), 'settings-button')).to.deep.equal([settings]);
    });

    it('goes to the standalone page of this origin without a host', async () => {
      const settings = '/users/#/users/settings/profile';
      expect(await press(await success({}), 'enter-button')).to.deep.equal([settings]);
      nav.urls.length = 0;
      document.body.innerHTML = '';
      restoreFetch();
      expect(await press(await failure({}), 'settings-button')).to.deep.equal([settings]);
    });

    it('still goes to a same-origin next-url, and refuses another origin’s for the default', async () => {
      const given = await success({ host: ACCOUNT_HOST, 'next-url': '#/users/settings/personalAccessToken' });
      expect(await press(given, 'enter-button')).to.deep.equal(['#/users/settings/personalAccessToken']);
      nav.urls.length = 0;
      document.body.innerHTML = '';
      restoreFetch();
      const refused = await success({ host: ACCOUNT_HOST, 'next-url': `${ACCOUNT_ORIGIN}/steal` });
      expect(await press(refused, 'enter-button')).to.deep.equal([`${ACCOUNT_ORIGIN}/users/#/users/settings/profile`]);
    });
  });
});
