/**
 * Usage tracking of the standalone page (§7): on when the server's inlined page settings name a
 * collector (`trackingEndpoint`, which the reference server sets in demo mode), off otherwise.
 */
import { getChannel, isGaVariant } from '../src/core/visit';
import { resolveSettings } from '../src/core/settings';
import { createTracker } from '../src/core/tracker/tracker';
import type { Tracker } from '../src/core/tracker/tracker';

/** The fields of `GET /individual/proxy/me` the tracker reports. */
export interface CurrentUser {
  _id?: string;
  username?: string;
  name?: string;
}

/** The collector named by the inlined settings, or '' when tracking is off. `trackingEndpoint`
 * is a setting of this page only, so it is not part of the elements' `PageSettings`. */
export function trackingEndpoint(): string {
  const value = (window.__YX_SETTINGS__ as { trackingEndpoint?: unknown } | undefined)?.trackingEndpoint;
  return typeof value === 'string' ? value : '';
}

/**
 * Starts the tracker when a collector is configured; returns it (disabled when not).
 * `currentUser` returns the page's last answer of `/individual/proxy/me`, or undefined when it
 * has none: the page asks only on routes that need a session, and asking on every page would
 * put a 401 in the console of every signed-out visit.
 * @example startTracking(() => me)
 */
export function startTracking(currentUser: () => CurrentUser | null | undefined): Tracker {
  // Where the visit came from (§9), read from the address it landed on, nested next URLs included;
  // cut short, as a value over the collector's limit would cost the visit every report.
  const channel = getChannel()?.slice(0, 200) || undefined;
  const tracker = createTracker({
    endpoint: trackingEndpoint(),
    user: () => {
      const me = currentUser();
      return {
        userId: me?._id ?? '',
        userName: me?.username ?? me?.name ?? '',
        appName: 'account',
        pid: 'yx-account',
        // Read at every report: an organization switch applies at once.
        organizationId: resolveSettings().organizationId,
        channel,
        variant: isGaVariant() ? 'ga' : undefined,
      };
    },
  });
  tracker.start();
  return tracker;
}
