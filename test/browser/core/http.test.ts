import { expect } from '@open-wc/testing';
import { addHttpErrorListener, createHttpClient, createUilessClient, HttpError } from '../../../src/core/http';
import type { HttpResult } from '../../../src/core/http';
import { DEFAULT_SETTINGS, resetConfiguration, resolveSettings } from '../../../src/core/settings';
import { mockApi } from '../fixtures/harness';
import type { PageSettings } from '../../../src/core/settings';

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

const settings = (overrides: Partial<PageSettings> = {}): (() => PageSettings) => {
  return () => ({ ...DEFAULT_SETTINGS, locale: 'en_US', ...overrides });
};

function expectError<T>(result: HttpResult<T>): HttpError {
  const [error, value] = result;
  expect(value).to.equal(null);
  expect(error).to.be.instanceOf(HttpError);
  return error!;
}

function expectValue<T>(result: HttpResult<T>): T {
  const [error, value] = result;
  expect(error, error?.message).to.equal(null);
  return value as T;
}

describe('HTTP client', () => {
  describe('given page settings with a CSRF token, app and organization', () => {
    const http = createHttpClient({
      settings: settings({ csrfToken: 'csrf-1', appId: 'codeup', organizationId: 'org-9' }),
    });

    it('marks every call as XHR and sends the CSRF token, but keeps app and tenant ids off ordinary paths', async () => {
      const echo = expectValue(await http.get<Echo>('/__fixture/echo'));
      expect(echo.headers['x-requested-with']).to.equal('XMLHttpRequest');
      expect(echo.headers['x-csrf-token']).to.equal('csrf-1');
      expect(echo.headers).not.to.have.property('x-app-id');
      expect(echo.headers).not.to.have.property('x-tenant-id');
    });

    it('adds the app and tenant ids on /uiless/ paths', async () => {
      const echo = expectValue(await http.get<Echo>('/__fixture/api/uiless/apps/codeup'));
      expect(echo.headers['x-app-id']).to.equal('codeup');
      expect(echo.headers['x-tenant-id']).to.equal('org-9');
      expect(echo.headers['x-requested-with']).to.equal('XMLHttpRequest');
    });

    it('sends a plain object as JSON and query params without the empty ones', async () => {
      const echo = expectValue(
        await http.post<Echo>('/__fixture/echo', { name: 'ci', n: 2 }, { params: { a: 1, skip: undefined, b: 'x y' } }),
      );
      expect(echo.method).to.equal('POST');
      expect(JSON.parse(echo.body)).to.deep.equal({ name: 'ci', n: 2 });
      expect(echo.headers['content-type']).to.equal('application/json');
      expect(echo.query).to.equal('?a=1&b=x+y');
    });

    it('supports PUT, PATCH and DELETE', async () => {
      expect(expectValue(await http.put<Echo>('/__fixture/echo', { a: 1 })).method).to.equal('PUT');
      expect(expectValue(await http.patch<Echo>('/__fixture/echo', { a: 1 })).method).to.equal('PATCH');
      expect(expectValue(await http.delete<Echo>('/__fixture/echo')).method).to.equal('DELETE');
    });
  });

  it('leaves the CSRF header out when no token is known', async () => {
    const http = createHttpClient({ settings: settings() });
    const echo = expectValue(await http.get<Echo>('/__fixture/echo'));
    expect(echo.headers).not.to.have.property('x-csrf-token');
  });

  it('sends cookies and talks to the configured host, even when the query holds another URL', async () => {
    let seen: RequestInit | undefined;
    let seenUrl = '';
    const http = createHttpClient({
      settings: settings({ host: location.origin }),
      fetch: (input, init) => {
        seen = init;
        seenUrl = String(input);
        return fetch(input, init);
      },
    });
    const echo = expectValue(await http.get<Echo>('/__fixture/echo', { params: { next: 'https://x.test/a' } }));
    expect(seen?.credentials).to.equal('include');
    expect(seenUrl.startsWith(location.origin + '/__fixture/echo?')).to.equal(true);
    expect(echo.path).to.equal('/__fixture/echo');
  });

  it('shows a server failure as a system exception with the request id, keeping body and status', async () => {
    const http = createHttpClient({ settings: settings() });
    const error = expectError(await http.get('/__fixture/status/503'));
    expect(error.kind).to.equal('server');
    expect(error.status).to.equal(503);
    expect(error.message).to.equal('System exception, please try again (request ID: req-fixture-42)');
    expect(error.requestId).to.equal('req-fixture-42');
    expect(error.code).to.equal('fixture_error');
    expect(error.body).to.deep.equal({
      code: 'fixture_error',
      message: 'Fixture failure',
      requestId: 'req-fixture-42',
    });
  });

  it('shows the server failure in Chinese for a Chinese page', async () => {
    const http = createHttpClient({ settings: settings({ locale: 'zh_CN' }) });
    const error = expectError(await http.get('/__fixture/status/500'));
    expect(error.message).to.equal('系统异常，请重试（请求 ID：req-fixture-42）');
  });

  it("shows a client error with the server's own message and code", async () => {
    const http = createHttpClient({ settings: settings() });
    const error = expectError(await http.get('/__fixture/status/409'));
    expect(error.kind).to.equal('http');
    expect(error.status).to.equal(409);
    expect(error.message).to.equal('Fixture failure');
    expect(error.code).to.equal('fixture_error');
    expect(error.requestId).to.equal('req-fixture-42');
  });

  it('says clearly when the server answers with broken JSON', async () => {
    const http = createHttpClient({ settings: settings() });
    const error = expectError(await http.get('/__fixture/malformed'));
    expect(error.kind).to.equal('malformed');
    expect(error.status).to.equal(200);
    expect(error.messageKey).to.equal('http.malformed');
    expect(error.message).to.equal('The server sent a response that could not be read');
  });

  it('reads a plain-text answer as text and an empty answer as null', async () => {
    const http = createHttpClient({ settings: settings() });
    expect(expectValue(await http.get<string>('/__fixture/text'))).to.equal('plain words');
    expect(await http.delete('/__fixture/empty')).to.deep.equal([null, null]);
  });

  it('gives up after 5000 ms when the server is too slow', async function () {
    this.timeout(12000);
    const http = createHttpClient({ settings: settings() });
    const started = performance.now();
    const error = expectError(await http.get('/__fixture/slow?ms=6000'));
    const elapsed = performance.now() - started;
    expect(error.kind).to.equal('timeout');
    expect(error.status).to.equal(-3);
    expect(error.message).to.equal('The request timed out. Check your network and try again.');
    expect(elapsed).to.be.within(4900, 5900);
  });

  it('honours a shorter timeout for one call', async () => {
    const http = createHttpClient({ settings: settings() });
    const error = expectError(await http.get('/__fixture/slow?ms=2000', { timeoutMs: 100 }));
    expect(error.kind).to.equal('timeout');
  });

  it('reports a server that cannot be reached as a network failure with status 0', async () => {
    const http = createHttpClient({ settings: settings({ host: 'http://127.0.0.1:9' }) });
    const error = expectError(await http.get('/api/anything'));
    expect(error.kind).to.equal('network');
    expect(error.status).to.equal(0);
    expect(error.message).to.equal('Could not reach the server. Please try again later.');
  });

  describe('given the browser is offline', () => {
    beforeEach(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    });
    afterEach(() => {
      delete (navigator as unknown as Record<string, unknown>).onLine;
    });

    it('says the user is offline without sending anything', async () => {
      await fetch('/__mock/http-offline/__define', { method: 'POST', body: '[]' });
      const http = createHttpClient({ settings: settings() });
      const error = expectError(await http.get('/__mock/http-offline/api/me'));
      expect(error.kind).to.equal('offline');
      expect(error.status).to.equal(0);
      expect(error.message).to.equal('You are offline. Check your network connection.');
      delete (navigator as unknown as Record<string, unknown>).onLine;
      const calls = (await (await fetch('/__mock/http-offline/__calls')).json()) as unknown[];
      expect(calls).to.have.length(0);
    });
  });

  describe('given the element that owns the client is removed', () => {
    it('aborts a call in flight at once', async () => {
      const controller = new AbortController();
      const http = createHttpClient({ settings: settings(), signal: controller.signal });
      const started = performance.now();
      const pending = http.get('/__fixture/slow?ms=3000');
      setTimeout(() => controller.abort(), 50);
      const error = expectError(await pending);
      expect(error.kind).to.equal('aborted');
      expect(error.status).to.equal(-2);
      expect(error.message).to.equal('The request was canceled');
      expect(performance.now() - started).to.be.below(1500);
    });

    it('does not start new calls', async () => {
      const controller = new AbortController();
      controller.abort();
      const http = createHttpClient({ settings: settings(), signal: controller.signal });
      expect(expectError(await http.get('/__fixture/echo')).kind).to.equal('aborted');
    });
  });

  it('aborts one call through its own signal and leaves the others running', async () => {
    const http = createHttpClient({ settings: settings() });
    const one = new AbortController();
    const first = http.get('/__fixture/slow?ms=1500', { signal: one.signal });
    const second = http.get('/__fixture/slow?ms=300');
    one.abort();
    expect(expectError(await first).kind).to.equal('aborted');
    expect(expectValue(await second)).to.deep.equal({ ok: true });
  });

  it('always resolves to an [error, result] pair and never rejects', async () => {
    const controller = new AbortController();
    controller.abort();
    const http = createHttpClient({ settings: settings(), timeoutMs: 200 });
    const calls = [
      http.get('/__fixture/status/500'),
      http.get('/__fixture/status/400'),
      http.get('/__fixture/malformed'),
      http.get('/__fixture/slow?ms=1000'),
      http.get('http://127.0.0.1:9/x'),
      http.get('/__fixture/echo', { signal: controller.signal }),
      http.get('/__fixture/empty'),
    ];
    const settled = await Promise.allSettled(calls);
    for (const outcome of settled) {
      expect(outcome.status).to.equal('fulfilled');
      const pair = (outcome as PromiseFulfilledResult<HttpResult<unknown>>).value;
      expect(pair).to.have.length(2);
      expect(pair[0] === null || pair[1] === null).to.equal(true);
    }
  });

  it('lets an observer (the tracker) see every failure until it unsubscribes', async () => {
    const seen: Array<[string, number]> = [];
    const stop = addHttpErrorListener((error) => {
      seen.push([error.kind, error.status]);
      throw new Error('a broken observer must not break the call');
    });
    const http = createHttpClient({ settings: settings() });
    const error = expectError(await http.get('/__fixture/status/502'));
    expect(error.kind).to.equal('server');
    stop();
    await http.get('/__fixture/status/404');
    expect(seen).to.deep.equal([['server', 502]]);
  });
});

describe('UI-less client', () => {
  it('sends the bearer access token, tenant and app ids on every path, with cookies', async () => {
    let credentials: RequestCredentials | undefined;
    const http = createUilessClient({
      settings: settings({ accessToken: 'pt-abc', organizationId: 'org-2', appId: 'flow' }),
      fetch: (input, init) => {
        credentials = init?.credentials;
        return fetch(input, init);
      },
    });
    const echo = expectValue(await http.get<Echo>('/__fixture/echo'));
    expect(echo.headers['authorization']).to.equal('Bearer pt-abc');
    expect(echo.headers['x-tenant-id']).to.equal('org-2');
    expect(echo.headers['x-app-id']).to.equal('flow');
    expect(credentials).to.equal('include');
  });

  it('sends no Authorization header without an access token, and uses the same result pairs', async () => {
    const http = createUilessClient({ settings: settings() });
    const echo = expectValue(await http.get<Echo>('/__fixture/echo'));
    expect(echo.headers).not.to.have.property('authorization');
    const error = expectError(await http.get('/__fixture/status/500'));
    expect(error.message).to.equal('System exception, please try again (request ID: req-fixture-42)');
  });
});

describe('a page whose CSRF token went stale', () => {
  afterEach(() => resetConfiguration());

  it('fetches the session’s current token, retries the write once with it, and shares it with the page', async () => {
    const api = await mockApi([
      { method: 'POST', path: '/things', body: { ok: true } },
      { method: 'POST', path: '/things', status: 403, body: { code: 'csrf_invalid', message: 'stale' }, times: 1 },
      { method: 'GET', path: '/users/ajax/v1/page-settings', body: { csrfToken: 'fresh-token' } },
    ]);
    const http = createHttpClient({ settings: settings({ host: api.host, csrfToken: 'old-token' }) });
    const value = expectValue(await http.post('/things', { a: 1 }));
    expect(value).to.deep.equal({ ok: true });
    const posts = (await api.calls()).filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.headers['x-csrf-token'])).to.deep.equal(['old-token', 'fresh-token']);
    expect(resolveSettings().csrfToken).to.equal('fresh-token');
  });

  it('gives up after one retry, and never retries reads', async () => {
    const api = await mockApi([
      { method: 'POST', path: '/things', status: 403, body: { code: 'csrf_invalid', message: 'stale' } },
      { method: 'GET', path: '/things', status: 403, body: { code: 'csrf_invalid', message: 'stale' } },
      { method: 'GET', path: '/users/ajax/v1/page-settings', body: { csrfToken: 'fresh-token' } },
    ]);
    const http = createHttpClient({ settings: settings({ host: api.host, csrfToken: 'old-token' }) });
    expect(expectError(await http.post('/things')).code).to.equal('csrf_invalid');
    expect(expectError(await http.get('/things')).code).to.equal('csrf_invalid');
    const calls = await api.calls();
    expect(calls.filter((c) => c.path === '/things').length).to.equal(3);
    expect(calls.filter((c) => c.path === '/users/ajax/v1/page-settings').length).to.equal(1);
  });
});
