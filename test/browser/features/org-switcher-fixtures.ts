/** Fixtures of the <yx-org-switcher> and <yx-app-entry> tests: organizations as the server lists
 * them, their pages, and the calls the elements make. */
import type { MockCall, MockRoute } from '../fixtures/harness';

export const ORGS_PATH = '/individual/proxy/my/organizations';
export const LAST_WORKSPACE_PATH = '/uiless/api/sdk/users/lastWorkspace';

export interface OrgRow {
  _id: string;
  name: string;
  logo: string;
  current?: boolean;
}

/** Organization number `i`: "Org 007", with an https logo. */
export const org = (i: number, overrides: Partial<OrgRow> = {}): OrgRow => ({
  _id: `org-${i}`,
  name: `Org ${String(i).padStart(3, '0')}`,
  logo: `https://cdn.example.com/logos/${i}.png`,
  ...overrides,
});

/** Organizations `from`..`to` (inclusive). */
export const orgRange = (from: number, to: number, overrides: (i: number) => Partial<OrgRow> = () => ({})) =>
  Array.from({ length: to - from + 1 }, (_, k) => org(from + k, overrides(from + k)));

/** One page answer; `nextToken` undefined = the last page (no `next_token`). */
export const page = (organizations: OrgRow[], nextToken?: string) => ({
  organizations,
  pages: nextToken ? { next_token: nextToken } : {},
});

/** Routes answering successive list calls with these pages, in order (each used once). */
export const pageRoutes = (...pages: Array<ReturnType<typeof page>>): MockRoute[] =>
  // The mock answers with the newest matching route: define the pages last-first.
  [...pages].reverse().map((body) => ({ method: 'POST', path: ORGS_PATH, body, times: 1 }));

export const switchOk: MockRoute = { method: 'PUT', path: LAST_WORKSPACE_PATH, body: {} };
export const switchRefused = (status: number, code: string, message: string): MockRoute => ({
  method: 'PUT',
  path: LAST_WORKSPACE_PATH,
  status,
  body: { code, message, requestId: 'req-1' },
});

export const lists = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.path === ORGS_PATH);
export const switches = (calls: MockCall[]) => calls.filter((c) => c.path === LAST_WORKSPACE_PATH);

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A data URL of a tiny PNG (a logo the element must not use: it is not http(s) or relative). */
export const DATA_LOGO = `data:image/png;base64,${PNG_1PX}`;

/**
 * The runner opens two test pages at once; in the background one (`document.hidden`) Chromium
 * runs no rendering updates, so IntersectionObserver never reports. While the page is hidden this
 * measures each observed target against its root (rootMargin in px) every 30 ms and reports
 * changes as the browser would; while visible the native observer does. Returns the restore
 * function.
 */
export function intersectionsInBackground(): () => void {
  const Native = window.IntersectionObserver;
  class BackgroundAware implements IntersectionObserver {
    readonly root: Element | Document | null;
    readonly rootMargin: string;
    readonly thresholds: readonly number[] = [0];
    readonly scrollMargin = '0px';
    private native: IntersectionObserver;
    private targets = new Map<Element, boolean | undefined>();
    private timer: number;

    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.root = options.root ?? null;
      this.rootMargin = options.rootMargin ?? '0px';
      this.native = new Native((entries, observer) => {
        for (const e of entries) this.targets.set(e.target, e.isIntersecting);
        callback(entries, observer);
      }, options);
      const [top = 0, right = top, bottom = top, left = right] = this.rootMargin
        .split(/\s+/)
        .map((v) => parseFloat(v) || 0);
      this.timer = window.setInterval(() => {
        if (!document.hidden) return;
        const area =
          this.root instanceof Element
            ? this.root.getBoundingClientRect()
            : new DOMRect(0, 0, window.innerWidth, window.innerHeight);
        const changed: IntersectionObserverEntry[] = [];
        for (const [target, last] of this.targets) {
          const box = target.getBoundingClientRect();
          const inside =
            box.top <= area.bottom + bottom &&
            box.bottom >= area.top - top &&
            box.left <= area.right + right &&
            box.right >= area.left - left;
          if (inside === last) continue;
          this.targets.set(target, inside);
          changed.push({
            target,
            isIntersecting: inside,
            intersectionRatio: inside ? 1 : 0,
          } as IntersectionObserverEntry);
        }
        if (changed.length) callback(changed, this);
      }, 30);
    }
    observe(target: Element) {
      this.targets.set(target, undefined);
      this.native.observe(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
      this.native.unobserve(target);
    }
    disconnect() {
      this.targets.clear();
      this.native.disconnect();
      window.clearInterval(this.timer);
    }
    takeRecords() {
      return this.native.takeRecords();
    }
  }
  window.IntersectionObserver = BackgroundAware;
  return () => {
    window.IntersectionObserver = Native;
  };
}
