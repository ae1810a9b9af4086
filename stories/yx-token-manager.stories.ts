import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-token-manager';
import { choiceAttribute, elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import {
  click,
  expect,
  find,
  listSteps,
  openWith,
  stillFrame,
  submitDrawer,
  textOf,
  type,
  until,
} from './support/play';
import { failure, malformedJson, never, systemError } from './mocks/common';
import { mixedTokens, scopeHandlers, searchAnswer, token, tokenHandlers, tokenPaths } from './mocks/tokens';

const TAG = 'yx-token-manager';

/** Personal access tokens: list, create, edit, delete; a new token's value is shown once. */
const meta = {
  title: 'Elements/yx-token-manager',
  ...elementMeta(TAG, {
    version: textAttribute('`v1` shows the list in a modal, opened on mount.'),
    view: choiceAttribute('`create`: the separate create screen.', ['list', 'create']),
  }),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: tokenHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const { element, listed, opens } = listSteps(TAG, '[part="count"]');
const CREATE = '.yx-tokens-toolbar [part~="create-button"]';

/** Opens the create drawer from the toolbar and waits for its permission tree. */
const openCreateDrawer = (el: HTMLElement) => openWith(el, CREATE, '[part~="drawer"] [role="tree"]');

/** Fills the create form as a user does: a name, the 7-day preset, all of Codeup. */
async function fillCreateForm(el: HTMLElement, name: string) {
  await type(await find(el, 'input[name="name"]'), name);
  await click(await find(el, 'input[type="radio"][value="7"]'));
  await click(await find(el, 'li[data-key="codeup"]'));
}

export const List: Story = {
  play: async ({ canvasElement }) => {
    const el = await listed(canvasElement);
    await expect(textOf(el, '[part="badge"][data-state="expired"]')).not.toBe('');
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.post(tokenPaths.search, never)] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [searchAnswer([]), ...scopeHandlers] } } },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await find(el, '[part="result"] [part~="create-button"]');
  },
};

/** 45 tokens, 20 to a page: the pager. */
export const ManyPages: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          searchAnswer(
            Array.from({ length: 20 }, (_, i) => token(`p${i}`, { name: `service-account-${i + 1}` })),
            45,
          ),
          ...scopeHandlers,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part~="pagination"]');
  },
};

/** A 5xx: 'System exception, please try again' with the request id, and Retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { api: [http.post(tokenPaths.search, systemError)] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

/** An answer that is not the JSON the element expects. */
export const MalformedAnswer: Story = {
  parameters: { msw: { handlers: { api: [http.post(tokenPaths.search, malformedJson)] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

export const CreateDrawer: Story = {
  play: opens(CREATE, '[part~="drawer"] [role="tree"]'),
};

/** Submitting the empty form: every field says what it needs. */
export const CreateFormErrors: Story = {
  play: async ({ canvasElement }) => {
    const el = await listed(canvasElement);
    await openCreateDrawer(el);
    await submitDrawer(el, '[part~="drawer"] [part="field"][data-status="invalid"]');
  },
};

/** The server refuses: 'Creation failed, please retry' with its reason (here the quota). */
export const CreateRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.post(tokenPaths.tokens, () =>
            failure(409, 'token_quota_exceeded', 'You have reached the maximum number of tokens'),
          ),
          ...tokenHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = await listed(canvasElement);
    await openCreateDrawer(el);
    await fillCreateForm(el, 'release-bot');
    await submitDrawer(el, '[part~="drawer"] [part="form-error"]');
  },
};

/** After creating: the value once, in its row, with Copy and the note to save it now. */
export const ValueShownOnce: Story = {
  play: async ({ canvasElement, msw }) => {
    const el = await listed(canvasElement);
    // From now on the list answers with the new token in it, newest first.
    msw.use(searchAnswer([token('new1', { name: 'release-bot' }), ...mixedTokens]));
    await openCreateDrawer(el);
    await fillCreateForm(el, 'release-bot');
    await submitDrawer(el, 'tr [part="secret"]');
    await until(() => !el.shadowRoot?.querySelector('[part~="drawer"]'), 'the drawer to close');
    await stillFrame(el);
  },
};

export const EditDrawer: Story = {
  play: opens('[part~="edit-button"]', '[part~="drawer"] [role="tree"]'),
};

export const DeleteConfirm: Story = {
  play: opens('[part~="delete-button"]', '[part~="confirm"]'),
};

/** The delete fails on the server: 'Deletion failed, please retry' in a toast; the token stays.
 * (A token already deleted elsewhere is not a failure: the list reloads without it.) */
export const DeleteFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [http.delete(tokenPaths.token, systemError), ...tokenHandlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = await listed(canvasElement);
    await click(await find(el, '[part~="delete-button"]'));
    await click(await find(el, '[part~="confirm"] [part~="confirm-button"]'));
    await find(el, '[part="toast"][data-tone="error"]');
  },
};

/** The permission tree could not be loaded: the drawer says so, with Retry. */
export const ScopesUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [http.get(tokenPaths.scopes, systemError), ...tokenHandlers()],
      },
    },
  },
  play: opens(CREATE, '[part~="drawer"] [part="result"]'),
};

/** `version="v1"`: the list in a modal. */
export const V1Modal: Story = {
  args: { version: 'v1' },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await find(el, '[part~="modal"] [part="count"]');
    await stillFrame(el);
  },
};

/** `view="create"`: the separate create screen. */
export const CreateScreen: Story = {
  args: { view: 'create' },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[role="tree"]');
  },
};
