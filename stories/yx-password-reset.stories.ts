import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { HttpResponse, http } from 'msw';
import '../elements/yx-password-reset';
import { elementMeta } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, storyElement, type } from './support/play';
import { failure } from './mocks/common';
import { USERNAME, loginPaths, passwordResetHandlers } from './mocks/login';

const TAG = 'yx-password-reset';

/** Forgot password, in three steps: confirm the account, verify by an emailed 6-digit code, set
 * the new password; then a success screen. */
const meta = {
  title: 'Elements/yx-password-reset',
  ...elementMeta(TAG),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: passwordResetHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const atStep = (el: HTMLElement, step: string) => find(el, `[part="password-reset"][data-step="${step}"]`);

/** Step 1: the account. */
async function confirmAccount(el: HTMLElement) {
  await type(await find(el, '[part="account-step"] input[name="username"]'), USERNAME);
  await click(await find(el, '[part="account-step"] [part~="submit-button"]'));
}

/** Step 2: send the code and enter it. */
async function verify(el: HTMLElement) {
  await atStep(el, 'verify');
  await click(await find(el, '[part~="send-button"]'));
  await find(el, '[part="notice"]:not(:empty)');
  await type(await find(el, '[part="verify-step"] input[name="code"]'), '246810');
  await click(await find(el, '[part="verify-step"] [part~="submit-button"]'));
}

/** Step 3: the new password twice. */
async function reset(el: HTMLElement) {
  await atStep(el, 'reset');
  await type(await find(el, 'input[name="new_password"]'), 'New#Secret2026');
  await type(await find(el, 'input[name="confirm_password"]'), 'New#Secret2026');
  await click(await find(el, '[part="reset-step"] [part~="submit-button"]'));
}

export const ConfirmAccount: Story = {
  play: async ({ canvasElement }) => {
    await atStep(element(canvasElement), 'account');
  },
};

export const AccountNotFound: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [http.get(loginPaths.check, () => HttpResponse.json({ exists: false })), ...passwordResetHandlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await find(el, '[part="account-step"] [part="form-error"]');
  },
};

/** Step 2, the code sent to the masked address. */
export const VerifyByEmail: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await atStep(el, 'verify');
    await click(await find(el, '[part~="send-button"]'));
    await find(el, '[part="notice"]:not(:empty)');
  },
};

/** Another browser asked for this account's code within the minute (or a cap was reached): Get Code
 * is refused, and its button counts down to the next try ("Get Code in 45 s", not "Resend", as no
 * code came to this page). The message goes when the countdown ends. */
export const WaitForAnotherBrowsersCode: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(loginPaths.sendCode, () =>
            failure(429, 'too_many_requests', 'Too many requests', { retry_after: 45 }),
          ),
          ...passwordResetHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await atStep(el, 'verify');
    await click(await find(el, '[part~="send-button"]'));
    await find(el, '[part="verify-step"] [part="form-error"]');
    await find(el, '[part~="send-button"]:disabled');
  },
};

/** The organization has no email service (§8): the code cannot be sent. */
export const EmailServiceNotConfigured: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(loginPaths.sendCode, () => failure(400, 'email_service_not_configured', 'No mail service')),
          ...passwordResetHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await atStep(el, 'verify');
    await click(await find(el, '[part~="send-button"]'));
    await find(el, '[part="verify-step"] [part="form-error"]');
  },
};

export const CodeIncorrect: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(loginPaths.verifyCode, () => failure(400, 'code_incorrect', 'Code incorrect')),
          ...passwordResetHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await verify(el);
    // A refused code is the code field's own message.
    await find(el, '[part="verify-step"] input[name="code"][aria-invalid="true"]');
  },
};

/** Step 3 with the live password checklist. */
export const NewPassword: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await verify(el);
    await atStep(el, 'reset');
    await type(await find(el, 'input[name="new_password"]'), 'weak');
    await find(el, '[part~="password-rules"]');
  },
};

/** The verification went stale before the reset (§4): back to step 2 to verify again. */
export const PageExpired: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.put(loginPaths.passwordReset, () => failure(409, 'page_expired', 'Page expired')),
          ...passwordResetHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await verify(el);
    await reset(el);
    await find(el, '[part="password-reset"][data-step="verify"] [part="form-error"]');
  },
};

export const Done: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await confirmAccount(el);
    await verify(el);
    await reset(el);
    await atStep(el, 'done');
  },
};
