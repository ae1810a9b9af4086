/**
 * Every message of both languages, for code that translates synchronously from the start: the
 * server, the tests, tools. The element bundles replace this module with an empty one
 * (rollup.config.mjs) and load per element and language instead (./index `loadStrings`).
 */
import { zh_CN } from './zh_CN';
import { en_US } from './en_US';
import type { Strings } from './index';
import type { Locale } from '../settings';

export const preloaded: Record<Locale, Strings> | undefined = { zh_CN, en_US };
