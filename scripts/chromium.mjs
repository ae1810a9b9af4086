// Finds a Chromium for tests: CHROME_PATH, then the usual Debian and Chrome locations.
import { existsSync } from 'node:fs';

export const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

/** Flags every headless Chromium of the tests and benchmarks runs with. */
export const CHROMIUM_BASE_FLAGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** For pages that run side by side in tabs of one browser (test files, stories): the tabs in the
 * background keep rendering, and their timers stay exact. */
export const SIDE_BY_SIDE_FLAGS = [
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

/**
 * The flags for Chromium driven by playwright-core (the end-to-end tests, the stories and the
 * benchmarks). Even headless, Chromium keeps the omnibox popup of each new tab's window rendered in
 * a WebUI renderer of its own; it took ~60% of a core while the render benchmark timed a run.
 * Chromium reads only the last --disable-features, so this one also carries Playwright's own list
 * (1.5x, less its Windows and Edge entries). @web/test-runner's launcher (puppeteer) has a list of
 * its own and takes the base flags only.
 */
export const CHROMIUM_FLAGS = [
  ...CHROMIUM_BASE_FLAGS,
  `--disable-features=${[
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'WebUIOmniboxFullPopup',
    // Playwright's:
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join()}`,
];
