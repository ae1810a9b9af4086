import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-ssh-keys';
import { elementMeta } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, listSteps, stillFrame, submitDrawer, type } from './support/play';
import { failure, never, systemError } from './mocks/common';
import { PUBLIC_KEYS, mixedKeys, sshKeyHandlers, sshPaths } from './mocks/ssh-keys';

const TAG = 'yx-ssh-keys';

/** SSH public keys: list, add (with the fingerprint computed in the browser), edit, delete. */
const meta = {
  title: 'Elements/yx-ssh-keys',
  ...elementMeta(TAG),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: sshKeyHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const { element, listed, opens } = listSteps(TAG, '[part="ssh-key-list"][data-status="ready"] [part~="table"]');

/** Opens the add drawer and pastes a key with a name. */
async function addKey(el: HTMLElement) {
  await click(await find(el, '.yx-ssh-toolbar [part~="add-button"]'));
  await type(await find(el, '[part~="drawer"] input[name="title"]'), 'New laptop');
  await type(await find(el, '[part~="drawer"] textarea[name="key"]'), PUBLIC_KEYS.ed25519.line);
  await find(el, '[part="fingerprint-preview"] [part="fingerprint"]');
}

export const List: Story = {
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.get(sshPaths().keys, never)] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: sshKeyHandlers([]) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="empty"]');
  },
};

/** The global flavour calls the code-hosting API without the `/uiless/proxy` prefix (§2). */
export const GlobalFlavour: Story = {
  args: { flavour: 'global' },
  parameters: { msw: { handlers: { api: sshKeyHandlers(mixedKeys, '') } } },
  play: async ({ canvasElement }) => {
    await listed(canvasElement);
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { api: [http.get(sshPaths().keys, systemError)] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

/** The add drawer with a pasted key: its fingerprint, computed in the browser, before saving. */
export const AddDrawer: Story = {
  play: async ({ canvasElement }) => {
    const el = await listed(canvasElement);
    await addKey(el);
    await stillFrame(el);
  },
};

/** The service refuses a key it already has: the message lands on the key field. */
export const AddRefusedDuplicate: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(sshPaths().keys, () => failure(409, 'ssh_key_duplicate', 'This key is already registered')),
          ...sshKeyHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = await listed(canvasElement);
    await addKey(el);
    await submitDrawer(el, '[part~="drawer"] textarea[aria-invalid="true"]');
    await stillFrame(el);
  },
};

export const EditDrawer: Story = {
  play: opens('[part~="edit-button"]', '[part~="drawer"] [part="ssh-key-form"]'),
};

export const DeleteConfirm: Story = {
  play: opens('[part~="delete-button"]', '[part~="confirm"]'),
};
