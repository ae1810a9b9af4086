import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-org-switcher';
import { elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, storyElement, type } from './support/play';
import { failure, never, systemError } from './mocks/common';
import { orgPaths, orgRange, organizationHandlers } from './mocks/organizations';

const TAG = 'yx-org-switcher';

/** Switch Organization: the user's organizations 50 to a page, the current one marked, a filter;
 * choosing one saves it and fires a cancelable `yx-org-change`. */
const meta = {
  title: 'Elements/yx-org-switcher',
  ...elementMeta(TAG, {
    'next-url': textAttribute("Where to go after switching (default: the page's `nextUrl`, else `/`)."),
    'user-id': textAttribute('Sent as `user_id` when listing (default: the signed-in user).'),
  }),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: organizationHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const listShown = (el: HTMLElement) => find(el, '[part="org-switcher"][data-status="ready"] [part~="org"]');

/** Five organizations, the current one marked, one without a logo (its initials). */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await find(el, '[part="current-badge"]');
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.post(orgPaths.list, never)] } } },
};

/** 120 organizations: the first 50, then 'Load more' (or scrolling) appends the next page. */
export const ManyPages: Story = {
  parameters: { msw: { handlers: { api: organizationHandlers(orgRange(1, 120)) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part~="load-more-button"]');
  },
};

/** The filter matches nothing that is loaded. */
export const FilterNoMatch: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await type(await find(el, 'input[type="search"]'), 'zzz');
    await find(el, '[part="no-match"]');
  },
};

/** The user is in no organization (§8). */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: organizationHandlers([]) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="empty"]');
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { api: [http.post(orgPaths.list, systemError)] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

/** The organization refuses this address (IP allowlist): 'Failed to switch the organization' and why. */
export const SwitchFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.put(orgPaths.lastWorkspace, () => failure(403, 'ip_restricted', 'IP not allowed')),
          ...organizationHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    const orgs = el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="org"]');
    await click(orgs[1]!);
    await find(el, '[part="switch-error"]');
  },
};
