/**
 * State of `<yx-org-switcher>` and `<yx-app-entry>` (§4): one store per element instance, status
 * as enumerated strings. The organization list follows §4: `load()` replaces the list with the
 * first page, `add()` appends the next one (page size 50, `next_token`). The actions are the only
 * writers; an answer that arrives after a newer load (or a reset) is dropped.
 *
 * The switcher also knows the current organization by id when the page does (§2: the shell
 * loads "that organization"): it is fetched with the first page and listed first, marked, so it
 * is shown even when its own page is the third of 50 (and not twice once that page comes). The
 * page's app (§4 `appInfo`) is fetched once, alongside.
 */
import type { HttpError, HttpResult } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import { ORGANIZATION_PAGE_SIZE } from './api';
import type { AppInfo, OrgSwitcherApi, Organization, OrganizationInfo } from './api';

export interface OrgSwitcherState {
  /** Of the first page (`load`). */
  status: Status;
  error: HttpError | undefined;
  organizations: Organization[];
  /** §4 pagination: the next page's token (undefined on the last page) and the page size. */
  pagination: { nextToken: string | undefined; pageSize: number };
  /** Of the next page (`add`); the list stays as it is while it loads or when it fails. */
  adding: 'idle' | 'loading' | 'error';
  addError: HttpError | undefined;
  /** The organization being switched to. */
  switching: string | undefined;
  switchError: HttpError | undefined;
  /** The organization whose switch failed (with `switchError`). */
  failed: string | undefined;
  /** §4 currentOrganization: the one the page names (`organizationId`), fetched by id with the
   * first page; undefined when none is named or it could not be fetched. */
  currentOrganization: OrganizationInfo | undefined;
  /** §4 appInfo: the page's app (`appId`), when one is named and it could be fetched. */
  appInfo: AppInfo | undefined;
}

export type OrgSwitcherStore = Store<OrgSwitcherState>;

export function createOrgSwitcherStore(): OrgSwitcherStore {
  return createStore<OrgSwitcherState>({
    status: 'idle',
    error: undefined,
    organizations: [],
    pagination: { nextToken: undefined, pageSize: ORGANIZATION_PAGE_SIZE },
    adding: 'idle',
    addError: undefined,
    switching: undefined,
    switchError: undefined,
    failed: undefined,
    currentOrganization: undefined,
    appInfo: undefined,
  });
}

/**
 * The organizations as listed: the current one first when it was fetched by id (the only one
 * marked then), followed by the loaded pages without it; else the pages as they came, marked by
 * the server's `current` flag.
 */
export function listedOrganizations(state: OrgSwitcherState): Organization[] {
  const pinned = state.currentOrganization;
  if (!pinned) return state.organizations;
  const rest = state.organizations
    .filter((o) => o.id !== pinned.id)
    .map((o) => (o.current ? { ...o, current: false } : o));
  return [{ ...pinned, current: true }, ...rest];
}

/** The organization marked current, if it is known. */
export const currentOrganization = (state: OrgSwitcherState): Organization | undefined =>
  listedOrganizations(state).find((o) => o.current);

/** What the page says about where the user is: `PageSettings.organizationId` and `appId`. */
export interface PageContext {
  organizationId?: string;
  appId?: string;
}

export interface OrgSwitcherActions {
  /** 'load': fetches the first page and replaces the list with it. */
  load(): Promise<void>;
  /** 'add': appends the next page; nothing when there is none or one is on its way. */
  add(): Promise<void>;
  /** Calls lastWorkspace; the list stays whatever the answer. */
  switchTo(organizationId: string): Promise<HttpResult<unknown>>;
  /** The switch is over (the page is leaving, or the host took the change over). */
  endSwitch(): void;
  reset(): void;
}

export function createOrgSwitcherActions(
  store: OrgSwitcherStore,
  api: () => OrgSwitcherApi,
  userId: () => string | undefined,
  page: () => PageContext = () => ({}),
): OrgSwitcherActions {
  let run = 0;

  /** The page's app, once: it does not change with a reload of the list. */
  const loadAppInfo = async (mine: number, appId: string | undefined) => {
    if (!appId || store.get().appInfo?.id === appId) return;
    const [error, appInfo] = await api().appInfo(appId);
    // An extra: without it the intro simply does not name the app.
    if (mine === run && !error) store.set({ appInfo });
  };

  return {
    async load() {
      const mine = ++run;
      const { organizationId, appId } = page();
      store.set({ status: 'loading', error: undefined, adding: 'idle', addError: undefined });
      void loadAppInfo(mine, appId);
      // Together, so the current organization does not jump to the top of a list already shown.
      const [[error, first], [currentError, current]] = await Promise.all([
        api().list({ userId: userId() }),
        organizationId ? api().organization(organizationId) : Promise.resolve([null, undefined] as const),
      ]);
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else
        store.set((s) => ({
          status: 'ready',
          organizations: first.organizations,
          pagination: { ...s.pagination, nextToken: first.nextToken },
          // Not fetched (gone, no longer a member): the server's `current` flag marks it, if listed.
          currentOrganization: currentError ? undefined : current,
        }));
    },
    async add() {
      const state = store.get();
      const token = state.pagination.nextToken;
      if (state.status !== 'ready' || !token || state.adding === 'loading') return;
      const mine = run;
      store.set({ adding: 'loading', addError: undefined });
      const [error, page] = await api().list({ userId: userId(), nextToken: token });
      if (mine !== run) return;
      if (error) store.set({ adding: 'error', addError: error });
      else
        store.set((s) => {
          // A page may repeat an organization that moved between pages: keep the first one.
          const seen = new Set(s.organizations.map((o) => o.id));
          return {
            adding: 'idle',
            organizations: [...s.organizations, ...page.organizations.filter((o) => !seen.has(o.id))],
            pagination: { ...s.pagination, nextToken: page.nextToken },
          };
        });
    },
    async switchTo(organizationId) {
      store.set({ switching: organizationId, switchError: undefined, failed: undefined });
      const result = await api().setLastWorkspace(organizationId);
      if (result[0]) store.set({ switching: undefined, switchError: result[0], failed: organizationId });
      return result;
    },
    endSwitch() {
      store.set({ switching: undefined });
    },
    reset() {
      run++;
      store.reset();
    },
  };
}

export interface AppEntryState {
  status: Status;
  error: HttpError | undefined;
  organization: OrganizationInfo | undefined;
  /** Identities of the installed apps, in the server's order. */
  apps: string[];
  /** The app whose address is being fetched. */
  opening: string | undefined;
  openError: { appId: string; error: HttpError | 'bad-url' } | undefined;
}

export type AppEntryStore = Store<AppEntryState>;

export function createAppEntryStore(): AppEntryStore {
  return createStore<AppEntryState>({
    status: 'idle',
    error: undefined,
    organization: undefined,
    apps: [],
    opening: undefined,
    openError: undefined,
  });
}

export interface AppEntryActions {
  /** Fetches the organization and its apps together; either failing is an error. */
  load(organizationId: string): Promise<void>;
  /** Fetches the app's `raw_url`; resolves to it, or to null after recording why not. */
  open(organizationId: string, appId: string, isUsable: (url: string) => boolean): Promise<string | null>;
  reset(): void;
}

export function createAppEntryActions(store: AppEntryStore, api: () => OrgSwitcherApi): AppEntryActions {
  let run = 0;
  return {
    async load(organizationId) {
      const mine = ++run;
      store.set({ status: 'loading', error: undefined, openError: undefined });
      const [[orgError, organization], [appsError, apps]] = await Promise.all([
        api().organization(organizationId),
        api().apps(organizationId),
      ]);
      if (mine !== run) return;
      const error = orgError ?? appsError;
      if (error) store.set({ status: 'error', error });
      else store.set({ status: 'ready', organization: organization!, apps: apps! });
    },
    async open(organizationId, appId, isUsable) {
      const mine = run;
      store.set({ opening: appId, openError: undefined });
      const [error, url] = await api().appUrl(organizationId, appId);
      if (mine !== run) return null;
      if (error || !isUsable(url)) {
        store.set({ opening: undefined, openError: { appId, error: error ?? 'bad-url' } });
        return null;
      }
      store.set({ opening: undefined });
      return url;
    },
    reset() {
      run++;
      store.reset();
    },
  };
}
