import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { cjsPrebundlePlugin } from './test/wtr-cjs-plugin.mjs';
import { apiFixtureMiddleware, apiFixturePlugin } from './test/wtr-api-plugin.mjs';
import { CHROMIUM_BASE_FLAGS, SIDE_BY_SIDE_FLAGS, findChromium } from './scripts/chromium.mjs';

const ci = Boolean(process.env.CI);

export default {
  files: ['test/browser/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  // Two tabs at a time on two cores (a third saved ~40 s but timed out a keyboard test under CI
  // load). Files that touch localStorage or cookies keep their own (useOwnLocalStorage,
  // useOwnCookies in test/browser/fixtures/harness.tsx); mock API namespaces are random.
  concurrency: 2,
  testFramework: { config: { timeout: 15000 } },
  testsFinishTimeout: 10 * 60 * 1000,
  browserStartTimeout: 60000,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: findChromium(),
        headless: true,
        args: [
          ...CHROMIUM_BASE_FLAGS,
          // Test files run side by side in tabs.
          ...SIDE_BY_SIDE_FLAGS,
        ],
      },
    }),
  ],
  middleware: [apiFixtureMiddleware()],
  plugins: [
    cjsPrebundlePlugin([
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'axe-core',
    ]),
    apiFixturePlugin(),
    // Some ESM packages (e.g. @tanstack/virtual-core) read process.env.NODE_ENV, which bundlers replace.
    esbuildPlugin({
      ts: true,
      tsx: true,
      jsx: true,
      js: true,
      target: 'es2022',
      tsconfig: './tsconfig.json',
      define: { 'process.env.NODE_ENV': '"development"' },
    }),
  ],
  staticLogging: ci,
};
