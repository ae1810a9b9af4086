/**
 * The settings forms that meet a failing server on submit (issue #12): the password change, the
 * email bind and change, the packages password (set one's own, reset) and the SSH key edit and
 * delete. Each tells the user what happened where that form reports a failure, keeps what the
 * user typed or chose, and succeeds when sent again once the server answers normally.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/yx-profile';
import '../../../elements/yx-package-credential';
import '../../../elements/yx-ssh-keys';
import { deepActiveElement, mockApi, mountElement, settle, waitFor } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';
import { serverFaults } from './server-faults';
import { BIND, ME, PASSWORD, REBIND, me } from '../features/profile-fixtures';
import {
  GENERATED,
  PASSWORD_PATH as PACKAGE_PASSWORD,
  generateRoute,
  setRoute,
  userInfoRoute,
} from '../features/package-credential-fixtures';
import { KEYS_PATH, listRoute, sshKey } from '../features/ssh-keys-fixtures';

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const toasts = (el: Element) => $$(el, '[part="toast"]').map((t) => t.querySelector('span')!.textContent ?? '');
const valueOf = (el: Element, selector: string) => ($(el, selector) as HTMLInputElement | null)?.value;

const FAULTS = serverFaults('req-settings-500');
/** The slow answer only fails once the client's 5000 ms timeout is up. */
const FAILURE_WAIT = 8000;

/** Waits for the error toast that starts with `prefix`, and returns it. */
async function errorToast(el: Element, prefix: string): Promise<string> {
  const toast = await waitFor(() => toasts(el).find((text) => text.startsWith(prefix)), {
    timeout: FAILURE_WAIT,
    message: `a toast starting "${prefix}"`,
  });
  return toast!;
}

/** Waits for the form's alert (`[part="form-error"]` under `scope`) and returns its text. */
async function formError(el: Element, scope: string): Promise<string> {
  const alert = await waitFor(() => $(el, `${scope} [part="form-error"]`), {
    timeout: FAILURE_WAIT,
    message: `the alert of ${scope}`,
  });
  return alert!.textContent ?? '';
}

async function typeInto(el: Element, selector: string, text: string) {
  $(el, selector)!.focus();
  await sendKeys({ type: text });
}

describe('<yx-profile> changing the password while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const fields = { old_password: 'Old-pass1', new_password: 'New-pass2@', confirm_password: 'New-pass2@' };

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so in a toast and the form, keeps the three passwords, and changes it when sent again`, async () => {
      const api = await mockApi([
        { method: 'GET', path: ME, body: me() },
        { method: 'PUT', path: PASSWORD, ...fault.route },
      ]);
      const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
      await waitFor(() => $(el, '[part="password-form"]'), { message: 'the password form' });
      for (const [name, text] of Object.entries(fields)) await typeInto(el, `input[name="${name}"]`, text);
      const submit = () => ($(el, '[part="password-form"] [part~="submit-button"]') as HTMLButtonElement).click();
      submit();

      const said = await formError(el, '[part="password-form"]');
      expect(said).to.match(/^Failed to change the password: /);
      expect(said).to.match(fault.says);
      expect(await errorToast(el, 'Failed to change the password: ')).to.equal(said);
      for (const [name, text] of Object.entries(fields)) expect(valueOf(el, `input[name="${name}"]`)).to.equal(text);

      await api.define([
        { method: 'GET', path: ME, body: me() },
        { method: 'PUT', path: PASSWORD, body: { signed_out_sessions: 0 } },
      ]);
      submit();
      await waitFor(() => toasts(el).includes('Password changed'), { timeout: 5000, message: 'the success toast' });
      expect($(el, '[part="password-form"] [part="form-error"]')).to.equal(null);
      for (const name of Object.keys(fields)) expect(valueOf(el, `input[name="${name}"]`)).to.equal('');
    });
  }
});

describe('<yx-profile> binding or changing the email while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const inModal = (el: Element, selector: string) => $(el, `[part~="modal"] ${selector}`);
  const cases = [
    {
      action: 'binding',
      button: 'bind-button',
      email: null,
      path: BIND,
      failed: 'Failed to add the email address: ',
      typed: 'lin@example.com',
      success: 'Email address added. A verification email was sent to lin@example.com.',
    },
    {
      action: 'changing',
      button: 'change-button',
      email: { address: 'old@example.com', verified: false },
      path: REBIND,
      failed: 'Failed to change the email address: ',
      typed: 'lin@example.com',
      success: 'Modified successfully. A verification email was sent to lin@example.com.',
    },
  ] as const;

  for (const c of cases) {
    for (const fault of FAULTS) {
      it(`${c.action}, on ${fault.name}: says so in the dialog, keeps the address, and sends it when asked again`, async () => {
        const api = await mockApi([
          { method: 'GET', path: ME, body: me({ email: c.email }) },
          { method: 'POST', path: c.path, ...fault.route },
        ]);
        const el = await mountElement('yx-profile', { host: api.host, locale: 'en_US' });
        (await waitFor(() => $(el, `[part~="${c.button}"]`), { message: 'the profile' }))!.click();
        const input = await waitFor(() => inModal(el, 'input[name="email"]'), { message: 'the email dialog' });
        await waitFor(() => deepActiveElement() === input, { message: 'focus in the email field' });
        await sendKeys({ type: c.typed });
        const submit = () => (inModal(el, '[part~="submit-button"]') as HTMLButtonElement).click();
        submit();

        const said = await formError(el, '[part~="modal"]');
        expect(said.startsWith(c.failed), said).to.equal(true);
        expect(said).to.match(fault.says);
        expect(valueOf(el, '[part~="modal"] input[name="email"]')).to.equal(c.typed);

        const bound = { address: c.typed, verified: false };
        await api.define([
          { method: 'GET', path: ME, body: me({ email: bound }) },
          { method: 'POST', path: c.path, body: { email: bound, sent: true } },
        ]);
        submit();
        await waitFor(() => toasts(el).includes(c.success), { timeout: 5000, message: 'the success toast' });
        await waitFor(() => !inModal(el, 'input[name="email"]'), { message: 'the dialog to close' });
        expect($(el, '[part="email-address"]')!.textContent).to.equal(c.typed);
      });
    }
  }
});

describe('<yx-package-credential> setting my own password while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so in the form, keeps the password typed, and sets it when sent again`, async () => {
      const api = await mockApi([userInfoRoute(), { method: 'POST', path: PACKAGE_PASSWORD, ...fault.route }]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      (await waitFor(() => $(el, '[part~="custom-button"]'), { message: 'the credential' }))!.click();
      const input = await waitFor(() => $(el, '[part="custom-form"] input[name="password"]'), {
        message: 'the form',
      });
      await waitFor(() => deepActiveElement() === input, { message: 'focus in the password field' });
      await sendKeys({ type: 'Build#2026pkg' });
      const submit = () => ($(el, '[part="custom-form"] [part~="submit-button"]') as HTMLButtonElement).click();
      submit();

      const said = await formError(el, '[part="custom-form"]');
      expect(said).to.match(/^Setting the password failed, please retry: /);
      expect(said).to.match(fault.says);
      expect(valueOf(el, '[part="custom-form"] input[name="password"]')).to.equal('Build#2026pkg');

      await api.define([userInfoRoute(), setRoute()]);
      submit();
      await waitFor(() => toasts(el).includes('Password set'), { timeout: 5000, message: 'the success toast' });
      await waitFor(() => !$(el, '[part="custom-form"]'), { message: 'the form to close' });
      expect($(el, '[part="effect-note"]')!.dataset.state).to.equal('pending');
    });
  }
});

describe('<yx-package-credential> resetting the password while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  for (const fault of FAULTS) {
    it(`on ${fault.name}: says so in a toast, keeps the confirmation open, and resets when confirmed again`, async () => {
      const api = await mockApi([userInfoRoute(), { method: 'POST', path: PACKAGE_PASSWORD, ...fault.route }]);
      const el = await mountElement('yx-package-credential', { host: api.host, locale: 'en_US' });
      (await waitFor(() => $(el, '[part~="reset-button"]'), { message: 'the credential' }))!.click();
      const confirm = await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' });
      confirm!.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();

      const said = await errorToast(el, 'Reset failed, please retry: ');
      expect(said).to.match(fault.says);
      await waitFor(() => confirm!.dataset.status === 'idle', { message: 'the confirmation ready again' });
      expect(confirm!.isConnected, 'the confirmation stays open').to.equal(true);
      expect($(el, '[part="password-hidden"]'), 'no password shown').to.exist;

      await api.define([userInfoRoute(), generateRoute()]);
      confirm!.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      const shown = await waitFor(() => $(el, '[part~="password-value"]') as HTMLInputElement | null, {
        timeout: 5000,
        message: 'the new password',
      });
      expect(shown!.value).to.equal(GENERATED);
      await waitFor(() => !$(el, '[part~="confirm"]'), { message: 'the confirmation to close' });
    });
  }
});

describe('<yx-ssh-keys> editing or deleting a key while the server fails', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const laptop = sshKey(11, { title: 'work laptop', scope: 'read' });
  const rows = (el: Element) => $$(el, 'tr[part="table-row"]');
  const keyRoute = (method: string, route: Omit<MockRoute, 'method' | 'path'>): MockRoute => ({
    method,
    path: `${KEYS_PATH}/:id`,
    ...route,
  });

  for (const fault of FAULTS) {
    it(`editing, on ${fault.name}: says so once, in the drawer, keeps the new name and scope, and saves when sent again`, async () => {
      const api = await mockApi([listRoute([laptop]), keyRoute('POST', fault.route)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1, { message: 'the list' });
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
      const title = await waitFor(() => $(el, '[part~="drawer"] input[name="title"]'), { message: 'the drawer' });
      await waitFor(() => deepActiveElement() === title, { message: 'focus in the name field' });
      await sendKeys({ press: 'End' });
      await sendKeys({ type: ' 2' });
      ($(el, 'input[type="radio"][value="all"]') as HTMLInputElement).click();
      await settle();
      const submit = () => ($(el, '[part~="drawer"] [part~="submit-button"]') as HTMLButtonElement).click();
      submit();

      const said = await formError(el, '[part~="drawer"]');
      expect(said).to.match(/^Modification failed, please retry: /);
      expect(said).to.match(fault.says);
      expect(toasts(el), 'no toast repeating it').to.deep.equal([]);
      expect(valueOf(el, '[part~="drawer"] input[name="title"]')).to.equal('work laptop 2');
      expect(($(el, 'input[type="radio"][value="all"]') as HTMLInputElement).checked).to.equal(true);

      const renamed = { ...laptop, title: 'work laptop 2', scope: 'all' as const };
      await api.define([listRoute([renamed]), keyRoute('POST', { body: {} })]);
      submit();
      await waitFor(() => toasts(el).includes('Modified successfully'), {
        timeout: 5000,
        message: 'the success toast',
      });
      await waitFor(() => !$(el, '[part~="drawer"]'), { message: 'the drawer to close' });
      await waitFor(() => rows(el)[0]?.textContent?.includes('work laptop 2'), { message: 'the renamed key listed' });
    });
  }

  for (const fault of FAULTS) {
    it(`deleting, on ${fault.name}: says so in a toast, keeps the confirmation and the key, and deletes when confirmed again`, async () => {
      const api = await mockApi([listRoute([laptop]), keyRoute('DELETE', fault.route)]);
      const el = await mountElement('yx-ssh-keys', { host: api.host, locale: 'en_US' });
      await waitFor(() => rows(el).length === 1, { message: 'the list' });
      rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
      const confirm = await waitFor(() => $(el, '[part~="confirm"]'), { message: 'the confirmation' });
      confirm!.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();

      const said = await errorToast(el, 'Deletion failed, please retry: ');
      expect(said).to.match(fault.says);
      await waitFor(() => confirm!.dataset.status === 'idle', { message: 'the confirmation ready again' });
      expect(confirm!.isConnected, 'the confirmation stays open').to.equal(true);
      expect(rows(el)).to.have.length(1);

      await api.define([listRoute([]), keyRoute('DELETE', { body: {} })]);
      confirm!.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
      await waitFor(() => toasts(el).includes('Deleted successfully'), { timeout: 5000, message: 'the success toast' });
      await waitFor(() => $(el, '[part="result"][data-status="empty"]'), { message: 'the list without it' });
    });
  }
});
