import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-app-entry';
import { elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, storyElement } from './support/play';
import { failure, never, systemError } from './mocks/common';
import { orgPaths, organizationHandlers } from './mocks/organizations';

const TAG = 'yx-app-entry';

/** The app entry of one organization: its header, then its installed apps; choosing one fetches
 * its address and fires a cancelable `yx-navigate`. */
const meta = {
  title: 'Elements/yx-app-entry',
  ...elementMeta(TAG, {
    'organization-id': textAttribute('The organization whose apps to show (required).'),
  }),
  args: { 'organization-id': 'org-2' },
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: organizationHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const appsShown = (el: HTMLElement) => find(el, '[part="app-entry"][data-status="ready"] [part~="app"]');

export const Apps: Story = {
  play: async ({ canvasElement }) => {
    await appsShown(element(canvasElement));
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.get(orgPaths.organization, never), ...organizationHandlers()] } } },
};

/** No app installed in the organization. */
export const NoApps: Story = {
  parameters: { msw: { handlers: { api: organizationHandlers(undefined, []) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="empty"]');
  },
};

/** Without `organization-id` there is nothing to show. */
export const MissingOrganization: Story = {
  args: { 'organization-id': '' },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="app-entry"][data-status="error"]');
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { api: [http.get(orgPaths.myApps, systemError), ...organizationHandlers()] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

/** The chosen app's address cannot be had: why, above the apps. */
export const OpenFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [
          http.get(orgPaths.app, () => failure(403, 'no_permission', 'No access to this app')),
          ...organizationHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await click(await appsShown(el));
    await find(el, '[part="open-error"]');
  },
};
