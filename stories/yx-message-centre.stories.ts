import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-message-centre';
import { choiceAttribute, elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { click, find, stillFrame, storyElement } from './support/play';
import { never, systemError } from './mocks/common';
import { inbox, notificationHandlers, notificationPaths } from './mocks/notifications';

const TAG = 'yx-message-centre';

/** The message centre: tabs All / Unread, the app filter, Mark all read, Clear all read, and a
 * virtualised list whose HTML content is sanitised. Counts arrive live over Server-Sent Events. */
const meta = {
  title: 'Elements/yx-message-centre',
  ...elementMeta(TAG, {
    tab: choiceAttribute('The tab shown (default `all`); the user may then choose another.', ['all', 'unread']),
    app: textAttribute('The app filter, an app id (`codeup`). Empty: all apps.'),
  }),
  // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
  parameters: { msw: { handlers: { api: notificationHandlers() } } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);
const listShown = (el: HTMLElement) => find(el, '[part="message-centre"][data-status="ready"] [part~="message"]');

/** Unread and read messages of several apps, a sensitive sign-in notice, live counts. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await find(el, '[part="tab-count"]');
  },
};

/** Waiting for the first answer. The fake API never answers, so after 5 s (§9) the element shows its
 * timeout error. */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.post(notificationPaths.list, never), ...notificationHandlers()] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: notificationHandlers([]) } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="empty"]');
  },
};

export const UnreadTab: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    const tabs = el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="tab"]');
    await click(tabs[1]!);
    await find(el, '[part="message-centre"][data-tab="unread"][data-status="ready"] [part~="message"]');
  },
};

/** Only one app's messages, chosen in the 'All Messages' filter. */
export const FilteredByApp: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await click(await find(el, '[part~="app-filter-option"][data-app="flow"]'));
    await find(el, '[part~="app-filter-option"][aria-pressed="true"]');
    await find(el, '[part="message-centre"][data-status="ready"] [part~="message"]');
  },
};

/** Opened on a view the host keeps in its address: `tab="unread" app="flow"`. The user's own
 * choices then send `yx-messages-view` (see the Actions panel). */
export const ViewFromAttributes: Story = {
  args: { tab: 'unread', app: 'flow' },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await find(el, '[part="message-centre"][data-tab="unread"][data-status="ready"] [part~="message"]');
    await find(el, '[part~="app-filter-option"][data-app="flow"][aria-pressed="true"]');
  },
};

/** A message opened: its whole (sanitised) content, and it is marked read. */
export const MessageOpened: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await click(await find(el, '[part~="message-title"]'));
    await find(el, '[part~="message"][data-expanded="true"]');
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: { handlers: { api: [http.post(notificationPaths.list, systemError), ...notificationHandlers()] } },
  },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="result"][data-status="error"]');
  },
};

export const ClearReadConfirm: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await click(await find(el, '[part~="clear-read-button"]'));
    await find(el, '[part~="confirm"]');
    await stillFrame(el);
  },
};

/** A message's Delete asks first, naming the message: the deletion is permanent. */
export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await click(await find(el, '[part~="message"] [part~="delete-button"]'));
    await find(el, '[part~="confirm"]');
    await stillFrame(el);
  },
};

/** Deleting fails on the server: the reason in a toast, the confirmation stays open for a retry
 * and the row stays. (A message already deleted elsewhere is not a failure: its row simply goes.) */
export const DeleteFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        api: [http.delete(notificationPaths.one, systemError), ...notificationHandlers(inbox)],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const el = element(canvasElement);
    await listShown(el);
    await click(await find(el, '[part~="message"] [part~="delete-button"]'));
    await click(await find(el, '[part~="confirm"] [part~="confirm-button"]'));
    await find(el, '[part="toast"][data-tone="error"]');
    await find(el, '[part~="confirm"][data-status="idle"]');
  },
};
