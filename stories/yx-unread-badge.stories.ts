import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-unread-badge';
import { elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { find, storyElement } from './support/play';
import { systemError } from './mocks/common';
import { notificationHandlers, notificationPaths, streamHandler, unreadOf } from './mocks/notifications';

const TAG = 'yx-unread-badge';

/** A link to the message centre for host navigation bars, with the live unread count. */
const meta = {
  title: 'Elements/yx-unread-badge',
  ...elementMeta(TAG, {
    href: textAttribute('Where the link goes; same-origin only (default `#/users/notifications`).'),
  }),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: notificationHandlers(unreadOf(5)) } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);

export const Unread: Story = {
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="link"][data-state="unread"] [part="count"]');
  },
};

/** Nothing unread: the bell alone, named 'Messages'. */
export const NothingUnread: Story = {
  parameters: { msw: { handlers: { api: notificationHandlers([]) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="link"][data-count="0"]');
  },
};

/** More than 99: '99+'. */
export const Many: Story = {
  parameters: { msw: { handlers: { api: notificationHandlers(unreadOf(120)) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="link"][data-count="120"]');
  },
};

/** The count cannot be had: the plain bell, still a working link. */
export const CountUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [http.post(notificationPaths.count, systemError), streamHandler([]), ...notificationHandlers([])],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="link"][data-state="empty"]');
  },
};
