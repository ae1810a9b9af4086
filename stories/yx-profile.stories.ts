import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-profile';
import { booleanAttribute, elementMeta } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, stillFrame, storyElement, type } from './support/play';
import { failure, never, systemError } from './mocks/common';
import { me, profileHandlers, profilePaths } from './mocks/profile';

const TAG = 'yx-profile';

/** Personal Information: avatar, login account, email binding, language and password. */
const meta = {
  title: 'Elements/yx-profile',
  ...elementMeta(TAG, {
    'no-reload': booleanAttribute(
      'Switching the language re-renders the element and fires `yx-locale-change` instead of reloading the page.',
    ),
  }),
  // Switching the language in a story must not reload the Storybook frame.
  args: { 'no-reload': true },
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: profileHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const ready = (el: HTMLElement) => find(el, '[part="profile"][data-status="ready"] [part="card"]');

const verified = me({
  avatar: '/users/static/avatars/lin.svg',
  email: { address: 'lin.wei@example.com', verified: true },
});
const unverified = me({ email: { address: 'lin.wei@example.com', verified: false } });

/** Fills the password form: current, new and confirmation, then submits. */
async function changePassword(el: HTMLElement, next: string, confirmation = next) {
  await type(await find(el, 'input[name="old_password"]'), 'Old#Secret2025');
  await type(await find(el, 'input[name="new_password"]'), next);
  await type(await find(el, 'input[name="confirm_password"]'), confirmation);
  await click(await find(el, '[part="password-form"] [part~="submit-button"]'));
}

/** A verified address and an avatar. */
export const VerifiedEmail: Story = {
  parameters: { msw: { handlers: { api: profileHandlers(verified) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="email"][data-state="verified"]');
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.get(profilePaths.me, never)] } } },
};

/** No email bound yet: Bind. */
export const NoEmail: Story = {
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="email"][data-state="none"]');
  },
};

/** An address waiting for its activation link: Resend, Change, Unbind. */
export const UnverifiedEmail: Story = {
  parameters: { msw: { handlers: { api: profileHandlers(unverified) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="email"][data-state="unverified"]');
  },
};

/** An account without a password (signed up through a provider): the form sets one, no current password. */
export const NoPasswordYet: Story = {
  parameters: { msw: { handlers: { api: profileHandlers(me({ has_password: false })) } } },
  play: async ({ canvasElement }) => {
    await ready(element(canvasElement));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { api: [http.get(profilePaths.me, systemError)] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

export const BindEmailDialog: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="bind-button"]'));
    await find(el, '[part~="modal"] [part="email-form"]');
    await stillFrame(el);
  },
};

/** The address is bound to another account: the dialog says so. */
export const BindEmailRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(profilePaths.bind, () => failure(409, 'email_already_bound', 'Email already bound')),
          ...profileHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="bind-button"]'));
    await type(await find(el, '[part~="modal"] input[name="email"]'), 'taken@example.com');
    await click(await find(el, '[part~="modal"] [part~="submit-button"]'));
    // The refusal names no field here: the dialog's own alert says it, once.
    await find(el, '[part~="modal"] [part="form-error"]');
    await stillFrame(el);
  },
};

/** Resending too soon (§8: try again after one minute). */
export const ResendTooFrequent: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(profilePaths.rebind, () => failure(429, 'email_too_frequent', 'Too frequent', { retry_after: 60 })),
          ...profileHandlers(unverified),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="resend-button"]'));
    await find(el, '[part="toast"][data-tone="error"]');
  },
};

export const UnbindConfirm: Story = {
  parameters: { msw: { handlers: { api: profileHandlers(verified) } } },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="unbind-button"]'));
    await find(el, '[part~="confirm"]');
    await stillFrame(el);
  },
};

/** The new password and its confirmation differ (§5): said before anything is sent. */
export const PasswordMismatch: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await ready(el);
    await changePassword(el, 'New#Secret2026', 'New#Secret2027');
    await find(el, '[part="password-form"] [part="field"][data-status="invalid"]');
  },
};

/** The server says the current password is wrong. */
export const PasswordIncorrect: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.put(profilePaths.password, () =>
            failure(400, 'password_incorrect', 'Wrong password', { field: 'old_password' }),
          ),
          ...profileHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await ready(el);
    await changePassword(el, 'New#Secret2026');
    await find(el, '[part="password-form"] [part="field"][data-status="invalid"]');
  },
};
