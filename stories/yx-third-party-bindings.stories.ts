import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-third-party-bindings';
import { SECTIONS } from '../src/features/third-party/ThirdPartyBindings';
import { choiceAttribute, elementMeta } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, stillFrame, storyElement } from './support/play';
import { never, systemError } from './mocks/common';
import { providers, thirdPartyHandlers, thirdPartyPaths } from './mocks/third-party';

const TAG = 'yx-third-party-bindings';

/** Third-party account bindings: a card per sign-in provider, bound (with Unbind), unbound (with
 * Bind, a cancelable `yx-navigate` to the provider) or unavailable on this site. */
const meta = {
  title: 'Elements/yx-third-party-bindings',
  ...elementMeta(TAG, {
    section: choiceAttribute("Which section's heading to show (default `third-party`).", SECTIONS),
  }),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: thirdPartyHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const cardsShown = (el: HTMLElement) => find(el, '[part="third-party"][data-status="ready"] [part="provider-card"]');

/** Puts `?name=value` on the page's address, as the provider's redirect back does; removed after. */
function returnedWith(name: string, value: string) {
  return () => {
    const url = new URL(location.href);
    url.searchParams.set(name, value);
    history.replaceState(history.state, '', url);
    return () => {
      const back = new URL(location.href);
      back.searchParams.delete(name);
      history.replaceState(history.state, '', back);
    };
  };
}

/** DingTalk bound, Lark not yet. */
export const Bound: Story = {
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="provider-card"][data-state="bound"]');
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.get(thirdPartyPaths.providers, never), ...thirdPartyHandlers()] } } },
};

export const NothingBound: Story = {
  parameters: { msw: { handlers: { api: thirdPartyHandlers([]) } } },
  play: async ({ canvasElement }) => {
    await cardsShown(element(canvasElement));
  },
};

/** Lark is not configured on this site: its card says why it cannot be bound. */
export const ProviderUnavailable: Story = {
  parameters: { msw: { handlers: { api: thirdPartyHandlers(undefined, providers({ lark: false })) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="provider-card"][data-state="unavailable"]');
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: { handlers: { api: [http.get(thirdPartyPaths.identities, systemError), ...thirdPartyHandlers()] } },
  },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

export const UnbindConfirm: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="unbind-button"]'));
    await find(el, '[part~="confirm"]');
    await stillFrame(el);
  },
};

/** Unbinding fails on the server: the reason in a toast, the account stays bound. (An account
 * unbound elsewhere meanwhile is not a failure: the card simply shows it unbound.) */
export const UnbindFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [http.delete(thirdPartyPaths.identity, systemError), ...thirdPartyHandlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await find(el, '[part~="unbind-button"]'));
    await click(await find(el, '[part~="confirm"] [part~="confirm-button"]'));
    await find(el, '[part="toast"][data-tone="error"]');
  },
};

/** The same content as the identity-provider settings section. */
export const IdentityProviderSection: Story = {
  args: { section: 'identity-provider' },
  play: async ({ canvasElement }) => {
    await cardsShown(element(canvasElement));
  },
};

/** Back from the provider with `?bound=lark`: a success toast, and the parameter is removed. */
export const ReturnedBound: Story = {
  beforeEach: returnedWith('bound', 'lark'),
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="toast"][data-tone="success"]');
  },
};

/** Back from the provider with `?error=identity_bound_elsewhere`: why, in a toast. */
export const ReturnedWithError: Story = {
  beforeEach: returnedWith('error', 'identity_bound_elsewhere'),
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="toast"][data-tone="error"]');
  },
};
