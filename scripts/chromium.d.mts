/** Where Chromium is looked for, in order (after CHROME_PATH). */
export declare const CANDIDATES: string[];
/** CHROME_PATH when it exists, else the first Chromium or Chrome found, else undefined. */
export declare function findChromium(): string | undefined;
/** Flags every headless Chromium of the tests and benchmarks runs with. */
export declare const CHROMIUM_BASE_FLAGS: string[];
/** Keeps background tabs rendering with exact timers, for pages run side by side. */
export declare const SIDE_BY_SIDE_FLAGS: string[];
/** The base flags plus the features to turn off, for Chromium under playwright-core. */
export declare const CHROMIUM_FLAGS: string[];
