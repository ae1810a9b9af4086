/** Routes, data and helpers for the <yx-login> tests. */
import { sendKeys } from '@web/test-runner-commands';
import type { MockCall, MockRoute } from '../fixtures/harness';

export const PAGE_SETTINGS = '/users/ajax/v1/page-settings';
export const PROVIDERS = '/users/ajax/v1/login/providers';
export const LOGIN = '/users/ajax/login';
export const userPath = (action: string, username = 'alice') => `/users/ajax/users/${username}/${action}`;

export const PRE_CSRF = 'csrf-pre-session-1';
export const NEW_CSRF = 'csrf-after-login-2';
export const ALICE = { id: 'u1', _id: 'u1', username: 'alice', name: 'Alice' };
export const signedIn = { user: ALICE, csrfToken: NEW_CSRF };

export const noProviders = { providers: [], ldap: { enabled: false, kinds: [] } };

/** Page settings, no providers, and a login that succeeds. */
export const baseRoutes: MockRoute[] = [
  { method: 'GET', path: PAGE_SETTINGS, body: { csrfToken: PRE_CSRF, flavour: 'standard', locale: 'en_US' } },
  { method: 'GET', path: PROVIDERS, body: noProviders },
  { method: 'POST', path: LOGIN, body: signedIn },
];

export const refusal = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  method: 'POST',
  path: LOGIN,
  status,
  body: { code, message: `server says ${code}`, requestId: 'req-1', ...extra },
  times: 1,
});

export const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
export const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
export const logins = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === LOGIN);
export const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;
export const formError = (el: Element) => $(el, '[part="form-error"]')?.textContent ?? null;
export const fieldErrors = (el: Element) =>
  $$(el, '[part="field"] [part="error"]')
    .map((e) => e.textContent)
    .filter(Boolean);

/** Types into a field as a user does. */
export async function typeInto(el: Element, name: string, text: string) {
  input(el, name).focus();
  await sendKeys({ type: text });
}

/** Fills the account and password and presses Enter. */
export async function signIn(el: Element, username = 'alice', password = 'Secret#123') {
  await typeInto(el, 'username', username);
  await typeInto(el, 'password', password);
  await sendKeys({ press: 'Enter' });
}

export { captureNavigation, useNavigationCapture } from '../fixtures/harness';

/** Polls the mock's call log until `check` holds. */
export async function untilCalls(
  api: { calls(): Promise<MockCall[]> },
  check: (calls: MockCall[]) => boolean,
  message: string,
): Promise<MockCall[]> {
  for (let i = 0; i < 150; i++) {
    const calls = await api.calls();
    if (check(calls)) return calls;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${message}`);
}
