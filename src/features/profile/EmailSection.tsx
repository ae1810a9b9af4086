/**
 * The email binding (§3, §4): none → Bind; not verified → Resend (after a one-minute cooldown, or
 * the server's `retry_after`), Change, Unbind; verified → Change, Unbind. Changing a verified
 * address keeps it until the new one is verified: the new one shows as a pending change with
 * Resend and Cancel change (EmailPending). Each action reports its success or its §8 failure.
 */
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useElement, withParts } from '../../ui/context';
import { Button } from '../../ui/Button';
import { LazyConfirm } from '../../ui/LazyConfirm';
import { useToast } from '../../ui/Toast';
import type { BoundEmail, ProfileApi } from './api';
import type { ProfileActions } from './store';
import { EMAIL_RESEND_SECONDS } from './store';
import { emailFailure } from './failures';
import type { EmailDialogMode } from './EmailDialog';
import { EmailPending } from './EmailPending';
import { useFocusAfter } from './focus-after';

// The bind / change form loads when first opened, with its checks and strings.
const EmailDialog = lazy(() =>
  import('./EmailDialog').then((m) => ({ default: withParts(m.EmailDialog, ['validation', 'email']) })),
);

/** Whole seconds until `at` (ms since the epoch), re-rendering every second while above 0. */
export function useSecondsUntil(at: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  useEffect(() => {
    if (at <= Date.now()) return;
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return left;
}

interface Opened<T> {
  /** A new key per opening, so each opening starts fresh and the last one can animate out. */
  key: number;
  open: boolean;
  value: T;
}

export interface EmailSectionProps {
  email: BoundEmail | null;
  /** When Resend may be used again (ms since the epoch). */
  resendAt: number;
  api: ProfileApi;
  actions: ProfileActions;
}

export function EmailSection({ email, resendAt, api, actions }: EmailSectionProps) {
  const { t, emit } = useElement();
  const toast = useToast();
  const [dialog, setDialog] = useState<Opened<EmailDialogMode> | null>(null);
  const [unbinding, setUnbinding] = useState<Opened<string> | null>(null);
  const [resending, setResending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const openings = useRef(0);
  const bindButton = useRef<HTMLButtonElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const secondsLeft = useSecondsUntil(resendAt);
  const state = email ? (email.verified ? 'verified' : 'unverified') : 'none';
  // Only a verified address has a pending change; the server sends none otherwise.
  const pending = email?.verified ? (email.pending ?? null) : null;

  // After an unbind the focused button is gone: keep keyboard users on the Bind button.
  const focusBind = useFocusAfter(state === 'none' && !unbinding?.open, bindButton);
  // After a bind the Bind button that opened the dialog is gone too, and after a cancelled change
  // its Cancel button: land on Change instead.
  const focusChange = useFocusAfter(
    state !== 'none' && !dialog?.open,
    changeButton,
    `${state} ${pending?.address ?? ''}`,
  );

  const open = (mode: EmailDialogMode) => setDialog({ key: ++openings.current, open: true, value: mode });
  const close = () => setDialog((d) => d && { ...d, open: false });

  const onSaved = (mode: EmailDialogMode, saved: BoundEmail) => {
    focusChange.current = mode === 'bind';
    close();
    actions.setEmail(saved);
    actions.startCooldown(EMAIL_RESEND_SECONDS);
    if (saved.verified && saved.pending) {
      toast.success(t('profile.emailForm.changePendingSuccess', { email: saved.pending.address }), 'email-save');
    } else {
      const key = mode === 'bind' ? 'profile.emailForm.bindSuccess' : 'profile.emailForm.changeSuccess';
      toast.success(t(key, { email: saved.address }), 'email-save');
    }
    emit('yx-profile-update', { field: 'email' });
  };

  // Resend goes to the address waiting for its link: the pending one, else the unverified one.
  const resend = async () => {
    const to = pending?.address ?? email?.address;
    if (!to || secondsLeft > 0 || resending) return;
    setResending(true);
    const [error, saved] = await api.rebindEmail(to);
    setResending(false);
    if (error) {
      const failure = await emailFailure(error, 'resend', t);
      toast.error(failure.message, 'email-resend');
      if (failure.retryAfter) actions.startCooldown(failure.retryAfter);
      return;
    }
    // A resent link is a fresh one: an expired pending change is live again.
    if (pending) actions.setEmail(saved);
    actions.startCooldown(EMAIL_RESEND_SECONDS);
    toast.success(t('profile.emailForm.resendSuccess', { email: to }), 'email-resend');
  };

  // Cancelling is unbind with the pending address (server/profile/email.ts); the verified address
  // stays. It is undone by asking again, so it needs no confirmation.
  const cancelChange = async () => {
    if (!email || !pending || cancelling) return;
    setCancelling(true);
    const [error] = await api.unbindEmail(pending.address);
    setCancelling(false);
    if (error) {
      toast.error((await emailFailure(error, 'change', t)).message, 'email-cancel');
      return;
    }
    focusChange.current = true;
    actions.setEmail({ address: email.address, verified: email.verified, pending: null });
    toast.success(t('profile.emailForm.cancelChangeSuccess', { email: pending.address }), 'email-cancel');
    emit('yx-profile-update', { field: 'email' });
  };

  const unbind = async (address: string): Promise<boolean> => {
    const [error] = await api.unbindEmail(address);
    if (error) {
      toast.error((await emailFailure(error, 'unbind', t)).message, 'email-unbind');
      return false;
    }
    focusBind.current = true;
    actions.setEmail(null);
    actions.startCooldown(0);
    toast.success(t('profile.emailForm.unbindSuccess'), 'email-unbind');
    emit('yx-profile-update', { field: 'email' });
    return true;
  };

  const cooling = secondsLeft > 0;

  return (
    <div
      part="email"
      className="yx-profile-email"
      data-state={state}
      data-pending={pending ? (pending.expired ? 'expired' : 'pending') : undefined}
    >
      {email ? (
        <>
          <span className="yx-profile-email__line">
            <span part="email-address" className="yx-profile-email__address">
              {email.address}
            </span>
            <span part="email-status" className="yx-profile-badge" data-state={state}>
              {t(email.verified ? 'profile.email.verified' : 'profile.email.unverified')}
            </span>
          </span>
          {!email.verified && (
            <span part="hint" className="yx-profile-hint">
              {t('profile.email.unverifiedHint')}
            </span>
          )}
          <span className="yx-profile-actions">
            {!email.verified && (
              <Button
                part="button resend-button"
                size="sm"
                loading={resending}
                aria-disabled={cooling || resending || undefined}
                data-state={cooling ? 'cooldown' : undefined}
                onClick={() => void resend()}
              >
                {cooling ? t('profile.email.resendIn', { seconds: secondsLeft }) : t('profile.email.resend')}
              </Button>
            )}
            <Button
              ref={changeButton}
              part="button change-button"
              size="sm"
              aria-label={t('profile.email.changeNamed', { email: email.address })}
              onClick={() => open('change')}
            >
              {t('profile.email.change')}
            </Button>
            <Button
              part="button unbind-button"
              size="sm"
              aria-label={t('profile.email.unbindNamed', { email: email.address })}
              onClick={() => setUnbinding({ key: ++openings.current, open: true, value: email.address })}
            >
              {t('profile.email.unbind')}
            </Button>
          </span>
          {pending && (
            <EmailPending
              pending={pending}
              current={email.address}
              secondsLeft={secondsLeft}
              resending={resending}
              cancelling={cancelling}
              onResend={() => void resend()}
              onCancel={() => void cancelChange()}
            />
          )}
        </>
      ) : (
        <span className="yx-profile-email__line">
          <span part="email-none" className="yx-profile-hint">
            {t('profile.email.none')}
          </span>
          <Button ref={bindButton} part="button bind-button" size="sm" variant="primary" onClick={() => open('bind')}>
            {t('profile.email.bind')}
          </Button>
        </span>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <EmailDialog
            key={dialog.key}
            open={dialog.open}
            mode={dialog.value}
            current={email?.address}
            currentVerified={email?.verified ?? false}
            api={api}
            onClose={close}
            onSaved={(saved) => onSaved(dialog.value, saved)}
            onThrottled={(seconds) => actions.startCooldown(seconds)}
          />
        </Suspense>
      )}
      {unbinding && (
        <LazyConfirm
          key={unbinding.key}
          open={unbinding.open}
          onOpenChange={(next) => {
            if (!next) setUnbinding((u) => u && { ...u, open: false });
          }}
          variant="danger"
          title={t('profile.emailForm.unbindTitle', { email: unbinding.value })}
          message={t('profile.emailForm.unbindMessage')}
          confirmLabel={t('profile.email.unbind')}
          onConfirm={() => unbind(unbinding.value)}
        />
      )}
    </div>
  );
}
