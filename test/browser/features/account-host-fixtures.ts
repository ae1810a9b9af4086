/**
 * For tests of the links an embedded element sends to the account host's standalone page: an
 * account host of another origin than the test page, and a fetch that answers its calls from the
 * fake API (a real other origin cannot be reached here).
 */

/** An account host on another origin than this page, with a trailing slash to be trimmed. */
export const ACCOUNT_HOST = 'https://accounts.example.test/';
export const ACCOUNT_ORIGIN = 'https://accounts.example.test';

/**
 * Answers the calls meant for the account host (or, with no host, for this page's origin) from
 * the fake API at `apiHost`: only the links are under test.
 * @returns restores the page's own fetch.
 */
export function routeCallsTo(apiHost: string): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(ACCOUNT_ORIGIN)) return original(apiHost + url.slice(ACCOUNT_ORIGIN.length), init);
    if (url.startsWith('/') && !url.startsWith('/__mock/')) return original(apiHost + url, init);
    return original(input, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
