/**
 * `<yx-package-credential>`: the packages credential of the signed-in user (§3, §4, §6, §7,
 * issue 5). The username with Copy; the password is never shown again after the reset that
 * returned it (and a credential without one yet says so). Reset (after a confirmation) generates one and shows it once, masked, with Show and
 * Copy; "Set my own password" sends the user's choice. Either way a countdown says when the new
 * password takes effect (10 s). Whether the section is offered at all is the settings shell's call.
 */
import { Suspense, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useElement, withParts } from '../../ui/context';
import { Button } from '../../ui/Button';
import { useControlStyles } from '../../ui/field-control';
import { useFocusAfterDialog } from '../../ui/focus-after-dialog';
import { Result } from '../../ui/Result';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { lazyView, prefetch } from '../../ui/lazy';
import { useToast } from '../../ui/Toast';
import { createPackageCredentialApi } from './api';
import { describeFailure } from './errors';
import { createPackageCredentialActions, createPackageCredentialStore, noOldPassword } from './store';
import type { PackageCredentialState } from './store';
import { ResetPasswordConfirm } from './ResetPasswordConfirm';
import { SecretField, SecretPanel } from './SecretField';
import './events';

// The form of one's own password (its checks and their messages) loads when first opened, and is
// fetched once the element is up, so opening it does not wait.
const CustomPasswordForm = lazyView(() =>
  import('./CustomPasswordForm').then((m) => withParts(m.CustomPasswordForm, ['validation'])),
);
prefetch(CustomPasswordForm);

function EffectNote({ state }: { state: PackageCredentialState }) {
  const { t } = useElement();
  if (state.effect === 'none') return null;
  return (
    <p part="effect-note" className="yx-pkg-effect" data-state={state.effect}>
      {state.effect === 'pending'
        ? t(state.first ? 'packages.effect.pendingNew' : 'packages.effect.pending', { seconds: state.remaining })
        : t('packages.effect.now')}
    </p>
  );
}

export function PackageCredential() {
  useControlStyles();
  const { http, t, emit, root, settings } = useElement();
  const toast = useToast();
  const id = useId();
  const api = useMemo(() => createPackageCredentialApi(http, t), [http, t]);
  const apiRef = useRef(api);
  apiRef.current = api;
  const [store] = useState(createPackageCredentialStore);
  const actions = useMemo(() => createPackageCredentialActions(store, () => apiRef.current), [store]);
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [confirm, setConfirm] = useState<{ key: number; open: boolean } | null>(null);
  const [customOpen, setCustomOpen] = useState(false);
  const [secretKey, setSecretKey] = useState(0);
  const resetButton = useRef<HTMLButtonElement>(null);
  const customButton = useRef<HTMLButtonElement>(null);
  const secretCopy = useRef<HTMLButtonElement>(null);
  // After a reset the new password's Copy takes the focus from Reset, where the dialog hands it back.
  const focusAfterDialog = useFocusAfterDialog(root);

  // Leaving forgets everything: the password shown once and the countdown included. Another
  // organization (`x-tenant-id`) or API host is another credential: forget, then load again; the
  // old one's answer, should it still come, is dropped (see load).
  const { organizationId, host } = settings;
  useEffect(() => {
    void actions.load();
    return () => {
      actions.reset();
      setConfirm(null);
      setCustomOpen(false);
    };
  }, [actions, organizationId, host]);

  const changed = (effectiveAt: string | undefined) => {
    const deadline = actions.startCountdown(effectiveAt);
    const valid = effectiveAt !== undefined && !Number.isNaN(Date.parse(effectiveAt));
    emit('yx-package-password-reset', { effectiveAt: valid ? effectiveAt : new Date(deadline).toISOString() });
  };

  const reset = async (): Promise<boolean> => {
    const [error, result] = await apiRef.current.generatePassword();
    if (error) {
      toast.error(describeFailure(error, 'reset', t).message, 'reset');
      return false;
    }
    // The new password on screen says it worked: an earlier attempt's error goes.
    toast.clear('reset');
    setCustomOpen(false);
    setSecretKey((k) => k + 1);
    actions.showSecret(result.password);
    changed(result.effectiveAt);
    focusAfterDialog(() => secretCopy.current, resetButton.current);
    return true;
  };

  const onCustomSaved = (effectiveAt: string | undefined) => {
    // The generated password, if still shown, no longer works once this one takes effect.
    actions.clearSecret();
    setCustomOpen(false);
    toast.success(t('packages.custom.saved'));
    changed(effectiveAt);
    requestAnimationFrame(() => customButton.current?.focus());
  };

  const dismissSecret = () => {
    actions.clearSecret();
    requestAnimationFrame(() => resetButton.current?.focus());
  };

  const { status, secret, effect } = state;
  let body;
  if (status === 'error') {
    body = (
      <Result
        status="error"
        title={t('packages.loadFailed')}
        description={state.error?.message}
        onRetry={() => void actions.load()}
      />
    );
  } else if (status !== 'ready') {
    body = (
      <>
        <Skeleton lines={3} />
        <span role="status" className="yx-visually-hidden">
          {t('common.loading')}
        </span>
      </>
    );
  } else {
    body = (
      <div part="credential" className="yx-pkg-credential">
        <SecretField
          label={t('packages.username')}
          value={state.username}
          name="username"
          copyLabel={t('packages.copyUsername')}
          copiedMessage={t('packages.usernameCopied')}
        />
        {secret !== null ? (
          <SecretPanel key={secretKey} password={secret} copyButtonRef={secretCopy} onDone={dismissSecret} />
        ) : (
          <div part="password" className="yx-pkg-password">
            <p className="yx-field__label">{t('packages.password')}</p>
            {/* One part either way (it says why no password is on screen); data-state tells which. */}
            <p
              part="password-hidden"
              className="yx-pkg-muted"
              data-state={state.passwordSet === false ? 'none' : 'set'}
            >
              {t(state.passwordSet === false ? 'packages.password.none' : 'packages.password.hidden')}
            </p>
          </div>
        )}
        <EffectNote state={state} />
        <div className="yx-pkg-actions">
          <Button
            ref={resetButton}
            part="button reset-button"
            onClick={() => setConfirm((c) => ({ key: (c?.key ?? 0) + 1, open: true }))}
          >
            {t('packages.action.reset')}
          </Button>
          <Button
            ref={customButton}
            variant="link"
            part="button custom-button"
            aria-expanded={customOpen}
            aria-controls={customOpen ? `${id}custom` : undefined}
            onClick={() => setCustomOpen((o) => !o)}
          >
            {t('packages.action.custom')}
          </Button>
        </div>
        {customOpen && (
          <Suspense fallback={<Spinner />}>
            <CustomPasswordForm
              id={`${id}custom`}
              api={api}
              first={noOldPassword(state)}
              onSaved={onCustomSaved}
              onCancel={() => {
                setCustomOpen(false);
                requestAnimationFrame(() => customButton.current?.focus());
              }}
            />
          </Suspense>
        )}
      </div>
    );
  }

  return (
    <section
      part="package-credential"
      className="yx-pkg"
      data-status={status}
      aria-labelledby={`${id}title`}
      aria-busy={status === 'loading' || undefined}
    >
      <h2 id={`${id}title`} part="title" className="yx-pkg-heading">
        {t('packages.title')}
      </h2>
      <p part="intro" className="yx-pkg-muted">
        {t('packages.intro')}
      </p>
      {body}
      <p part="permissions-note" className="yx-pkg-note">
        {t('packages.permissions')}
      </p>
      {/* Said twice only: when the countdown starts and when it ends, never every second. */}
      <p role="status" part="announcer" className="yx-visually-hidden" data-state={effect}>
        {effect === 'pending'
          ? t('packages.effect.announce', { seconds: state.total })
          : effect === 'effective'
            ? t('packages.effect.now')
            : ''}
      </p>
      {confirm && (
        <ResetPasswordConfirm
          key={confirm.key}
          open={confirm.open}
          first={noOldPassword(state)}
          onClose={() => setConfirm((c) => c && { ...c, open: false })}
          onConfirm={reset}
        />
      )}
    </section>
  );
}
