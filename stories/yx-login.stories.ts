import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-login';
import { choiceAttribute, elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, storyElement, type } from './support/play';
import { daysFromNow, failure, systemError } from './mocks/common';
import { USERNAME, allProviders, loginHandlers, loginPaths, loginRefused } from './mocks/login';

const TAG = 'yx-login';

/** The login page: account and password (or LDAP / Windows AD), the configured identity
 * providers, and the slider, emailed code and forced password change when the server asks. */
const meta = {
  title: 'Elements/yx-login',
  ...elementMeta(TAG, {
    variant: choiceAttribute("`lingma`: the AI coding assistant's branding.", ['default', 'lingma']),
    'next-url': textAttribute("Where to go after signing in; same origin only (default: the page's `nextUrl`)."),
  }),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: loginHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);

/** Types the account and password and submits. */
async function signIn(el: HTMLElement) {
  await type(await find(el, 'input[name="username"]'), USERNAME);
  await type(await find(el, 'input[name="password"]'), 'Secret#2026');
  await click(await find(el, '[part="login-form"] [part~="submit-button"]'));
}

/** The login answers `code`; the story signs in and waits for `selector`. */
const refusedWith = (status: number, code: string, selector: string, extra: Record<string, unknown> = {}): Story => ({
  parameters: { msw: { handlers: { api: [loginRefused(status, code, extra), ...loginHandlers()] } } },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await signIn(el);
    await find(el, selector);
  },
});

export const Credentials: Story = {
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="login-form"]');
  },
};

/** DingTalk, Lark, Enterprise WeChat, Alibaba Cloud, LDAP and Windows AD. */
export const WithAlternatives: Story = {
  parameters: { msw: { handlers: { api: loginHandlers(allProviders) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="alternatives"] [part~="provider-button"]');
  },
};

/** Sign in with LDAP: the directory mode chosen among the alternatives. */
export const LdapMode: Story = {
  parameters: { msw: { handlers: { api: loginHandlers(allProviders) } } },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="mode-button"]'));
    await find(el, '[part="login-form"][data-mode="ldap"]');
  },
};

/** The AI coding assistant's edition. */
export const Lingma: Story = {
  args: { variant: 'lingma' },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="login-form"]');
  },
};

/** Submitting empty fields: both say they are required (§5). */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part="login-form"] [part~="submit-button"]'));
    await find(el, '[part="field"][data-status="invalid"]');
  },
};

export const WrongPassword: Story = refusedWith(401, 'account_or_password_incorrect', '[part="form-error"]');

/** Frozen for an hour after too many wrong passwords (§4). */
export const AccountFrozen: Story = refusedWith(423, 'account_frozen', '[part="form-error"]', {
  frozenUntil: daysFromNow(1 / 24),
});

export const AccountDoesNotExist: Story = refusedWith(404, 'account_not_exist', '[part="form-error"]');

/** The server wants the slide-to-verify control first. */
export const Slider: Story = refusedWith(403, 'slider_required', '[part="slider"] [part="slider-handle"]');

/** The account has security risks: a 6-digit code is emailed (§8). */
export const EmailCode: Story = refusedWith(403, 'email_verification_required', '[part="code-step"]', {
  email: 'l***@example.com',
});

/** The account has security risks but no email to send a code to (§8). */
export const NoEmailForCode: Story = refusedWith(403, 'no_email', '[part="login-form"] [part="form-error"]');

/** A wrong code: 'verification code incorrect, obtain another' (§8). */
export const CodeIncorrect: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          loginRefused(403, 'email_verification_required', { email: 'l***@example.com' }),
          http.post(loginPaths.verifyCode, () => failure(400, 'code_incorrect', 'Code incorrect')),
          ...loginHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await signIn(el);
    // Six digits submit by themselves.
    await type(await find(el, '[part="code-step"] input[name="code"]'), '135790');
    // A refused code is the code field's own message.
    await find(el, '[part="code-step"] input[name="code"][aria-invalid="true"]');
  },
};

/** The password must be changed before going on (§2 forced password change). */
export const ForcedChange: Story = refusedWith(403, 'password_change_required', '[part="forced-change"]');

/** The identity providers cannot be listed: the form still works, and the row's place says so
 * with a Retry. */
export const ProvidersUnavailable: Story = {
  parameters: { msw: { handlers: { api: [http.get(loginPaths.providers, systemError), ...loginHandlers()] } } },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await find(el, '[part="login-form"]');
    await find(el, '[part~="alternatives-retry-button"]');
  },
};
