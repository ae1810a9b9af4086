/** Where Chromium is looked for, in order (after CHROME_PATH). */
export declare const CANDIDATES: string[];
/** CHROME_PATH when it exists, else the first Chromium or Chrome found, else undefined. */
export declare function findChromium(): string | undefined;
/** Flags for headless Chromium under playwright-core (end-to-end tests and benchmarks). */
export declare const CHROMIUM_FLAGS: string[];
