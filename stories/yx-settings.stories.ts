import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { http } from 'msw';
import '../elements/yx-settings';
import { choiceAttribute, elementMeta, textAttribute } from './support/element';
import type { ElementArgs } from './support/element';
import { find, storyElement } from './support/play';
import { never, systemError } from './mocks/common';
import { appsAnswer, settingsHandlers, settingsPaths } from './mocks/settings';

const TAG = 'yx-settings';
const SECTIONS = ['profile', 'personalAccessToken', 'ssh', 'packagesCredential', 'third-party', 'identity-provider'];

/** The personal settings shell: top bar, the sidebar with the sections this user may see in this
 * flavour, and the section element itself, loaded on demand. */
const meta = {
  title: 'Elements/yx-settings',
  ...elementMeta(TAG, {
    section: choiceAttribute('The section key of `/users/settings/:sidebarKey`.', SECTIONS),
    version: textAttribute('Passed to the token section (`v1`: its list as a modal).'),
    view: choiceAttribute('Passed to the token section (`create`: the create screen).', ['list', 'create']),
  }),
  args: { section: 'profile' },
  parameters: {
    layout: 'fullscreen',
    // One key, `api`: a story replaces the whole list, its own answers first (the first match wins).
    msw: { handlers: { api: settingsHandlers() } },
  },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<ElementArgs>;

const element = (canvasElement: HTMLElement) => storyElement(canvasElement, TAG);

/** Waits for the shell and for the section element's own content. */
const sectionShown = async (canvasElement: HTMLElement, tag: string, part: string) => {
  const el = element(canvasElement);
  await find(el, '[part="settings"][data-status="ready"] [part~="nav"]');
  await find(el, tag, `[part~="${part}"][data-status="ready"]`);
};

export const Profile: Story = {
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-profile', 'profile'),
};

export const AccessTokens: Story = {
  args: { section: 'personalAccessToken' },
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-token-manager', 'token-list'),
};

export const SshKeys: Story = {
  args: { section: 'ssh' },
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-ssh-keys', 'ssh-keys'),
};

export const PackagesCredential: Story = {
  args: { section: 'packagesCredential' },
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-package-credential', 'package-credential'),
};

export const ThirdParty: Story = {
  args: { section: 'third-party' },
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-third-party-bindings', 'third-party'),
};

/** Without code hosting and packages installed, the menu has no SSH or packages entries (§2). */
export const WithoutCodeHosting: Story = {
  parameters: { msw: { handlers: { api: [appsAnswer(['workbench']), ...settingsHandlers()] } } },
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-profile', 'profile'),
};

/** The global flavour lists profile, personal access token and SSH only. */
export const GlobalFlavour: Story = {
  args: { flavour: 'global' },
  play: async ({ canvasElement }) => sectionShown(canvasElement, 'yx-profile', 'profile'),
};

/** While the apps load the shell renders nothing (§2). */
export const Loading: Story = {
  parameters: { msw: { handlers: { api: [http.get(settingsPaths.apps, never), ...settingsHandlers()] } } },
};

/** The apps call fails: 'The system is abnormal, please try again' with Retry. */
export const AppsFailed: Story = {
  parameters: { msw: { handlers: { api: [http.get(settingsPaths.apps, systemError), ...settingsHandlers()] } } },
  play: async ({ canvasElement }) => {
    await find(element(canvasElement), '[part="settings"][data-status="error"] [part="result"]');
  },
};
