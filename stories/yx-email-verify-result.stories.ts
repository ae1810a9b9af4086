import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-email-verify-result';
import { elementMeta, numberAttribute, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { find, storyElement } from './support/play';
import { never, systemError } from './mocks/common';
import { emailVerifyPath, verifyHandlers, verifyRefused } from './mocks/email-verify';

const TAG = 'yx-email-verify-result';

/** The page an activation link opens: it verifies the link, then redirects after a countdown (with
 * Enter Now), or says exactly why the link failed. */
const meta = {
  title: 'Elements/yx-email-verify-result',
  ...elementMeta(TAG, {
    token: textAttribute("The activation link's token (default: the page's `token` parameter)."),
    seconds: numberAttribute('Seconds before the redirect after success (default 5).', 0, 3600),
    'next-url': textAttribute('Where to go after success; same origin only (default the profile settings).'),
  }),
  // A long countdown, so the success panel stays on screen; the redirect is a cancelled `yx-navigate`.
  args: { token: 'activation-token-1', seconds: 60 },
  // One key, `api`: a story replaces the whole list.
  parameters: { msw: { handlers: { api: verifyHandlers } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const failedWith = async (canvasElement: HTMLElement, reason: string) =>
  find(element(canvasElement), `[part="email-verify"][data-status="error"][data-reason="${reason}"]`);

export const Verified: Story = {
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="email-verify"][data-status="success"] [part="countdown"]');
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Verifying: Story = {
  parameters: { msw: { handlers: { api: [http.post(emailVerifyPath, never)] } } },
};

/** No token at all: the link is invalid, and nothing is sent. */
export const InvalidLink: Story = {
  args: { token: '' },
  play: async ({ canvasElement }) => {
    await failedWith(canvasElement, 'invalid-link');
  },
};

export const LinkExpired: Story = {
  parameters: { msw: { handlers: { api: verifyRefused(410, 'email_link_expired', 'Link expired') } } },
  play: async ({ canvasElement }) => {
    await failedWith(canvasElement, 'expired');
  },
};

export const TokenMismatch: Story = {
  parameters: { msw: { handlers: { api: verifyRefused(400, 'email_token_mismatch', 'Token mismatch') } } },
  play: async ({ canvasElement }) => {
    await failedWith(canvasElement, 'token-mismatch');
  },
};

export const ActivateMismatch: Story = {
  parameters: { msw: { handlers: { api: verifyRefused(409, 'email_activate_mismatch', 'Another address') } } },
  play: async ({ canvasElement }) => {
    await failedWith(canvasElement, 'activate-mismatch');
  },
};

export const BindingStatusWrong: Story = {
  parameters: { msw: { handlers: { api: verifyRefused(409, 'email_binding_status', 'Binding status wrong') } } },
  play: async ({ canvasElement }) => {
    await failedWith(canvasElement, 'binding-status');
  },
};

/** A link opened a second time: the address is verified, so this is a success, counting down as usual. */
export const AlreadyVerified: Story = {
  parameters: { msw: { handlers: { api: verifyRefused(409, 'email_already_verified', 'Already verified') } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="email-verify"][data-status="success"] [part="already-verified"]');
  },
};

/** A fault of the server: 'System exception, please try again' with the request id. */
export const SystemError: Story = {
  parameters: { msw: { handlers: { api: [http.post(emailVerifyPath, systemError)] } } },
  play: async ({ canvasElement }) => {
    await failedWith(canvasElement, 'other');
  },
};
