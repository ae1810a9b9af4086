/**
 * `<yx-token-manager>`: personal access tokens (§3, §4, §7, issue 4). The list inline, or in a
 * modal with `version="v1"`; `view="create"` is the separate create screen. Creating and editing
 * happen in a drawer, deleting after a confirmation; a new token's value is shown once.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement, withParts } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Modal } from '../../ui/Modal';
import { lazyView, prefetch } from '../../ui/lazy';
import { useToast } from '../../ui/Toast';
import { createTokensApi } from './api';
import type { AccessToken } from './api';
import { describeFailure } from './errors';
import { createTokenActions, createTokenStore } from './store';
import { toTreeNodes } from './scopes';
import type { SaveOutcome, TokenFormMode, TokenFormValues } from './TokenForm';
import './events';

// The forms (scope tree, date input, their checks and the checks' messages) load when first
// needed: the list is what the element shows first, and most visits never open a form.
const TokenDrawer = lazy(() =>
  import('./TokenDrawer').then((m) => ({ default: withParts(m.TokenDrawer, ['validation', 'token-forms']) })),
);
const CreateTokenScreen = lazy(() =>
  import('./CreateTokenScreen').then((m) => ({
    default: withParts(m.CreateTokenScreen, ['validation', 'token-forms']),
  })),
);

// The list (table, pagination, dates) is fetched alongside the first page of tokens rather than
// before it, so the element's own first download is only its frame and its store.
const TokenList = lazyView(() => import('./TokenList').then((m) => m.TokenList));
/** Starts fetching the list's code (elements/yx-token-manager.ts: as soon as the element exists). */
export const preloadTokenList = (): Promise<void> => TokenList.preload();

// The delete confirmation is fetched once the list is up, before anyone can ask for it.
const DeleteTokenConfirm = lazyView(() => import('./DeleteTokenConfirm').then((m) => m.DeleteTokenConfirm));
prefetch(DeleteTokenConfirm);

export type TokenView = 'list' | 'create';

export interface TokenManagerProps {
  /** `"v1"` shows the list in a modal, opened on mount, with a button to reopen it. */
  version?: string | undefined;
  /** `"create"` renders the separate create screen instead of the list. @default 'list' */
  view?: TokenView;
}

/** Where an unsubmitted form is kept: one for a new token, one per token edited. */
const draftKey = (tokenId?: string) => (tokenId === undefined ? 'create' : `edit:${tokenId}`);

interface Opened<T> {
  /** A new key per opening, so each opening starts fresh and the last one can animate out. */
  key: number;
  open: boolean;
  value: T;
}

export function TokenManager({ version, view = 'list' }: TokenManagerProps) {
  const { http, t, emit, root, settings } = useElement();
  const toast = useToast();
  const api = useMemo(() => createTokensApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createTokenStore);
  const actions = useMemo(() => createTokenActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const nodes = useMemo(() => toTreeNodes(state.scopes.nodes), [state.scopes.nodes]);
  const v1 = version === 'v1';
  const [modalOpen, setModalOpen] = useState(true);
  const openButton = useRef<HTMLButtonElement>(null);
  const [drawer, setDrawer] = useState<Opened<{
    mode: TokenFormMode;
    token: AccessToken | undefined;
    draft: TokenFormValues | undefined;
  }> | null>(null);
  const [deleting, setDeleting] = useState<Opened<AccessToken> | null>(null);
  const openings = useRef(0);
  // What the user typed in a drawer closed without submitting (an Escape or a click beside it is
  // easily made by accident): the next opening for the same token starts from it. Kept in memory
  // only, until saved or the screen is left.
  const [drafts] = useState(() => new Map<string, TokenFormValues>());
  const rescue = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(rescue.current), []);

  /** Once `settled()` holds, a keyboard user whose focused control went away with a dialog or a
   * row (focus left on <body>) is brought back to `target()`. Checked every 50 ms for up to 2 s;
   * a later call replaces an earlier one. */
  const refocusWhenLost = (settled: () => boolean, target: () => HTMLElement | null | undefined) => {
    clearTimeout(rescue.current);
    let tries = 0;
    const check = () => {
      const lost = !root.activeElement && (!document.activeElement || document.activeElement === document.body);
      if (settled()) {
        if (lost) target()?.focus();
      } else if (++tries < 40) rescue.current = setTimeout(check, 50);
    };
    rescue.current = setTimeout(check, 50);
  };

  /** The focused Delete button goes with its row: once the confirmation has closed and the list
   * has reloaded, a keyboard user left on <body> is brought back to Create. */
  const keepFocusInside = () =>
    refocusWhenLost(
      () => store.get().status !== 'loading' && !root.querySelector('[part~="confirm"]'),
      () => root.querySelector<HTMLElement>('[part~="create-button"]'),
    );

  /** The v1 modal opens on mount, with no control behind it that focus came from, so on closing
   * the dialog has nothing to give focus back to: the button that reopens it takes it. */
  const closeModal = () => {
    setModalOpen(false);
    refocusWhenLost(
      () => !root.querySelector('[part~="modal"]'),
      () => openButton.current,
    );
  };

  // Entering a screen loads it; leaving it (view change, another API host, element removed)
  // forgets everything, the value shown once included (§4).
  const host = settings.host;
  useEffect(() => {
    if (view === 'list') {
      void actions.load(1);
      // A failed fetch is tried again when the list renders (lazyView).
      TokenList.preload().catch(() => {});
    }
    return () => {
      actions.reset();
      drafts.clear();
      setDrawer(null);
      setDeleting(null);
    };
  }, [view, host, actions, drafts]);

  // §4: in the v1 flow, an empty or failed list fetches the scopes next.
  const listSettledEmpty = state.status === 'error' || (state.status === 'ready' && state.pagination.total === 0);
  useEffect(() => {
    if (v1 && view === 'list' && listSettledEmpty) void actions.loadScopes();
  }, [v1, view, listSettledEmpty, actions]);

  const openDrawer = (mode: TokenFormMode, token?: AccessToken) => {
    void actions.loadScopes();
    const draft = drafts.get(draftKey(token?.token_id));
    setDrawer({ key: ++openings.current, open: true, value: { mode, token, draft } });
  };
  const closeDrawer = () => setDrawer((d) => d && { ...d, open: false });
  const keepDraft = (token: AccessToken | undefined, draft: TokenFormValues | undefined) => {
    if (draft) drafts.set(draftKey(token?.token_id), draft);
    else drafts.delete(draftKey(token?.token_id));
  };

  const onSaved = (outcome: SaveOutcome) => {
    closeDrawer();
    drafts.delete(draftKey(outcome.mode === 'create' ? undefined : outcome.tokenId));
    if (outcome.mode === 'create') {
      toast.success(t('success.created'));
      actions.showSecret({ tokenId: outcome.tokenId, name: outcome.name, value: outcome.value });
      emit('yx-token-create', { tokenId: outcome.tokenId, name: outcome.name });
      if (view === 'list') void actions.load(1);
    } else {
      toast.success(t('success.modified'));
      emit('yx-token-update', { tokenId: outcome.tokenId, name: outcome.name });
      void actions.load();
    }
  };

  const remove = async (token: AccessToken): Promise<boolean> => {
    const [error] = await apiRef.current.remove(token.token_id);
    // 404: already deleted (in another tab, through the API). What the user asked for is done;
    // the list reloads without the stale row.
    if (error && error.status !== 404) {
      toast.error(describeFailure(error, 'delete', t).message, `delete ${token.token_id}`);
      return false;
    }
    drafts.delete(draftKey(token.token_id));
    toast.success(t('success.deleted'), `delete ${token.token_id}`);
    emit('yx-token-delete', { tokenId: token.token_id });
    const { tokens, pagination, visibleToken } = store.get();
    if (visibleToken?.tokenId === token.token_id) actions.clearSecret();
    // The last row of a later page is gone: show the page before it.
    const page = tokens.length <= 1 && pagination.current > 1 ? pagination.current - 1 : pagination.current;
    void actions.load(page);
    keepFocusInside();
    return true;
  };

  if (view === 'create') {
    return (
      <div part="token-manager" className="yx-tokens" data-view="create">
        <Suspense fallback={<Spinner />}>
          <CreateTokenScreen api={api} state={state} actions={actions} onSaved={onSaved} />
        </Suspense>
      </div>
    );
  }

  const list = (
    <Suspense
      fallback={
        <div part="token-list" className="yx-tokens-list" data-status="loading">
          <Spinner />
        </div>
      }
    >
      <TokenList
        state={state}
        actions={actions}
        nodes={nodes}
        showTitle={!v1}
        onCreate={() => openDrawer('create')}
        onEdit={(token) => openDrawer('edit', token)}
        onDelete={(token) => setDeleting({ key: ++openings.current, open: true, value: token })}
      />
    </Suspense>
  );
  const secretShown = state.visibleToken !== null;

  return (
    <div part="token-manager" className="yx-tokens" data-view="list" data-version={v1 ? 'v1' : undefined}>
      {v1 ? (
        <>
          <Button ref={openButton} part="button open-button" onClick={() => setModalOpen(true)}>
            {t('tokens.action.open')}
          </Button>
          <Modal
            open={modalOpen}
            // A value shown once must not vanish with a stray Escape or click outside.
            dismissible={!secretShown}
            onOpenChange={(open) => (open || secretShown ? setModalOpen(true) : closeModal())}
            size="lg"
            className="yx-tokens-modal"
            title={t('tokens.title')}
          >
            {list}
          </Modal>
        </>
      ) : (
        list
      )}
      {drawer && (
        <Suspense fallback={null}>
          <TokenDrawer
            key={drawer.key}
            open={drawer.open}
            mode={drawer.value.mode}
            token={drawer.value.token}
            draft={drawer.value.draft}
            api={api}
            scopes={state.scopes}
            onRetryScopes={() => void actions.loadScopes(true)}
            onClose={(draft) => {
              keepDraft(drawer.value.token, draft);
              closeDrawer();
            }}
            onSaved={onSaved}
          />
        </Suspense>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteTokenConfirm
            key={deleting.key}
            open={deleting.open}
            token={deleting.value}
            onClose={() => setDeleting((d) => d && { ...d, open: false })}
            onConfirm={remove}
          />
        </Suspense>
      )}
    </div>
  );
}
