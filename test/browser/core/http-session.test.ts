import { expect } from '@open-wc/testing';
import { createHttpClient, createUilessClient, sessionEndUrl } from '../../../src/core/http';
import { CLOUD_PROVIDER_HOME } from '../../../src/core/flavours';
import { DEFAULT_SETTINGS, configure, resetConfiguration } from '../../../src/core/settings';
import type { PageSettings } from '../../../src/core/settings';
import { mockApi } from '../fixtures/harness';

const SIGNED_OUT = { code: 'unauthenticated', message: 'Please sign in first', requestId: 'req-401' };

/** Records every `yx-session-end` reaching the window, and cancels it so the test page stays. */
function recordSessionEnds() {
  const seen: Array<{ url: string; target: EventTarget | null; cancelable: boolean; composed: boolean }> = [];
  const listener = (event: CustomEvent<{ url: string }>) => {
    event.preventDefault();
    seen.push({
      url: event.detail.url,
      target: event.target,
      cancelable: event.cancelable,
      composed: event.composed,
    });
  };
  window.addEventListener('yx-session-end', listener);
  return { seen, stop: () => window.removeEventListener('yx-session-end', listener) };
}

/** The page signs in again: the next session may end again. */
const signIn = () => window.dispatchEvent(new CustomEvent('yx-login', { detail: {} }));

describe('HTTP client, when the session ends', () => {
  let record: ReturnType<typeof recordSessionEnds>;
  let element: HTMLElement;
  beforeEach(() => {
    record = recordSessionEnds();
    element = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => {
    record.stop();
    element.remove();
    signIn();
    resetConfiguration();
  });

  async function clientFor(routes: Parameters<typeof mockApi>[0], overrides: Partial<PageSettings> = {}) {
    const api = await mockApi(routes);
    const settings = { ...DEFAULT_SETTINGS, locale: 'en_US' as const, host: api.host, ...overrides };
    return { api, http: createHttpClient({ settings: () => settings, target: element }) };
  }

  describe('given a call refused because nobody is signed in any more', () => {
    it('announces it from the element, once, with the sign-in address that comes back here', async () => {
      const { api, http } = await clientFor([
        { path: '/things', status: 401, body: SIGNED_OUT },
        { method: 'POST', path: '/things', status: 401, body: SIGNED_OUT },
      ]);
      const [error] = await http.get('/things');
      expect(error?.status, 'the caller still gets its error').to.equal(401);
      expect(record.seen).to.have.length(1);
      const [ended] = record.seen;
      expect(ended!.target).to.equal(element);
      expect(ended!.cancelable).to.equal(true);
      expect(ended!.composed).to.equal(true);
      expect(ended!.url).to.equal(`${api.host}/users/#/users/login?nextUrl=${encodeURIComponent(location.href)}`);

      // Every element on the screen fails the same way: the user is told once.
      await http.get('/things');
      await http.post('/things', { a: 1 });
      expect(record.seen).to.have.length(1);
    });

    it('announces the next end again once the user has signed in', async () => {
      const { http } = await clientFor([{ path: '/things', status: 401, body: SIGNED_OUT }]);
      await http.get('/things');
      signIn();
      await http.get('/things');
      expect(record.seen).to.have.length(2);
    });

    it('announces it again after a host hands the elements a new session token', async () => {
      const { http } = await clientFor([{ path: '/things', status: 401, body: SIGNED_OUT }]);
      configure({ csrfToken: 'first' });
      await http.get('/things');
      configure({ organizationId: 'org-2' });
      await http.get('/things');
      expect(record.seen, 'the same session').to.have.length(1);
      configure({ csrfToken: 'second' });
      await http.get('/things');
      expect(record.seen).to.have.length(2);
    });

    it('announces it once even when a write first has to fetch the current token', async () => {
      const { http } = await clientFor([
        { path: '/things', status: 401, body: SIGNED_OUT },
        { method: 'POST', path: '/things', status: 401, body: SIGNED_OUT },
        // The newest definition wins: the first write is refused for its token.
        { method: 'POST', path: '/things', status: 403, body: { code: 'csrf_invalid' }, times: 1 },
        { path: '/users/ajax/v1/page-settings', body: { csrfToken: 'visitor-token' } },
      ]);
      configure({ csrfToken: 'old-token' });
      await http.get('/things');
      const [error] = await http.post('/things', { a: 1 });
      expect(error?.code, 'refused again after the retry').to.equal('unauthenticated');
      expect(record.seen).to.have.length(1);
    });

    it("goes to the cloud provider's home page in the global flavour", async () => {
      const { http } = await clientFor([{ path: '/things', status: 401, body: SIGNED_OUT }], { flavour: 'global' });
      await http.get('/things');
      expect(record.seen.map((e) => e.url)).to.deep.equal([CLOUD_PROVIDER_HOME]);
    });

    it('is heard on the page when the element was removed meanwhile', async () => {
      const { http } = await clientFor([{ path: '/things', status: 401, body: SIGNED_OUT }]);
      element.remove();
      await http.get('/things');
      expect(record.seen.map((e) => e.target)).to.deep.equal([window]);
    });
  });

  describe('given a 401 that means something else', () => {
    it('does not end the session for a wrong password at sign-in', async () => {
      const { http } = await clientFor([
        {
          method: 'POST',
          path: '/users/ajax/login',
          status: 401,
          body: { code: 'account_or_password_incorrect', message: 'Incorrect account or password' },
        },
      ]);
      const [error] = await http.post('/users/ajax/login', { username: 'demo', password: 'nope' });
      expect(error?.code).to.equal('account_or_password_incorrect');
      expect(record.seen).to.deep.equal([]);
    });

    it('does not end the session when a bearer token is refused', async () => {
      const api = await mockApi([{ path: '/uiless/api/things', status: 401, body: SIGNED_OUT }]);
      const settings = { ...DEFAULT_SETTINGS, locale: 'en_US' as const, host: api.host, accessToken: 'pt-expired' };
      const uiless = createUilessClient({ settings: () => settings, target: element });
      const [error] = await uiless.get('/uiless/api/things');
      expect(error?.code).to.equal('unauthenticated');
      expect(record.seen).to.deep.equal([]);
    });

    it('does not end the session for a 401 without the server code', async () => {
      const { http } = await clientFor([{ path: '/things', status: 401, body: { message: 'Bad credential' } }]);
      await http.get('/things');
      expect(record.seen).to.deep.equal([]);
    });
  });
});

describe('sessionEndUrl', () => {
  it("is the account host's sign-in page, coming back to the given address", () => {
    expect(
      sessionEndUrl({ host: 'https://account.example.com/', flavour: 'standard' }, 'https://app.example.com/a#b'),
    ).to.equal('https://account.example.com/users/#/users/login?nextUrl=https%3A%2F%2Fapp.example.com%2Fa%23b');
    expect(sessionEndUrl({ host: '', flavour: 'dedicated' }, 'https://x/users/#/users/settings/ssh')).to.equal(
      '/users/#/users/login?nextUrl=https%3A%2F%2Fx%2Fusers%2F%23%2Fusers%2Fsettings%2Fssh',
    );
  });

  it("is the cloud provider's home page in the global flavour", () => {
    expect(sessionEndUrl({ host: '', flavour: 'global' }, 'https://x/')).to.equal(CLOUD_PROVIDER_HOME);
  });
});
