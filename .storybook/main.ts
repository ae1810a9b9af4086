import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { StorybookConfig } from '@storybook/web-components-vite';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const WORKER = 'mockServiceWorker.js';

/**
 * Serves MSW's service worker at the site root (its scope must cover iframe.html), in `storybook
 * dev` and in the built site, straight from the installed msw, so the worker always matches the
 * library version (a stale copy makes MSW warn on every page).
 */
function mswWorker(): Plugin {
  const source = () => readFileSync(require.resolve(`msw/${WORKER}`), 'utf8');
  return {
    name: 'yx-msw-worker',
    configureServer(server) {
      server.middlewares.use(`/${WORKER}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WORKER, source: source() });
    },
  };
}

// Stories render the real custom elements; see stories/.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // Vite 8 bundles with rolldown; Storybook's builder sets `rolldownOptions` (not the old name).
    const bundler = viteConfig.build?.rolldownOptions ?? {};
    return {
      ...viteConfig,
      plugins: [...(viteConfig.plugins ?? []), mswWorker()],
      build: {
        ...viteConfig.build,
        // Storybook's manager and addons are large by nature; the elements' own sizes are checked
        // by scripts/size.mjs.
        chunkSizeWarningLimit: 4096,
        rolldownOptions: {
          ...bundler,
          // A shared CI machine makes plugin timings noise, not news.
          checks: { ...bundler.checks, bundlerTimings: false },
          onwarn(warning, warn) {
            // Radix marks its modules "use client", which means nothing in a browser bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            if (bundler.onwarn) bundler.onwarn(warning, warn);
            else warn(warning);
          },
        },
      },
    };
  },
};

export default config;
