/**
 * `<yx-ssh-keys>`: the SSH public keys of the signed-in user (§3, §4, §7, issue 5). The list
 * inline; adding and editing happen in a drawer, deleting after a confirmation. Calls go under
 * the flavour's SSH proxy prefix. Whether the section is shown at all (§2: only with the
 * code-hosting app, always in global) is the settings shell's decision, not this component's.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement, withParts } from '../../ui/context';
import { useToast } from '../../ui/Toast';
import { createSshKeysApi } from './api';
import type { SshKey } from './api';
import { describeFailure } from './errors';
import { createSshKeysActions, createSshKeysStore } from './store';
import { SshKeyList } from './SshKeyList';
import type { SshKeyFormMode, SshKeySaveOutcome } from './SshKeyForm';
import { DeleteSshKeyConfirm } from './DeleteSshKeyConfirm';
import './events';

// The add / edit form (key parsing, fingerprints, date input, checks and their messages) loads
// when first opened: the list is what the element shows first.
const SshKeyDrawer = lazy(() =>
  import('./SshKeyDrawer').then((m) => ({ default: withParts(m.SshKeyDrawer, ['validation']) })),
);

interface Opened<T> {
  /** A new key per opening, so each opening starts fresh and the last one can animate out. */
  key: number;
  open: boolean;
  value: T;
}

export function SshKeys() {
  const { http, t, emit, flavour, root, settings } = useElement();
  const toast = useToast();
  const api = useMemo(() => createSshKeysApi(http, t, flavour.sshProxyPrefix), [http, t, flavour.sshProxyPrefix]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createSshKeysStore);
  const actions = useMemo(() => createSshKeysActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [drawer, setDrawer] = useState<Opened<{ mode: SshKeyFormMode; sshKey?: SshKey }> | null>(null);
  const [deleting, setDeleting] = useState<Opened<SshKey> | null>(null);
  const openings = useRef(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const rescue = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(rescue.current), []);

  /** After a save or delete the button that opened the dialog may be gone with its row (or with
   * the empty state): once the dialog has closed and the list has reloaded, a keyboard user left
   * on <body> is brought back to the Add button. Focus the user moved elsewhere is left alone. */
  const keepFocusInside = () => {
    clearTimeout(rescue.current);
    let tries = 0;
    const check = () => {
      const settled = store.get().status !== 'loading' && !root.querySelector('[part~="drawer"], [part~="confirm"]');
      const lost = !root.activeElement && (!document.activeElement || document.activeElement === document.body);
      if (settled && lost) addButton.current?.focus();
      else if (!settled && ++tries < 40) rescue.current = setTimeout(check, 50);
    };
    rescue.current = setTimeout(check, 50);
  };

  // A flavour change moves the calls to another prefix, and another organization (`x-tenant-id`)
  // or API host has other keys: drop the list and load again (a late answer for the old one is
  // dropped, see load).
  const prefix = flavour.sshProxyPrefix;
  const { organizationId, host } = settings;
  useEffect(() => {
    void actions.load();
    return () => {
      actions.reset();
      setDrawer(null);
      setDeleting(null);
    };
  }, [actions, prefix, organizationId, host]);

  const openDrawer = (mode: SshKeyFormMode, sshKey?: SshKey) =>
    setDrawer({ key: ++openings.current, open: true, value: sshKey ? { mode, sshKey } : { mode } });
  const closeDrawer = () => setDrawer((d) => d && { ...d, open: false });

  const onSaved = (outcome: SshKeySaveOutcome) => {
    closeDrawer();
    if (outcome.mode === 'create') {
      toast.success(t('success.created'));
      const { id, title, fingerprint } = outcome.key;
      emit('yx-ssh-key-add', { id, title, fingerprint });
    } else {
      toast.success(t('success.modified'));
      emit('yx-ssh-key-update', { id: outcome.id });
    }
    void actions.load();
    keepFocusInside();
  };

  const remove = async (sshKey: SshKey): Promise<boolean> => {
    const [error] = await apiRef.current.remove(sshKey.id);
    if (error) {
      toast.error(describeFailure(error, 'delete', t).message, `delete ${sshKey.id}`);
      return false;
    }
    toast.success(t('success.deleted'), `delete ${sshKey.id}`);
    emit('yx-ssh-key-delete', { id: sshKey.id });
    void actions.load();
    keepFocusInside();
    return true;
  };

  return (
    <div part="ssh-keys" className="yx-ssh" data-status={state.status}>
      <SshKeyList
        state={state}
        actions={actions}
        addButtonRef={addButton}
        onAdd={() => openDrawer('create')}
        onEdit={(sshKey) => openDrawer('edit', sshKey)}
        onDelete={(sshKey) => setDeleting({ key: ++openings.current, open: true, value: sshKey })}
      />
      {drawer && (
        <Suspense fallback={null}>
          <SshKeyDrawer
            key={drawer.key}
            open={drawer.open}
            mode={drawer.value.mode}
            sshKey={drawer.value.sshKey}
            api={api}
            onClose={closeDrawer}
            onSaved={onSaved}
          />
        </Suspense>
      )}
      {deleting && (
        <DeleteSshKeyConfirm
          key={deleting.key}
          open={deleting.open}
          sshKey={deleting.value}
          onClose={() => setDeleting((d) => d && { ...d, open: false })}
          onConfirm={remove}
        />
      )}
    </div>
  );
}
