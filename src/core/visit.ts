/**
 * Where a visit came from and which variant of the page it is (§9), for the standalone page's
 * usage reports. Apart from ./query, which every element's page loads, so that only the page
 * that reports them downloads these.
 */
import { readCookie } from './cookies';
import { currentSearch, getNextUrl, getQueryParam } from './query';

/** The `channel` parameter, looked for in the query and then inside nested next URLs
 * (a next URL whose own query has a next URL…), up to a sane depth. */
export function getChannel(search: string = currentSearch()): string | null {
  let current: string | null = search;
  for (let depth = 0; current && depth < 10; depth++) {
    const channel = getQueryParam('channel', current);
    if (channel) return channel;
    current = getNextUrl(current);
  }
  return null;
}

/** Whether the `version=ga` cookie marks the GA variant.
 * @param cookie - @default document.cookie */
export function isGaVariant(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return readCookie(cookie, 'version') === 'ga';
}
