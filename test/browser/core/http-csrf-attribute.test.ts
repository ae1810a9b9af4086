/** A stale CSRF token the page keeps supplying: a server renders the token into the markup
 * (`csrf-token="…"`), and a sign-in in another tab rotates it. The attribute outranks configure(),
 * so the refreshed token shared with the page does not replace it; the client must remember it,
 * or every write costs a 403, a page-settings fetch and a retry (docs/embedding.md: one 403). */
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createHttpClient, createUilessClient, PAGE_SETTINGS_PATH } from '../../../src/core/http';
import type { HttpClient } from '../../../src/core/http';
import { resetConfiguration, resolveSettings } from '../../../src/core/settings';
import { define, defineElement } from '../../../elements/define';
import { useElement } from '../../../src/ui/context';
import { settle, waitFor } from '../fixtures/harness';

interface Call {
  method: string;
  path: string;
  token: string | null;
  status: number;
}

/** A fake account server holding one session: a write with any other token than the session's is
 * refused as `csrf_invalid`; page-settings tells the session's token. `rotate` is a sign-in. */
function fakeServer(host: string, initial: string) {
  let session = initial;
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const token = new Headers(init.headers).get('x-csrf-token');
    const answer = (status: number, body: unknown) => {
      calls.push({ method, path: url.pathname, token, status });
      return json(status, body);
    };
    if (url.pathname === PAGE_SETTINGS_PATH) return answer(200, { csrfToken: session });
    if (method !== 'GET' && token !== session) return answer(403, { code: 'csrf_invalid', message: 'stale' });
    return answer(200, { ok: true });
  };
  return {
    host,
    fetch: fetch as typeof globalThis.fetch,
    calls,
    refused: () => calls.filter((c) => c.status === 403).length,
    rotate(token: string) {
      session = token;
    },
  };
}

/** A client whose settings resolve like an element's: its attribute outranks configure(). */
function elementClient(server: ReturnType<typeof fakeServer>, attribute: { csrfToken: string }, uiless = false) {
  const options = {
    settings: () => resolveSettings({ host: server.host, locale: 'en_US', csrfToken: attribute.csrfToken }),
    fetch: server.fetch,
  };
  return uiless ? createUilessClient(options) : createHttpClient(options);
}

async function writes(http: HttpClient, n: number) {
  for (let i = 0; i < n; i++) {
    const [error] = await http.post('/users/ajax/v1/tokens:search', {});
    expect(error?.message ?? null).to.equal(null);
  }
}

describe('a stale csrf-token attribute', () => {
  afterEach(() => resetConfiguration());

  it('costs one 403 and one page-settings fetch, not one per write', async () => {
    const server = fakeServer('https://one.example', 'current');
    const http = elementClient(server, { csrfToken: 'stale-from-markup' });
    await writes(http, 4);
    expect(server.refused()).to.equal(1);
    expect(server.calls.filter((c) => c.path === PAGE_SETTINGS_PATH).length).to.equal(1);
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.token)).to.deep.equal([
      'stale-from-markup',
      'current',
      'current',
      'current',
      'current',
    ]);
  });

  it('spares the other clients on the page given the same stale token', async () => {
    const server = fakeServer('https://two.example', 'current');
    await writes(elementClient(server, { csrfToken: 'stale-two' }), 1);
    await writes(elementClient(server, { csrfToken: 'stale-two' }), 2);
    await writes(elementClient(server, { csrfToken: 'stale-two' }, true), 2);
    expect(server.refused()).to.equal(1);
  });

  it('sends a new token the host sets later as it is', async () => {
    const server = fakeServer('https://three.example', 'current');
    const attribute = { csrfToken: 'stale-three' };
    const http = elementClient(server, attribute);
    await writes(http, 2);
    // The host signs the user in again and writes the new session's token on the element.
    server.rotate('next-session');
    attribute.csrfToken = 'next-session';
    await writes(http, 2);
    expect(server.refused()).to.equal(1);
    expect(server.calls.slice(-2).map((c) => c.token)).to.deep.equal(['next-session', 'next-session']);
  });

  it('follows further rotations at the cost of one 403 each', async () => {
    const server = fakeServer('https://four.example', 'current');
    const http = elementClient(server, { csrfToken: 'stale-four' });
    await writes(http, 2);
    server.rotate('rotated-again');
    await writes(http, 3);
    expect(server.refused()).to.equal(2);
    expect(server.calls.at(-1)!.token).to.equal('rotated-again');
  });

  it('leaves another API host alone', async () => {
    const first = fakeServer('https://five-a.example', 'current-a');
    const second = fakeServer('https://five-b.example', 'shared-text');
    await writes(elementClient(first, { csrfToken: 'shared-text' }), 1);
    await writes(elementClient(second, { csrfToken: 'shared-text' }), 1);
    expect(second.calls.map((c) => c.token)).to.deep.equal(['shared-text']);
  });
});

/** An element that writes on demand, through the element kit's own client. */
function Writer() {
  const { http } = useElement();
  return createElement(
    'button',
    {
      type: 'button',
      onClick: async (event: { currentTarget: HTMLButtonElement }) => {
        const button = event.currentTarget;
        const [error] = await http.post('/users/ajax/v1/tokens:search', {});
        button.dataset.done = String(Number(button.dataset.done ?? 0) + 1);
        if (error) button.dataset.error = error.code;
      },
    },
    'write',
  );
}
define('yx-csrf-writer', defineElement(Writer));

describe('an element rendered with a stale csrf-token attribute', () => {
  const native = window.fetch;
  afterEach(() => {
    window.fetch = native;
    resetConfiguration();
    document.body.innerHTML = '';
  });

  it('pays one 403 for its writes, and then sends a new attribute value as it is', async () => {
    const server = fakeServer('https://element.example', 'current');
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith(server.host) ? server.fetch(input, init) : native(input, init)) as typeof fetch;
    const el = document.createElement('yx-csrf-writer');
    el.setAttribute('host', server.host);
    el.setAttribute('locale', 'en_US');
    el.setAttribute('csrf-token', 'stale-from-server-render');
    document.body.append(el);
    await settle();
    const button = () => el.shadowRoot!.querySelector('button')!;
    await waitFor(() => el.shadowRoot!.querySelector('button'), { message: 'rendered' });
    for (let i = 1; i <= 3; i++) {
      button().click();
      await waitFor(() => button().dataset.done === String(i), { message: `write ${i}` });
    }
    expect(button().dataset.error).to.equal(undefined);
    expect(server.refused()).to.equal(1);

    server.rotate('signed-in-again');
    el.setAttribute('csrf-token', 'signed-in-again');
    await settle();
    button().click();
    await waitFor(() => button().dataset.done === '4', { message: 'write 4' });
    expect(server.refused()).to.equal(1);
    expect(server.calls.at(-1)!.token).to.equal('signed-in-again');
  });
});
