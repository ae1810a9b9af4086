/**
 * Fixtures of the <yx-settings> tests: the two calls the shell makes, fake section elements the
 * shell's `loadSection` defines on demand (so no real section bundle or API is involved), and a
 * recorder for the events the shell fires.
 */
import { createElement } from 'react';
import { SettingsShell } from '../../../src/features/settings/SettingsShell';
import type { SettingsShellProps } from '../../../src/features/settings/SettingsShell';
import type { SectionTag } from '../../../src/features/settings/SectionHost';
import { mount } from '../fixtures/harness';
import type { MockRoute } from '../fixtures/harness';

export const APPS_PATH = '/uiless/api/my/apps';
export const HELP_PATH = '/uiless/api/helpLink/personal-settings';
export const HELP_URL = 'https://help.example.com/personal-settings';

/** The user's apps, by identity. */
export const appsRoute = (identities: string[], extra: Partial<MockRoute> = {}): MockRoute => ({
  method: 'GET',
  path: APPS_PATH,
  body: { apps: identities.map((identity) => ({ identity })) },
  ...extra,
});
export const helpRoute = (link = HELP_URL): MockRoute => ({ method: 'GET', path: HELP_PATH, body: { link } });
export const noHelpRoute: MockRoute = {
  method: 'GET',
  path: HELP_PATH,
  status: 404,
  body: { code: 'not_found', message: 'No help link' },
};

/** A section element that only records the attributes it was created with. */
export class FakeSection extends HTMLElement {}

/** Defines a {@link FakeSection} for each section element not defined yet: the real ones would
 * load their bundles and call the API. */
export function defineFakeSections(): void {
  for (const tag of [
    'yx-profile',
    'yx-token-manager',
    'yx-ssh-keys',
    'yx-package-credential',
    'yx-third-party-bindings',
  ]) {
    if (!customElements.get(tag)) customElements.define(tag, class extends FakeSection {});
  }
}

/** A `loadSection` that defines a fake element for the tag on first use and records each call. */
export function fakeLoader() {
  const calls: SectionTag[] = [];
  const load = async (tag: SectionTag) => {
    calls.push(tag);
    if (!customElements.get(tag)) customElements.define(tag, class extends FakeSection {});
  };
  return { calls, load };
}

/** Mounts the shell component inside a test element (English unless told otherwise). */
export async function mountShell(props: SettingsShellProps, attributes: Record<string, string> = {}) {
  const reloads: number[] = [];
  const loader = fakeLoader();
  const mounted = await mount(
    createElement(SettingsShell, {
      loadSection: loader.load,
      reload: () => reloads.push(Date.now()),
      ...props,
    }),
    attributes,
  );
  return { ...mounted, reloads, loader };
}

/** Records (and, unless told otherwise, cancels) every event of a type reaching the document. */
export function captureEvents<T = unknown>(type: string, { cancel = true } = {}) {
  const details: T[] = [];
  const listener = (e: Event) => {
    if (cancel) e.preventDefault();
    details.push((e as CustomEvent<T>).detail);
  };
  document.addEventListener(type, listener);
  return { details, stop: () => document.removeEventListener(type, listener) };
}

/** The section keys of the sidebar links, in order. */
export const navKeys = (root: ShadowRoot) =>
  [...root.querySelectorAll<HTMLAnchorElement>('[part~="nav-link"]')].map((a) => a.dataset.key);
export const navLabels = (root: ShadowRoot) =>
  [...root.querySelectorAll<HTMLElement>('[part~="nav-link"]')].map((a) => a.textContent);

/**
 * The runner opens two test pages at once; in the background one (`document.hidden`) Chromium
 * runs no rendering updates, so media query `change` events never come. While the page is hidden
 * this polls each MediaQueryList the page asks for and fires its `change` itself; while visible
 * the browser's own events do. Returns the function that restores `matchMedia`.
 */
export function mediaChangesInBackground(): () => void {
  const native = window.matchMedia;
  const lists = new Map<string, MediaQueryList>();
  const timers = new Set<number>();
  window.matchMedia = (query: string) => {
    const known = lists.get(query);
    if (known) return known;
    const list = native.call(window, query);
    lists.set(query, list);
    let last = list.matches;
    list.addEventListener('change', () => {
      last = list.matches;
    });
    const id = window.setInterval(() => {
      if (!document.hidden || list.matches === last) return;
      last = list.matches;
      list.dispatchEvent(new Event('change'));
    }, 30);
    timers.add(id);
    return list;
  };
  return () => {
    window.matchMedia = native;
    for (const id of timers) window.clearInterval(id);
    lists.clear();
  };
}
