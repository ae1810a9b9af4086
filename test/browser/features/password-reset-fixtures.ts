/** `<yx-password-reset>` for the account `dana`: the calls of §7 as a well server answers them,
 * and the steps the tests share. */
import { sendKeys } from '@web/test-runner-commands';
import type { MockCall, MockRoute } from '../fixtures/harness';

export const RESET_CSRF = 'csrf-reset-1';
export const resetPath = (action: string) => `/users/ajax/users/dana/${action}`;
export const resetRoutes: MockRoute[] = [
  { method: 'GET', path: '/users/ajax/v1/page-settings', body: { csrfToken: RESET_CSRF } },
  { method: 'GET', path: resetPath('check'), body: { exists: true, email: 'd***@example.com' } },
  { method: 'POST', path: resetPath('emailCaptcha'), body: {} },
  { method: 'POST', path: resetPath('emailCaptcha:verify'), body: { verified: true } },
  { method: 'PUT', path: resetPath('password:reset'), body: {} },
];

/** The step shown: 'account', 'verify', 'reset' or 'done'. */
export const resetStep = (el: Element) =>
  el.shadowRoot!.querySelector<HTMLElement>('[part="password-reset"]')!.dataset.step;

export const callsTo = (calls: MockCall[], path: string, method = 'POST') =>
  calls.filter((c) => c.path === path && c.method === method);

/** Types the account into the first step and sends it with Enter. */
export async function confirmAccount(el: Element, username = 'dana'): Promise<void> {
  el.shadowRoot!.querySelector<HTMLInputElement>('input[name="username"]')!.focus();
  await sendKeys({ type: username });
  await sendKeys({ press: 'Enter' });
}
