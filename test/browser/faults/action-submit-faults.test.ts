/**
 * Actions past the first form, against a server that fails the way real ones do: a 500 with a
 * request id, a body that is not JSON, a connection dropped without an answer, an answer slower
 * than the client's timeout. Each action says what happened where the element reports its
 * failures (the step's alert, the dialog's toast, the switcher's alert), keeps what the user
 * typed or chose, and goes through when tried again once the server is well.
 *
 * Covered: <yx-login>'s page settings, emailed code (verify and resend), slider (challenge and
 * verify) and forced password change; <yx-token-manager> edit and delete;
 * <yx-third-party-bindings> unbind; <yx-org-switcher> switch; <yx-message-centre> mark read,
 * mark all read, delete and clear read. The timeout runs once for all of them (see the last
 * describe), as in load-faults.test.ts.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-login';
import '../../../elements/yx-token-manager';
import '../../../elements/yx-third-party-bindings';
import '../../../elements/yx-org-switcher';
import '../../../elements/yx-message-centre';
import { endOfDayMinus2s, formatDate } from '../../../src/core/dates';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockCall, MockRoute } from '../fixtures/harness';
import { serverFaults } from './server-faults';
import type { Fault } from './server-faults';
import {
  LOGIN,
  NEW_CSRF,
  PAGE_SETTINGS,
  PROVIDERS,
  baseRoutes,
  logins,
  refusal,
  signIn,
  userPath,
} from '../features/login-fixtures';
import { SEARCH, TOKENS, daysFromNow, page as tokenPage, scopeRoutes, token } from '../features/tokens-fixtures';
import { aliceDingTalk, identitiesRoute, identityPath, providersRoute } from '../features/third-party-fixtures';
import { LAST_WORKSPACE_PATH, ORGS_PATH, org, page as orgPage } from '../features/org-switcher-fixtures';
import {
  BATCH_DELETE,
  COUNT,
  DELETE_ONE,
  LIST,
  READ,
  READ_ONE,
  counts,
  framesInBackground,
  message,
  page as messagePage,
  useFakeEventSource,
} from '../features/notifications-fixtures';

type MockApi = Awaited<ReturnType<typeof mockApi>>;

const FAULTS = serverFaults('req-action-500');
const SLOW = FAULTS.find((fault) => fault.route.delayMs !== undefined)!;
/** Long enough for the client's 5 s timeout on a loaded machine. */
const FAULT_SHOWN_WITHIN = 9000;
/** Long enough for a list or dialog whose code loads on demand, on a cold, loaded run. */
const FIRST_SHOWN_WITHIN = 10_000;

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const input = (el: Element, name: string) => $(el, `input[name="${name}"]`) as HTMLInputElement;
const click = (el: Element, selector: string) => ($(el, selector) as HTMLButtonElement).click();
const step = (el: Element) => $(el, '[part="login"]')!.dataset.step;
const toasts = (el: Element, tone: 'error' | 'success') =>
  $$(el, `[part="toast"][data-tone="${tone}"]`).map((toast) => toast.querySelector('span')!.textContent ?? '');

/** Focuses a field and types into it as a user does. */
async function typeInto(field: HTMLElement, text: string) {
  field.focus();
  await sendKeys({ type: text });
}

/** An alert that is there and on screen, as an assistive technology announces it. */
async function visibleAlert(el: Element, selector: string): Promise<HTMLElement> {
  const alert = (await waitFor(() => $(el, selector), { timeout: FAULT_SHOWN_WITHIN, message: selector }))!;
  expect(alert.getAttribute('role'), `${selector} is an alert`).to.equal('alert');
  expect(alert.checkVisibility({ checkVisibilityCSS: true }), `${selector} is on screen`).to.equal(true);
  return alert;
}

/** The error toast, announced by its live region (role=alert). */
async function errorToast(el: Element): Promise<string> {
  const toast = (await waitFor(() => $(el, '[part="toast"][data-tone="error"]'), {
    timeout: FAULT_SHOWN_WITHIN,
    message: 'the error toast',
  }))!;
  expect(toast.closest('[role="alert"]'), 'the toast is announced').to.exist;
  return toast.querySelector('span')!.textContent ?? '';
}

/** What a message says: `prefix` (the action's own words), then the fault. */
function expectSays(text: string, prefix: string, fault: Fault) {
  expect(text.startsWith(prefix), `"${text}" starts with "${prefix}"`).to.equal(true);
  expect(text).to.match(fault.says);
}

/** Waits for the confirmation dialog to be open and idle. */
async function confirmationOpen(el: Element) {
  await waitFor(() => $(el, '[part~="confirm"]')?.dataset.status === 'idle', {
    timeout: FIRST_SHOWN_WITHIN,
    message: 'the confirmation',
  });
}

/** Polls the mock's call log until `match` finds `n` calls. */
async function callsTo(api: MockApi, match: (call: MockCall) => boolean, n = 1): Promise<MockCall[]> {
  let found: MockCall[] = [];
  await waitFor(
    async () => {
      found = (await api.calls()).filter(match);
      return found.length >= n;
    },
    { timeout: 5000, message: `${n} matching call(s)` },
  );
  return found;
}

// The resend button waits out a 60 s countdown: the page's clock moves on instead (as in
// login-code.test.ts), and is put back after each test.
const realNow = Date.now;
function moveClockOn(ms: number) {
  const before = Date.now;
  Date.now = () => before.call(Date) + ms;
}

/** One element's action against one fault, from mounting to the retry that goes through. */
interface Run {
  el: HTMLElement;
  api: MockApi;
  /** The detail of each `event` of the case, cancelled as a host would (no navigation). */
  events: unknown[];
}

interface Case {
  tag: string;
  /** What the user does, as the test title says it. */
  action: string;
  /** The call the fault answers, every time until the server is well again (a browser may
   * quietly resend a request whose connection dropped, so a one-off fault might never be seen). */
  call: { method: string; path: string };
  /** A well server, the call included. */
  routes: MockRoute[];
  /** One-time answers that lead to the action (the sign-in refusal that opens a step). */
  leadIn?: MockRoute[];
  /** The well server after the fault, when it answers differently from `routes`. */
  healed?: MockRoute[];
  /** Besides host and locale. */
  attributes?: Record<string, string>;
  /** An event the element emits when the action succeeds. */
  event?: string;
  /** The action leaves a modal drawer or dialog open, which keeps the focus inside it. */
  modal?: true;
  /** Gets to the action and fills in what the user would, sending nothing that can fail. */
  prepare?(run: Run): Promise<void>;
  /** The action itself: a click or key press that sends the call. */
  act(run: Run): Promise<void>;
  /** The message in place, and what the user typed or chose still there. */
  failed(run: Run, fault: Fault): Promise<void>;
  /** Acts again. */
  retry(run: Run): Promise<void>;
  /** The action went through. */
  succeeded(run: Run): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// <yx-login>

const VERIFY_CODE = userPath('emailCaptcha:verify');
const SEND_CODE = userPath('emailCaptcha');
const CHALLENGE = userPath('sliderCaptcha');
const SLIDER_VERIFY = userPath('sliderCaptcha:verify');
const PASSWORD_RESET = userPath('password:reset');

const codeRoutes: MockRoute[] = [
  ...baseRoutes,
  { method: 'POST', path: VERIFY_CODE, body: { user: { id: 'u1', username: 'alice' }, csrfToken: NEW_CSRF } },
  { method: 'POST', path: SEND_CODE, body: {} },
];
const askForCode = refusal(403, 'email_verification_required', { email: 'a***@example.com' });
const sliderRoutes: MockRoute[] = [
  ...baseRoutes,
  { method: 'POST', path: CHALLENGE, body: { challenge_id: 'ch-1', track_width: 260 } },
  { method: 'POST', path: SLIDER_VERIFY, body: { slider_token: 'slider-ok-1' } },
];

/** Signs in and waits for the step the server asked for. */
async function reachStep(el: Element, name: string, password = 'Secret#123') {
  await signIn(el, 'alice', password);
  await waitFor(() => step(el) === name && $(el, `[part="${name === 'code' ? 'code-step' : name}"]`), {
    message: `the ${name} step`,
  });
}

/** The account and password are still in the form. */
function expectCredentialsKept(el: Element) {
  expect(input(el, 'username').value).to.equal('alice');
  expect(input(el, 'password').value).to.equal('Secret#123');
}

/** Signed in: the step says so, and the host heard it with the session's new token. */
async function expectSignedIn(run: Run) {
  await waitFor(() => step(run.el) === 'signed-in', { timeout: 5000, message: 'signed in' });
  expect(run.events).to.deep.equal([NEW_CSRF]);
}

const sliderHandle = (el: Element) => $(el, '[part="slider-handle"]');

/** Slides the handle all the way with the keyboard (End glides it there). */
async function slide(el: Element) {
  await waitFor(() => sliderHandle(el)?.getAttribute('aria-disabled') === null, {
    timeout: 5000,
    message: 'the slider, ready',
  });
  sliderHandle(el)!.focus();
  await sendKeys({ press: 'End' });
}

/** The slider's message, and the form under it as the user left it. */
async function expectSliderSays(run: Run, fault: Fault) {
  const alert = await visibleAlert(run.el, '[part="slider-error"]');
  expect(alert.textContent).to.match(fault.says);
  expect(step(run.el)).to.equal('slider');
  expectCredentialsKept(run.el);
  expect(run.events).to.deep.equal([]);
}

/** The second sign-in carries the slider's token and the password as typed. */
async function expectSignedInWithSlider(run: Run) {
  await expectSignedIn(run);
  const [attempt] = logins(await run.api.calls());
  expect(attempt!.body).to.deep.equal({ username: 'alice', password: 'Secret#123', slider_token: 'slider-ok-1' });
}

const LOGIN_CASES: Case[] = [
  {
    tag: 'yx-login',
    action: 'signing in while the page settings (the CSRF token) fail to load',
    call: { method: 'GET', path: PAGE_SETTINGS },
    routes: baseRoutes,
    event: 'yx-login',
    act: async ({ el }) => signIn(el),
    async failed({ el, events }, fault) {
      const alert = await visibleAlert(el, '[part="login-form"] [part="form-error"]');
      expect(alert.textContent).to.match(fault.says);
      expect(step(el)).to.equal('credentials');
      expectCredentialsKept(el);
      expect(events).to.deep.equal([]);
    },
    retry: async ({ el }) => click(el, '[part="login-form"] [part~="submit-button"]'),
    async succeeded(run) {
      await expectSignedIn(run);
      const [attempt] = logins(await run.api.calls());
      expect(attempt!.body).to.deep.equal({ username: 'alice', password: 'Secret#123' });
    },
  },
  {
    tag: 'yx-login',
    action: 'checking the emailed code of a risk-checked sign-in',
    call: { method: 'POST', path: VERIFY_CODE },
    routes: codeRoutes,
    leadIn: [askForCode],
    event: 'yx-login',
    async prepare({ el }) {
      await reachStep(el, 'code');
      await typeInto(input(el, 'code'), '13579');
    },
    // The sixth digit submits.
    act: async ({ el }) => typeInto(input(el, 'code'), '0'),
    async failed({ el, api, events }, fault) {
      const alert = await visibleAlert(el, '[part="code-step"] [part="form-error"]');
      expect(alert.textContent).to.match(fault.says);
      expect(step(el)).to.equal('code');
      expect(input(el, 'code').value).to.equal('135790');
      expect(events).to.deep.equal([]);
      const sent = await callsTo(api, (c) => c.path === VERIFY_CODE);
      for (const call of sent) expect(call.body).to.deep.equal({ code: '135790' });
    },
    retry: async ({ el }) => click(el, '[part="code-step"] [part~="submit-button"]'),
    async succeeded(run) {
      await expectSignedIn(run);
      const [again, ...more] = (await run.api.calls()).filter((c) => c.path === VERIFY_CODE);
      expect(more).to.have.length(0);
      expect(again!.body).to.deep.equal({ code: '135790' });
    },
  },
  {
    tag: 'yx-login',
    action: 'asking for a new emailed code',
    call: { method: 'POST', path: SEND_CODE },
    routes: codeRoutes,
    leadIn: [askForCode],
    async prepare({ el }) {
      await reachStep(el, 'code');
      moveClockOn(61_000);
      await waitFor(() => !($(el, '[part~="resend-button"]') as HTMLButtonElement).disabled, {
        message: 'the resend button after the countdown',
      });
    },
    act: async ({ el }) => click(el, '[part~="resend-button"]'),
    async failed({ el }, fault) {
      const alert = await visibleAlert(el, '[part="code-step"] [part="form-error"]');
      expect(alert.textContent).to.match(fault.says);
      expect(step(el)).to.equal('code');
      expect($(el, '[part="notice"]')!.textContent).to.equal('');
      // Nothing was sent, so no new countdown: the button takes the next try at once.
      const resend = $(el, '[part~="resend-button"]') as HTMLButtonElement;
      expect(resend.disabled).to.equal(false);
      expect(resend.textContent).to.equal('Resend Code');
    },
    retry: async ({ el }) => click(el, '[part~="resend-button"]'),
    async succeeded({ el }) {
      await waitFor(() => $(el, '[part="notice"]')!.textContent === 'A new code has been sent', {
        timeout: 5000,
        message: 'the new code announced',
      });
      expect($(el, '[part="form-error"]')).to.equal(null);
      expect($(el, '[part~="resend-button"]')!.textContent).to.equal('Resend in 60 s');
    },
  },
  {
    tag: 'yx-login',
    action: 'getting the slider’s challenge',
    call: { method: 'POST', path: CHALLENGE },
    routes: sliderRoutes,
    leadIn: [refusal(403, 'slider_required')],
    event: 'yx-login',
    act: async ({ el }) => signIn(el),
    async failed(run, fault) {
      await expectSliderSays(run, fault);
      expect($(run.el, '[part~="slider-retry-button"]'), 'a Retry button').to.exist;
    },
    async retry({ el }) {
      click(el, '[part~="slider-retry-button"]');
      await slide(el);
    },
    succeeded: expectSignedInWithSlider,
  },
  {
    tag: 'yx-login',
    action: 'verifying the slid slider',
    call: { method: 'POST', path: SLIDER_VERIFY },
    routes: sliderRoutes,
    leadIn: [refusal(403, 'slider_required')],
    event: 'yx-login',
    async prepare({ el }) {
      await signIn(el);
      // The handle takes the focus once it can be used: wait for that, so it is not taken later
      // from whatever the user (the test) is typing into next.
      await waitFor(() => el.shadowRoot!.activeElement === sliderHandle(el), { message: 'focus on the handle' });
    },
    act: async ({ el }) => slide(el),
    failed: expectSliderSays,
    // A failed verification brings a new challenge: the user slides again.
    retry: async ({ el }) => slide(el),
    succeeded: expectSignedInWithSlider,
  },
  {
    tag: 'yx-login',
    action: 'setting the password the server asked to change',
    call: { method: 'PUT', path: PASSWORD_RESET },
    routes: [...baseRoutes, { method: 'PUT', path: PASSWORD_RESET, body: {} }],
    leadIn: [refusal(403, 'password_change_required')],
    event: 'yx-login',
    async prepare({ el }) {
      await reachStep(el, 'forced-change', 'Old#pass1');
      await typeInto(input(el, 'new_password'), 'New#pass2');
      await typeInto(input(el, 'confirm_password'), 'New#pass2');
    },
    act: async ({ el }) => click(el, '[part="forced-change"] [part~="submit-button"]'),
    async failed({ el, events }, fault) {
      const alert = await visibleAlert(el, '[part="forced-change"] [part="form-error"]');
      expectSays(alert.textContent ?? '', 'Failed to set the password: ', fault);
      expect(step(el)).to.equal('forced-change');
      expect(input(el, 'new_password').value).to.equal('New#pass2');
      expect(input(el, 'confirm_password').value).to.equal('New#pass2');
      expect(events).to.deep.equal([]);
    },
    retry: async ({ el }) => click(el, '[part="forced-change"] [part~="submit-button"]'),
    async succeeded(run) {
      await expectSignedIn(run);
      const calls = await run.api.calls();
      const [change, ...more] = calls.filter((c) => c.path === PASSWORD_RESET);
      expect(more).to.have.length(0);
      expect(change!.body).to.deep.equal({ old_password: 'Old#pass1', new_password: 'New#pass2' });
      expect(logins(calls).map((c) => c.body)).to.deep.equal([{ username: 'alice', password: 'New#pass2' }]);
    },
  },
];

// ---------------------------------------------------------------------------------------------
// <yx-token-manager>

const ci = token('t1', {
  name: 'ci',
  token_scopes: ['codeup:repository:read'],
  expires_at: endOfDayMinus2s(formatDate(daysFromNow(45))),
});
const tokenRows = (el: Element) => $$(el, 'tr[part="table-row"]');

function finishAnimations(el: Element) {
  for (const animation of el.shadowRoot!.getAnimations()) {
    if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  }
}

/** Opens the row's action (edit or delete) once the list is there. */
async function openRowAction(el: Element, part: 'edit-button' | 'delete-button') {
  await waitFor(() => tokenRows(el).length === 1, { timeout: FIRST_SHOWN_WITHIN, message: 'the token list' });
  tokenRows(el)[0]!.querySelector<HTMLButtonElement>(`[part~="${part}"]`)!.click();
}

const TOKEN_CASES: Case[] = [
  {
    tag: 'yx-token-manager',
    action: 'saving an edited token',
    modal: true,
    call: { method: 'PUT', path: `${TOKENS}/:id` },
    routes: [
      ...scopeRoutes,
      { method: 'POST', path: SEARCH, body: tokenPage([ci]) },
      { method: 'PUT', path: `${TOKENS}/:id`, body: {} },
    ],
    event: 'yx-token-update',
    async prepare({ el }) {
      await openRowAction(el, 'edit-button');
      await waitFor(() => $(el, '[part~="drawer"] [role="tree"]'), {
        timeout: FIRST_SHOWN_WITHIN,
        message: 'the edit drawer',
      });
      finishAnimations(el);
      const name = input(el, 'name');
      name.focus();
      await sendKeys({ press: 'End' });
      await sendKeys({ type: '-2' });
      $(el, 'li[data-key="codeup:repository:write"]')!.click();
      await settle();
    },
    act: async ({ el }) => click(el, '[part~="submit-button"]'),
    async failed({ el, events }, fault) {
      const alert = await visibleAlert(el, '[part="form-error"]');
      expectSays(alert.textContent ?? '', 'Modification failed, please retry: ', fault);
      expect(input(el, 'name').value).to.equal('ci-2');
      expect($(el, 'li[data-key="codeup:repository:write"]')!.getAttribute('aria-checked')).to.equal('true');
      expect($(el, 'li[data-key="codeup:repository:read"]')!.getAttribute('aria-checked')).to.equal('true');
      expect(events).to.deep.equal([]);
    },
    retry: async ({ el }) => click(el, '[part~="submit-button"]'),
    async succeeded({ el, api, events }) {
      await waitFor(() => !$(el, '[part~="drawer"]'), { timeout: 5000, message: 'the drawer closed' });
      expect(toasts(el, 'success')).to.include('Modified successfully');
      expect(events).to.deep.equal([{ tokenId: 't1', name: 'ci-2' }]);
      const [put] = (await api.calls()).filter((c) => c.method === 'PUT');
      expect(put!.body).to.deep.equal({
        name: 'ci-2',
        expires_at: ci.expires_at,
        token_scopes: ['codeup:repository:read', 'codeup:repository:write'],
      });
    },
  },
  {
    tag: 'yx-token-manager',
    action: 'deleting a token',
    modal: true,
    call: { method: 'DELETE', path: `${TOKENS}/:id` },
    routes: [
      { method: 'POST', path: SEARCH, body: tokenPage([ci]) },
      { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
    ],
    healed: [
      { method: 'POST', path: SEARCH, body: tokenPage([]) },
      { method: 'DELETE', path: `${TOKENS}/:id`, body: {} },
    ],
    event: 'yx-token-delete',
    async prepare({ el }) {
      await openRowAction(el, 'delete-button');
      await confirmationOpen(el);
    },
    act: async ({ el }) => click(el, '[part~="confirm"] [part~="confirm-button"]'),
    async failed({ el, events }, fault) {
      expectSays(await errorToast(el), 'Deletion failed, please retry: ', fault);
      // The confirmation stays open for another try, and the token is still listed.
      await waitFor(() => $(el, '[part~="confirm"]')?.dataset.status === 'idle', {
        timeout: FIRST_SHOWN_WITHIN,
        message: 'the dialog idle',
      });
      expect(tokenRows(el)).to.have.length(1);
      expect(events).to.deep.equal([]);
    },
    retry: async ({ el }) => click(el, '[part~="confirm"] [part~="confirm-button"]'),
    async succeeded({ el, events }) {
      await waitFor(() => !$(el, '[part~="confirm"]') && $(el, '[part="result"][data-status="empty"]'), {
        timeout: 5000,
        message: 'the confirmation closed and the list reloaded without the token',
      });
      expect(toasts(el, 'success')).to.include('Deleted successfully');
      expect(events).to.deep.equal([{ tokenId: 't1' }]);
    },
  },
];

// ---------------------------------------------------------------------------------------------
// <yx-third-party-bindings>

const dingTalkCard = (el: Element) => $(el, '[part="provider-card"][data-provider="dingtalk"]');

const BINDING_CASES: Case[] = [
  {
    tag: 'yx-third-party-bindings',
    action: 'unbinding a DingTalk account',
    modal: true,
    call: { method: 'DELETE', path: identityPath(':provider') },
    routes: [
      providersRoute(),
      identitiesRoute([aliceDingTalk]),
      { method: 'DELETE', path: identityPath(':provider'), body: { provider: 'dingtalk' } },
    ],
    event: 'yx-identity-unbind',
    async prepare({ el }) {
      (await waitFor(() => dingTalkCard(el), { timeout: FIRST_SHOWN_WITHIN, message: 'the DingTalk card' }))!
        .querySelector<HTMLButtonElement>('[part~="unbind-button"]')!
        .click();
      await confirmationOpen(el);
    },
    act: async ({ el }) => click(el, '[part~="confirm"] [part~="confirm-button"]'),
    async failed({ el, events }, fault) {
      expectSays(await errorToast(el), 'Unbinding failed, please retry: ', fault);
      await waitFor(() => $(el, '[part~="confirm"]')?.dataset.status === 'idle', {
        timeout: FIRST_SHOWN_WITHIN,
        message: 'the dialog idle',
      });
      expect(dingTalkCard(el)!.dataset.state).to.equal('bound');
      expect(events).to.deep.equal([]);
    },
    retry: async ({ el }) => click(el, '[part~="confirm"] [part~="confirm-button"]'),
    async succeeded({ el, events }) {
      await waitFor(() => dingTalkCard(el)!.dataset.state === 'unbound', { timeout: 5000, message: 'unbound' });
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation closed' });
      expect(toasts(el, 'success')).to.include('DingTalk account unbound');
      expect(events).to.deep.equal([{ provider: 'dingtalk' }]);
    },
  },
];

// ---------------------------------------------------------------------------------------------
// <yx-org-switcher>

const orgButtons = (el: Element) => $$(el, '[part~="org"]');

const ORG_CASES: Case[] = [
  {
    tag: 'yx-org-switcher',
    action: 'switching to an organization found by searching',
    call: { method: 'PUT', path: LAST_WORKSPACE_PATH },
    routes: [
      {
        method: 'POST',
        path: ORGS_PATH,
        body: orgPage([org(1, { name: 'Acme', current: true }), org(2, { name: 'Beta' })]),
      },
      { method: 'PUT', path: LAST_WORKSPACE_PATH, body: {} },
    ],
    attributes: { 'next-url': '/projex' },
    event: 'yx-org-change',
    async prepare({ el }) {
      await waitFor(() => orgButtons(el).length === 2, { timeout: FIRST_SHOWN_WITHIN, message: 'the organizations' });
      await typeInto($(el, 'input[type="search"]')!, 'bet');
      await waitFor(() => orgButtons(el).length === 1, { message: 'the search result' });
    },
    act: async ({ el }) => orgButtons(el)[0]!.click(),
    async failed({ el, events }, fault) {
      const alert = await visibleAlert(el, '[part="switch-error"]');
      expectSays(alert.textContent ?? '', 'Failed to switch the organization: ', fault);
      expect(($(el, 'input[type="search"]') as HTMLInputElement).value).to.equal('bet');
      expect(orgButtons(el)).to.have.length(1);
      expect(orgButtons(el)[0]!.getAttribute('aria-busy'), 'the switch is over').to.equal(null);
      expect(events).to.deep.equal([]);
    },
    retry: async ({ el }) => orgButtons(el)[0]!.click(),
    async succeeded({ el, api, events }) {
      await waitFor(() => events.length === 1, { timeout: 5000, message: 'yx-org-change' });
      expect(events).to.deep.equal([{ organizationId: 'org-2', url: '/projex' }]);
      expect($(el, '[part="switch-error"]')).to.equal(null);
      const [again, ...more] = (await api.calls()).filter((c) => c.path === LAST_WORKSPACE_PATH);
      expect(more).to.have.length(0);
      expect(again!.body).to.deep.equal({ organization_id: 'org-2' });
    },
  },
];

// ---------------------------------------------------------------------------------------------
// <yx-message-centre>

const inbox = [
  message('1', { app: 'codeup', title: 'Merge request approved' }),
  message('2', { app: 'flow', title: 'Pipeline failed', read: true }),
  message('3', { app: 'codeup', title: 'New comment' }),
];
const centreRoutes: MockRoute[] = [
  { method: 'POST', path: LIST, body: messagePage(inbox) },
  { method: 'POST', path: COUNT, body: counts({ codeup: 2, flow: 0 }) },
];
const messageRows = (el: Element) => $$(el, '[part="message"]');
const messageRow = (el: Element, id: string) => $(el, `[part="message"][data-id="${id}"]`)!;
/** The rows as the user sees them: id and read state. */
const rowStates = (el: Element) => messageRows(el).map((r) => `${r.dataset.id}:${r.dataset.state}`);
const UNTOUCHED = ['1:unread', '2:read', '3:unread'];

async function listShown(el: Element) {
  await waitFor(() => messageRows(el).length === 3 && $(el, '[part="tab-count"]'), {
    timeout: FIRST_SHOWN_WITHIN,
    message: 'the messages',
  });
}

/** The centre says what failed, and every message is as it was. */
async function expectCentreUnchanged({ el }: Run, fault: Fault, prefix: string) {
  expectSays(await errorToast(el), prefix, fault);
  await settle();
  expect(rowStates(el)).to.deep.equal(UNTOUCHED);
  expect($(el, '[part="tab-count"]')!.textContent).to.equal('2');
}

/** The action's success toast, once (the first try's error toast may still be up). */
async function successSaid(el: Element, text: string) {
  await waitFor(() => toasts(el, 'success').some((t) => t.includes(text)), {
    timeout: 5000,
    message: `the toast "${text}"`,
  });
}

const CENTRE_CASES: Case[] = [
  {
    tag: 'yx-message-centre',
    action: 'marking one message read',
    call: { method: 'POST', path: READ_ONE },
    routes: [...centreRoutes, { method: 'POST', path: READ_ONE, body: {} }],
    prepare: async ({ el }) => listShown(el),
    act: async ({ el }) => messageRow(el, '1').querySelector<HTMLButtonElement>('[part~="mark-read-button"]')!.click(),
    failed: (run, fault) => expectCentreUnchanged(run, fault, 'Failed to mark as read: '),
    retry: async ({ el }) =>
      messageRow(el, '1').querySelector<HTMLButtonElement>('[part~="mark-read-button"]')!.click(),
    async succeeded({ el }) {
      await waitFor(() => messageRow(el, '1').dataset.state === 'read', { timeout: 5000, message: 'the message read' });
      expect(rowStates(el)).to.deep.equal(['1:read', '2:read', '3:unread']);
      expect($(el, '[part="tab-count"]')!.textContent).to.equal('1');
    },
  },
  {
    tag: 'yx-message-centre',
    action: 'marking every message read',
    call: { method: 'POST', path: READ },
    routes: [...centreRoutes, { method: 'POST', path: READ, body: {} }],
    prepare: async ({ el }) => listShown(el),
    act: async ({ el }) => click(el, '[part~="mark-all-read-button"]'),
    failed: (run, fault) => expectCentreUnchanged(run, fault, 'Failed to mark as read: '),
    retry: async ({ el }) => click(el, '[part~="mark-all-read-button"]'),
    async succeeded({ el }) {
      await waitFor(() => messageRows(el).every((r) => r.dataset.state === 'read'), {
        timeout: 5000,
        message: 'all read',
      });
      await successSaid(el, 'All messages marked as read');
      expect($(el, '[part="tab-count"]')).to.equal(null);
    },
  },
  {
    tag: 'yx-message-centre',
    action: 'deleting a message',
    modal: true,
    call: { method: 'DELETE', path: DELETE_ONE },
    routes: [...centreRoutes, { method: 'DELETE', path: DELETE_ONE, body: {} }],
    async prepare({ el }) {
      await listShown(el);
      messageRow(el, '3').querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      await confirmationOpen(el);
    },
    act: async ({ el }) => click(el, '[role="alertdialog"] [part~="confirm-button"]'),
    async failed(run, fault) {
      await expectCentreUnchanged(run, fault, 'Deletion failed, please retry: ');
      // The confirmation stays open for another try.
      await waitFor(() => $(run.el, '[part~="confirm"]')?.dataset.status === 'idle', {
        timeout: FIRST_SHOWN_WITHIN,
        message: 'the dialog idle',
      });
    },
    retry: async ({ el }) => click(el, '[role="alertdialog"] [part~="confirm-button"]'),
    async succeeded({ el }) {
      await waitFor(() => messageRows(el).length === 2, { timeout: 5000, message: 'the message gone' });
      await successSaid(el, 'Deleted successfully');
      expect(rowStates(el)).to.deep.equal(['1:unread', '2:read']);
      expect($(el, '[part="tab-count"]')!.textContent).to.equal('1');
      await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'the confirmation closed' });
    },
  },
  {
    tag: 'yx-message-centre',
    action: 'clearing the read messages',
    modal: true,
    call: { method: 'POST', path: BATCH_DELETE },
    routes: [...centreRoutes, { method: 'POST', path: BATCH_DELETE, body: {} }],
    async prepare({ el }) {
      await listShown(el);
      click(el, '[part~="clear-read-button"]');
      await confirmationOpen(el);
    },
    act: async ({ el }) => click(el, '[role="alertdialog"] [part~="confirm-button"]'),
    async failed(run, fault) {
      await expectCentreUnchanged(run, fault, 'Failed to clear read messages: ');
      // The confirmation stays open for another try.
      await waitFor(() => $(run.el, '[part~="confirm"]')?.dataset.status === 'idle', {
        timeout: FIRST_SHOWN_WITHIN,
        message: 'the dialog idle',
      });
    },
    retry: async ({ el }) => click(el, '[role="alertdialog"] [part~="confirm-button"]'),
    async succeeded({ el }) {
      await waitFor(() => messageRows(el).length === 2, { timeout: 5000, message: 'the read message gone' });
      await successSaid(el, 'Read messages cleared');
      expect(rowStates(el)).to.deep.equal(['1:unread', '3:unread']);
      await waitFor(() => !$(el, '[role="alertdialog"]'), { message: 'the confirmation closed' });
    },
  },
];

const CASES: Case[] = [...LOGIN_CASES, ...TOKEN_CASES, ...ORG_CASES, ...BINDING_CASES, ...CENTRE_CASES];

/** Mounts the case's element against a server whose `call` meets `fault`, and gets to the action. */
async function prepare(subject: Case, fault: Fault): Promise<Run> {
  const api = await mockApi([...subject.routes, ...(subject.leadIn ?? []), { ...subject.call, ...fault.route }]);
  const el = await mountElement(subject.tag, { host: api.host, locale: 'en_US', ...subject.attributes });
  const events: unknown[] = [];
  if (subject.event) {
    el.addEventListener(subject.event, (e) => {
      e.preventDefault();
      const detail = (e as CustomEvent<unknown>).detail;
      // A sign-in is told by its new CSRF token (the user object is the fixtures' own).
      events.push(subject.event === 'yx-login' ? (detail as { csrfToken: string }).csrfToken : detail);
    });
  }
  const run = { el, api, events };
  await subject.prepare?.(run);
  return run;
}

/** The fault has been met: checks it, heals the server, and tries again. */
async function finish(subject: Case, fault: Fault, run: Run): Promise<void> {
  await subject.failed(run, fault);
  await run.api.define(subject.healed ?? subject.routes);
  await subject.retry(run);
  await subject.succeeded(run);
}

/** Mocha hooks: a fake EventSource, frames in a background tab, no page navigation (a signed-in
 * login navigates unless told not to), the real clock back, and an empty page afterwards. */
function usePage(hooks: { before: Mocha.HookFunction; after: Mocha.HookFunction }) {
  let restore: Array<() => void> = [];
  const noNavigation = (e: Event) => e.preventDefault();
  hooks.before(() => {
    restore = [useFakeEventSource(), framesInBackground()];
    document.addEventListener('yx-navigate', noNavigation);
  });
  hooks.after(() => {
    for (const undo of restore) undo();
    document.removeEventListener('yx-navigate', noNavigation);
    Date.now = realNow;
    document.body.innerHTML = '';
  });
}

describe('actions meeting a failing server', () => {
  for (const subject of CASES) {
    describe(`<${subject.tag}> ${subject.action}`, () => {
      usePage({ before: beforeEach, after: afterEach });
      for (const fault of FAULTS.filter((f) => f !== SLOW)) {
        it(`on ${fault.name}: says so in place, keeps what the user entered, and goes through when tried again`, async () => {
          const run = await prepare(subject, fault);
          await subject.act(run);
          await finish(subject, fault, run);
        });
      }
    });
  }

  // The client's real timeout (5 s) runs once per group instead of once per action: every element
  // of the group gets to its action, then all act at once (so no failure lands while another
  // element is being typed into), and each test checks its own. The actions that leave a modal
  // drawer or dialog open have a group of their own: the open one keeps the focus inside it, and
  // the other elements could not be typed into any more.
  for (const [group, subjects] of [
    ['every action', CASES.filter((c) => !c.modal)],
    ['every action in a drawer or dialog', CASES.filter((c) => c.modal)],
  ] as const) {
    describe(`${group} on ${SLOW.name}`, () => {
      const runs = new Map<Case, Run>();
      usePage({ before, after });
      before(async function () {
        this.timeout(60_000);
        for (const subject of subjects) runs.set(subject, await prepare(subject, SLOW));
        for (const [subject, run] of runs) await subject.act(run);
      });
      after(() => runs.clear());

      for (const subject of subjects) {
        it(`<${subject.tag}> ${subject.action}: says it timed out, keeps what the user entered, and goes through when tried again`, async () => {
          await finish(subject, SLOW, runs.get(subject)!);
        });
      }
    });
  }
});

describe('<yx-login> while the sign-in providers fail to load', () => {
  // A user who signs in only through a provider or a directory needs the row: its place says what
  // went wrong, with a Retry; the password form is not held up meanwhile.
  usePage({ before: beforeEach, after: afterEach });
  const healedProviders = {
    providers: [{ id: 'dingtalk', name: 'DingTalk', authorize_url: '/users/sso/dingtalk/authorize' }],
    ldap: { enabled: true, kinds: ['ldap'] },
  };

  /** Mounts against the fault, and waits for its message in the row's place. */
  async function failedProviders(fault: Fault) {
    const api = await mockApi([...baseRoutes, { method: 'GET', path: PROVIDERS, ...fault.route }]);
    const el = await mountElement('yx-login', { host: api.host, locale: 'en_US' });
    // The user is typing while the providers load: the message must not take the focus.
    input(el, 'username').focus();
    const message = (await waitFor(
      () => ($(el, '[part="alternatives-error"]')?.textContent ? $(el, '[part="alternatives-error"]') : null),
      {
        timeout: FAULT_SHOWN_WITHIN,
        message: 'the providers message',
      },
    ))!;
    expect(message.getAttribute('role'), 'announced politely').to.equal('status');
    expect(message.checkVisibility({ checkVisibilityCSS: true }), 'on screen').to.equal(true);
    expectSays(message.textContent!, 'Other sign-in methods could not be loaded: ', fault);
    expect($(el, '[part="alternatives"]')).to.equal(null);
    expect(deepActiveElement(), 'the focus stays in the account field').to.equal(input(el, 'username'));
    return { api, el };
  }

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so in the row's place, and signs in with the account and password all the same`, async () => {
      const { api, el } = await failedProviders(fault);
      const csrfTokens: string[] = [];
      el.addEventListener('yx-login', (e) =>
        csrfTokens.push((e as CustomEvent<{ csrfToken: string }>).detail.csrfToken),
      );
      await signIn(el);
      await waitFor(() => step(el) === 'signed-in', { timeout: 5000, message: 'signed in' });
      expect(csrfTokens).to.deep.equal([NEW_CSRF]);
      expect($(el, '[part="form-error"]')).to.equal(null);
      const [attempt] = logins(await api.calls());
      expect(attempt!.path).to.equal(LOGIN);
      expect(attempt!.body).to.deep.equal({ username: 'alice', password: 'Secret#123' });
    });

    it(`on ${fault.name}: Retry, from the keyboard, loads the providers and shows the row once the server answers`, async () => {
      const { api, el } = await failedProviders(fault);
      await api.define([...baseRoutes, { method: 'GET', path: PROVIDERS, body: healedProviders }]);
      // Tab from the account field to Retry, as a keyboard user gets there.
      const retry = $(el, '[part~="alternatives-retry-button"]')!;
      expect(retry.textContent).to.equal('Retry');
      for (let i = 0; i < 10 && deepActiveElement() !== retry; i++) await sendKeys({ press: 'Tab' });
      expect(deepActiveElement(), 'Retry is reached with Tab').to.equal(retry);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => $(el, '[part="alternatives"]'), { timeout: FAULT_SHOWN_WITHIN, message: 'the row' });
      expect($$(el, '[part="alternatives"] button').map((b) => b.textContent)).to.deep.equal(['DingTalk', 'LDAP']);
      expect($(el, '[part="alternatives-error"]')?.textContent ?? '').to.equal('');
      expect($(el, '[part~="alternatives-retry-button"]')).to.equal(null);
      // Retry went away with its message: the focus goes on to the row.
      expect(deepActiveElement(), 'the focus is on the row').to.equal($(el, '[data-provider="dingtalk"]'));
      const calls = await api.calls();
      expect(calls.filter((c) => c.path === PROVIDERS)).to.have.length(1);
    });
  }
});
