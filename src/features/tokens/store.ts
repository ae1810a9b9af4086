/**
 * The state of one `<yx-token-manager>` (§3 "Token list state"): one store per element instance,
 * status as an enumerated string, pagination, the value shown once and the include_expired flag,
 * plus the scope tree the form needs. The actions below are the only writers.
 */
import type { HttpError } from '../../core/http';
import { createStore } from '../../core/store';
import type { Status, Store } from '../../core/store';
import type { AccessToken, ScopeNode, TokensApi } from './api';

/** localStorage key of the chosen page size (§9). Only the page size is stored there. */
export const PAGE_SIZE_KEY = 'personal-access-page-size';
/** @default 20 (§9) */
export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** A token value returned once by the create call, until the user copies it or leaves. */
export interface VisibleToken {
  tokenId: string;
  name: string;
  value: string;
}

export interface ScopesState {
  status: Status;
  nodes: ScopeNode[];
  /** Keys the user may grant; `null` when unknown (the server still checks). */
  grantable: string[] | null;
  error: HttpError | undefined;
}

export interface TokenState {
  status: Status;
  error: HttpError | undefined;
  tokens: AccessToken[];
  pagination: { current: number; total: number; pageSize: number };
  includeExpired: boolean;
  visibleToken: VisibleToken | null;
  scopes: ScopesState;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy settings, sandboxed iframe)
  }
}

/** The page size the user chose last time, or 20. */
export function readPageSize(): number {
  const raw = Number(storage()?.getItem(PAGE_SIZE_KEY));
  return Number.isInteger(raw) && raw > 0 && raw <= MAX_PAGE_SIZE ? raw : DEFAULT_PAGE_SIZE;
}

export function writePageSize(size: number): void {
  try {
    storage()?.setItem(PAGE_SIZE_KEY, String(size));
  } catch {
    // quota or blocked storage: the choice just is not remembered
  }
}

export function initialTokenState(): TokenState {
  return {
    status: 'idle',
    error: undefined,
    tokens: [],
    pagination: { current: 1, total: 0, pageSize: readPageSize() },
    includeExpired: true,
    visibleToken: null,
    scopes: { status: 'idle', nodes: [], grantable: null, error: undefined },
  };
}

export type TokenStore = Store<TokenState>;

export function createTokenStore(): TokenStore {
  return createStore(initialTokenState());
}

export interface TokenActions {
  /** Loads a page (default: the current one) with the current flag; stale answers are dropped. */
  load(page?: number, pageSize?: number): Promise<void>;
  setIncludeExpired(include: boolean): Promise<void>;
  /** Loads the scope tree and the grantable keys unless already loaded or loading. */
  loadScopes(force?: boolean): Promise<void>;
  showSecret(secret: VisibleToken): void;
  clearSecret(): void;
  /** Forgets everything (leaving the screen, §4), the shown value included. */
  reset(): void;
}

/** The actions of one element. `api` is read on every call, so a new client (locale change)
 * applies without losing the state. */
export function createTokenActions(store: TokenStore, api: () => TokensApi): TokenActions {
  let listRun = 0;
  let scopesRun = 0;

  const load: TokenActions['load'] = async (page, pageSize) => {
    const run = ++listRun;
    const state = store.get();
    const size = pageSize ?? state.pagination.pageSize;
    if (size !== state.pagination.pageSize) writePageSize(size);
    const current = Math.max(1, page ?? state.pagination.current);
    store.set({ status: 'loading', pagination: { ...state.pagination, current, pageSize: size } });
    const [error, result] = await api().search({
      includeExpired: store.get().includeExpired,
      page: current,
      pageSize: size,
    });
    if (run !== listRun) return;
    if (error) {
      store.set({ status: 'error', error });
      return;
    }
    store.set((s) => ({
      status: 'ready',
      error: undefined,
      tokens: result.tokens,
      pagination: { ...s.pagination, total: result.total },
    }));
  };

  const loadScopes: TokenActions['loadScopes'] = async (force = false) => {
    const { status } = store.get().scopes;
    if (!force && (status === 'ready' || status === 'loading')) return;
    const run = ++scopesRun;
    store.set((s) => ({ scopes: { ...s.scopes, status: 'loading', error: undefined } }));
    const [[error, nodes], [permissionsError, grantable]] = await Promise.all([api().scopes(), api().permissions()]);
    if (run !== scopesRun) return;
    if (error) {
      store.set((s) => ({ scopes: { ...s.scopes, status: 'error', error } }));
      return;
    }
    // Without the grantable list the tree stays fully selectable; the server refuses what it must.
    store.set({ scopes: { status: 'ready', nodes, grantable: permissionsError ? null : grantable, error: undefined } });
  };

  return {
    load,
    loadScopes,
    async setIncludeExpired(include) {
      store.set({ includeExpired: include });
      await load(1);
    },
    showSecret: (secret) => store.set({ visibleToken: secret }),
    clearSecret: () => store.set({ visibleToken: null }),
    reset() {
      listRun++;
      scopesRun++;
      store.reset();
      // The initial state object is reused by reset(): read the page size afresh.
      store.set({ pagination: { current: 1, total: 0, pageSize: readPageSize() } });
    },
  };
}
