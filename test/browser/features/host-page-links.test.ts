/**
 * The links and navigations of the elements a host app's page embeds (sign-in, forgot password,
 * token creation, the error pages) go to the account host's standalone page, served at `/users/`:
 * a bare hash route would only change the host app's own hash. Each is still announced with a
 * cancelable `yx-navigate` (or `yx-relogin`) carrying the address, so a host can route it itself;
 * with no host they stay on this origin's standalone page.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import '../../../elements/yx-password-reset';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-error-page';
import { deepActiveElement, mockApi, mountElement, waitFor } from '../fixtures/harness';
import { PROVIDERS, baseRoutes, refusal, signIn } from './login-fixtures';
import { confirmAccount, resetRoutes, resetStep } from './password-reset-fixtures';
import { scopeRoutes } from './tokens-fixtures';
import { CLOUD_PROVIDER_HOME } from '../../../src/core/flavours';
import { ACCOUNT_HOST, ACCOUNT_ORIGIN, routeCallsTo } from './account-host-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

/** A navigation event as the host sees it. */
interface Seen {
  type: string;
  url: string;
  cancelable: boolean;
}

/** Records `yx-navigate` and `yx-relogin` and cancels them, as a host with its own router does. */
function captureHostRouting() {
  const seen: Seen[] = [];
  const listener = (e: Event) => {
    seen.push({ type: e.type, url: (e as CustomEvent<{ url: string }>).detail.url, cancelable: e.cancelable });
    e.preventDefault();
  };
  for (const type of ['yx-navigate', 'yx-relogin']) document.addEventListener(type, listener);
  return {
    seen,
    stop: () => {
      for (const type of ['yx-navigate', 'yx-relogin']) document.removeEventListener(type, listener);
    },
  };
}

/** Where a route of the standalone page is: on the account host, or on this origin without one. */
const CASES = [
  { name: 'an account host of another origin', attributes: { host: ACCOUNT_HOST }, page: `${ACCOUNT_ORIGIN}/users/` },
  { name: 'no host', attributes: {} as Record<string, string>, page: '/users/' },
] as const;

describe('links to the account host’s standalone page', () => {
  let nav = captureHostRouting();
  let restoreFetch = () => {};
  const startUrl = location.href;
  beforeEach(() => {
    nav = captureHostRouting();
  });
  afterEach(() => {
    nav.stop();
    restoreFetch();
    restoreFetch = () => {};
    document.body.innerHTML = '';
    history.replaceState(null, '', startUrl);
  });

  /** Mounts an element whose calls the fake API answers, whatever its `host` says. */
  async function mountWithApi(tag: string, routes: Parameters<typeof mockApi>[0], attributes: Record<string, string>) {
    const api = await mockApi(routes);
    restoreFetch = routeCallsTo(api.host);
    return mountElement(tag, { locale: 'en_US', ...attributes });
  }

  /** Clicks, then checks the host was asked (cancelably) to go to `url`, and the page stayed. */
  function expectRouted(click: () => void, url: string, type = 'yx-navigate') {
    nav.seen.length = 0;
    click();
    expect(nav.seen).to.deep.equal([{ type, url, cancelable: true }]);
    expect(location.href, 'the host took it over').to.equal(startUrl);
  }

  for (const { name, attributes, page } of CASES) {
    describe(`given ${name}`, () => {
      it('<yx-login> links Forgot Password to the standalone page', async () => {
        const el = await mountWithApi('yx-login', baseRoutes, attributes);
        const link = (await waitFor(() => $(el, '[part="forgot-link"]'))) as HTMLAnchorElement;
        const url = `${page}#/users/resetpassword`;
        expect(link.getAttribute('href')).to.equal(url);
        expectRouted(() => link.click(), url);
      });

      it('<yx-login> sends a directory sign-in failure to the standalone page’s failure page', async () => {
        const ldap = { providers: [], ldap: { enabled: true, kinds: ['ldap'] } };
        const routes = [
          ...baseRoutes,
          { method: 'GET', path: PROVIDERS, body: ldap },
          refusal(400, 'bound_account_not_found'),
        ];
        const el = await mountWithApi('yx-login', routes, attributes);
        ((await waitFor(() => $(el, 'button[data-mode="ldap"]'))) as HTMLButtonElement).click();
        await signIn(el);
        await waitFor(() => nav.seen.length === 1, { message: 'the navigation' });
        expect(nav.seen).to.deep.equal([
          { type: 'yx-navigate', url: `${page}#/login/errors?reason=bound-account-not-found`, cancelable: true },
        ]);
        expect(location.href).to.equal(startUrl);
      });

      it('<yx-password-reset> links back to sign-in from a step and from the success screen', async () => {
        const el = await mountWithApi('yx-password-reset', resetRoutes, attributes);
        const url = `${page}#/users/login`;
        const link = (await waitFor(() => $(el, '[part="login-link"]'))) as HTMLAnchorElement;
        expect(link.getAttribute('href')).to.equal(url);
        expectRouted(() => link.click(), url);

        await confirmAccount(el);
        await waitFor(() => resetStep(el) === 'verify', { message: 'step 2' });
        ((await waitFor(() => $(el, '[part~="send-button"]'))) as HTMLButtonElement).click();
        await waitFor(() => deepActiveElement() === $(el, 'input[name="code"]'), { message: 'the code field' });
        await sendKeys({ type: '135790' });
        await sendKeys({ press: 'Enter' });
        await waitFor(() => resetStep(el) === 'reset', { message: 'step 3' });
        await sendKeys({ type: 'Fresh#pw9' });
        $(el, 'input[name="confirm_password"]')!.focus();
        await sendKeys({ type: 'Fresh#pw9' });
        await sendKeys({ press: 'Enter' });
        const done = (await waitFor(() => $(el, '[part~="login-button"]'), {
          message: 'the success screen',
        })) as HTMLButtonElement;
        expectRouted(() => done.click(), url);
      });

      it('<yx-token-manager view="create"> goes back to the token list', async () => {
        const el = await mountWithApi('yx-token-manager', scopeRoutes, { ...attributes, view: 'create' });
        const cancel = (await waitFor(() => $(el, '[part~="cancel-button"]'))) as HTMLButtonElement;
        expectRouted(() => cancel.click(), `${page}#/users/settings/personalAccessToken`);
      });

      it('<yx-error-page> offers Switch Organization on the standalone page', async () => {
        const el = await mountElement('yx-error-page', { ...attributes, type: 'organization-inaccessible' });
        const button = $(el, '[part="actions"] button') as HTMLButtonElement;
        expectRouted(() => button.click(), `${page}#/users/switch/organization`);
      });

      it('<yx-error-page> signs in again on the standalone page (login failure, RAM user)', async () => {
        for (const type of ['login-failure', 'no-organization', 'ram-user']) {
          const el = await mountElement('yx-error-page', { ...attributes, type, flavour: 'standard' });
          const button = $(el, '[part="actions"] button') as HTMLButtonElement;
          expectRouted(() => button.click(), `${page}#/users/login`, 'yx-relogin');
          el.remove();
        }
      });
    });
  }

  it('<yx-error-page> still signs in again on the cloud provider’s site in the global flavour', async () => {
    const el = await mountElement('yx-error-page', { host: ACCOUNT_HOST, type: 'login-failure', flavour: 'global' });
    ($(el, '[part="actions"] button') as HTMLButtonElement).click();
    expect(nav.seen).to.deep.equal([{ type: 'yx-relogin', url: CLOUD_PROVIDER_HOME, cancelable: true }]);
  });
});
