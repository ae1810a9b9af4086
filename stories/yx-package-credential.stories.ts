import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-package-credential';
import { elementMeta } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, stillFrame, storyElement, type } from './support/play';
import { failure, never, systemError } from './mocks/common';
import { packageCredentialHandlers, packagePaths } from './mocks/package-credential';

const TAG = 'yx-package-credential';

/** The packages credential: the username, and a password that is never read back, only reset
 * (shown once) or set by the user; either takes effect after 10 s. */
const meta = {
  title: 'Elements/yx-package-credential',
  ...elementMeta(TAG),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: packageCredentialHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const ready = (el: HTMLElement) => find(el, '[part="credential"] [part~="reset-button"]');

/** Resets the password: Reset, then Confirm in the confirmation. */
async function reset(el: HTMLElement) {
  await click(await ready(el));
  await click(await find(el, '[part~="confirm"] [part~="confirm-button"]'));
}

/** Opens "Set my own password" and submits `password`. */
async function setOwn(el: HTMLElement, password: string) {
  await click(await find(el, '[part~="custom-button"]'));
  await type(await find(el, '[part="custom-form"] input[name="password"]'), password);
  await click(await find(el, '[part="custom-form"] [part~="submit-button"]'));
}

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    await ready(element(canvasElement));
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.get(packagePaths.userInfo, never)] } } },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { api: [http.get(packagePaths.userInfo, systemError)] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

export const ResetConfirm: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await ready(el));
    await find(el, '[part~="confirm"]');
    await stillFrame(el);
  },
};

/** The generated password, shown once with Show and Copy, and when it takes effect. */
export const NewPasswordShown: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await reset(el);
    await find(el, '[part~="secret"]');
    await find(el, '[part="effect-note"]');
    await stillFrame(el);
  },
};

/** The reset fails: 'Reset failed, please retry' with the reason. */
export const ResetFailed: Story = {
  parameters: {
    msw: { handlers: { api: [http.post(packagePaths.password, systemError), ...packageCredentialHandlers()] } },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await reset(el);
    await find(el, '[part="toast"][data-tone="error"]');
  },
};

export const CustomPasswordForm: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="custom-button"]'));
    await find(el, '[part="custom-form"]');
  },
};

/** A password that breaks the rule (§5): the form says which one, before anything is sent. */
export const CustomPasswordInvalid: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await ready(el);
    await setOwn(el, 'short');
    await find(el, '[part="custom-form"] [part="field"][data-status="invalid"]');
  },
};

/** The service refuses the password it was sent: the reason lands on the field. */
export const CustomPasswordRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(packagePaths.password, () =>
            failure(400, 'password_rejected', 'This password was found in a data breach', { field: 'password' }),
          ),
          ...packageCredentialHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await ready(el);
    await setOwn(el, 'Harbour#Lights2026');
    await find(el, '[part="custom-form"] [part="field"][data-status="invalid"]');
  },
};

/** The new password set by the user, counting down to when it takes effect. */
export const CustomPasswordSet: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await ready(el);
    await setOwn(el, 'Harbour#Lights2026');
    await find(el, '[part="effect-note"][data-state="pending"]');
  },
};
