/**
 * A keyboard user presses Get Code (password reset) or Resend Code (sign-in) and the mail server
 * fails: the focus stays on the button the whole time, so Enter sends again, and a second Enter
 * while the first request is under way sends nothing. The request for a code is held until the
 * test lets it go, so the button is seen while it waits, on any machine.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import '../../../elements/yx-password-reset';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { $, baseRoutes, formError, refusal, signIn, userPath } from './login-fixtures';
import { confirmAccount, resetPath, resetRoutes, resetStep } from './password-reset-fixtures';

const FAULT = { status: 500, body: { code: 'internal_error', message: 'x', requestId: 'req-mail' } };
const FAULT_SAYS = /System exception, please try again \(request ID: req-mail\)/;

/** Holds each POST to `path` until `release()`; counts them. Restored after each test. */
function holdRequestsTo(path: string) {
  const original = globalThis.fetch;
  let open = () => {};
  let gate = new Promise<void>((resolve) => (open = resolve));
  const held = {
    count: 0,
    release() {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    restore() {
      globalThis.fetch = original;
    },
  };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'POST' && new URL(url, location.href).pathname.endsWith(path)) {
      held.count++;
      await gate;
    }
    return original(input, init);
  };
  return held;
}

/** Presses Enter on the focused send button, while its request is held, and after it failed. */
async function expectFocusKeptThroughAFailure(
  el: Element,
  button: () => HTMLButtonElement,
  held: { count: number; release(): void },
) {
  await waitFor(() => deepActiveElement() === button(), { message: 'the focus on the send button' });
  await sendKeys({ press: 'Enter' });
  await waitFor(() => held.count === 1, { message: 'the request for a code' });
  await waitFor(() => button().disabled || button().getAttribute('aria-disabled') === 'true', {
    message: 'the button unavailable',
  });
  await settle();
  expect(deepActiveElement() === button(), 'the focus stays on the button while the code is asked for').to.equal(true);
  expect(button().disabled, 'unavailable, yet focusable').to.equal(false);
  await sendKeys({ press: 'Enter' });
  await settle();
  expect(held.count, 'no second request while the first is under way').to.equal(1);

  held.release();
  await waitFor(() => FAULT_SAYS.test(formError(el) ?? ''), { message: 'the failure said' });
  await settle();
  expect(button().disabled || button().hasAttribute('aria-disabled'), 'the button available again').to.equal(false);
  expect(deepActiveElement() === button(), 'the focus on the button after the failure').to.equal(true);
  await sendKeys({ press: 'Enter' });
  await waitFor(() => held.count === 2, { message: 'Enter sends again' });
  held.release();
}

describe('sending a code by keyboard while the mail server fails', () => {
  let held: ReturnType<typeof holdRequestsTo> | undefined;
  const realNow = Date.now;
  afterEach(() => {
    held?.restore();
    held = undefined;
    Date.now = realNow;
  });

  it('<yx-password-reset>: Get Code keeps the focus, so Enter sends again', async () => {
    const SEND = resetPath('emailCaptcha');
    // The newest route wins: the first request for a code fails, the next ones are answered.
    const routes: MockRoute[] = [...resetRoutes, { method: 'POST', path: SEND, ...FAULT, times: 1 }];
    const api = await mockApi(routes);
    const el = await mountElement('yx-password-reset', { host: api.host, locale: 'en_US' });
    await confirmAccount(el);
    await waitFor(() => resetStep(el) === 'verify', { message: 'step 2' });
    held = holdRequestsTo(SEND);
    const send = () => $(el, '[part~="send-button"]') as HTMLButtonElement;
    await expectFocusKeptThroughAFailure(el, send, held);
    // The second try reaches the mail server: the code is on its way, the focus in its field.
    await waitFor(() => deepActiveElement() === $(el, 'input[name="code"]'), { message: 'the focus in the code' });
    expect(send().textContent).to.equal('Resend in 60 s');
  });

  it('<yx-login>: Resend Code keeps the focus, so Enter sends again', async () => {
    const SEND = userPath('emailCaptcha');
    const api = await mockApi([
      ...baseRoutes,
      { method: 'POST', path: SEND, body: {} },
      { method: 'POST', path: SEND, ...FAULT, times: 1 },
      refusal(403, 'email_verification_required', { email: 'd***@example.com' }),
    ]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    await signIn(el);
    await waitFor(() => $(el, '[part="code-step"]'), { message: 'the code step' });
    // The first code was mailed with the refusal: the user waits out the countdown.
    const before = Date.now;
    Date.now = () => before.call(Date) + 61_000;
    const resend = () => $(el, '[part~="resend-button"]') as HTMLButtonElement;
    await waitFor(() => !resend().disabled, { message: 'the resend button after the countdown' });
    resend().focus();
    held = holdRequestsTo(SEND);
    await expectFocusKeptThroughAFailure(el, resend, held);
    await waitFor(() => $(el, '[part="notice"]')!.textContent === 'A new code has been sent', {
      message: 'the new code announced',
    });
    await waitFor(() => deepActiveElement() === $(el, 'input[name="code"]'), { message: 'the focus in the code' });
  });
});
