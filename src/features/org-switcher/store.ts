/**
 * State of `<yx-org-switcher>` and `<yx-app-entry>` (§4): one store per element instance, status
 * as enumerated strings. The organization list follows §4: `load()` replaces the list with the
 * first page, `add()` appends the next one (page size 50, `next_token`). The actions are the only
 * writers; an answer that arrives after a newer load (or a reset) is dropped.
 */
import type { HttpError, HttpResult } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import { ORGANIZATION_PAGE_SIZE } from './api';
import type { OrgSwitcherApi, Organization, OrganizationInfo } from './api';

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
  });
}

/** The organization marked current, if it is loaded. */
export const currentOrganization = (state: OrgSwitcherState) => state.organizations.find((o) => o.current);

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
): OrgSwitcherActions {
  let run = 0;
  return {
    async load() {
      const mine = ++run;
      store.set({ status: 'loading', error: undefined, adding: 'idle', addError: undefined });
      const [error, page] = await api().list({ userId: userId() });
      if (mine !== run) return;
      if (error) store.set({ status: 'error', error });
      else
        store.set((s) => ({
          status: 'ready',
          organizations: page.organizations,
          pagination: { ...s.pagination, nextToken: page.nextToken },
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
      store.set({ switching: organizationId, switchError: undefined });
      const result = await api().setLastWorkspace(organizationId);
      if (result[0]) store.set({ switching: undefined, switchError: result[0] });
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
