import type { StorybookConfig } from '@storybook/web-components-vite';

// Stories render the real custom elements; see stories/.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
