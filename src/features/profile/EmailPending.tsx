/**
 * A change of a verified address waiting for its link (§4): the new address, marked pending (or
 * its link expired), with Resend and Cancel change. The verified address above it stays the
 * account's until the link is opened.
 */
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import type { PendingEmail } from './api';

export interface EmailPendingProps {
  pending: PendingEmail;
  /** The verified address that stays until then. */
  current: string;
  /** Seconds until Resend may be used again. */
  secondsLeft: number;
  resending: boolean;
  cancelling: boolean;
  onResend(): void;
  onCancel(): void;
}

export function EmailPending(props: EmailPendingProps) {
  const { pending, current, secondsLeft, resending, cancelling, onResend, onCancel } = props;
  const { t } = useElement();
  const cooling = secondsLeft > 0;
  return (
    <div part="email-pending" className="yx-profile-email" data-state={pending.expired ? 'expired' : 'pending'}>
      <span className="yx-profile-email__line">
        <span className="yx-profile-hint">{t('profile.email.pendingLabel')}</span>
        <span part="email-pending-address" className="yx-profile-email__address">
          {pending.address}
        </span>
        <span part="email-pending-status" className="yx-profile-badge" data-state="unverified">
          {t(pending.expired ? 'profile.email.pendingExpired' : 'profile.email.pending')}
        </span>
      </span>
      <span part="hint" className="yx-profile-hint">
        {pending.expired
          ? t('profile.email.pendingExpiredHint', { email: pending.address })
          : t('profile.email.pendingHint', { email: pending.address, current })}
      </span>
      <span className="yx-profile-actions">
        <Button
          part="button resend-button"
          size="sm"
          loading={resending}
          aria-disabled={cooling || resending || undefined}
          data-state={cooling ? 'cooldown' : undefined}
          onClick={onResend}
        >
          {cooling ? t('profile.email.resendIn', { seconds: secondsLeft }) : t('profile.email.resend')}
        </Button>
        <Button
          part="button cancel-change-button"
          size="sm"
          loading={cancelling}
          aria-disabled={cancelling || undefined}
          aria-label={t('profile.email.cancelChangeNamed', { email: pending.address })}
          onClick={onCancel}
        >
          {t('profile.email.cancelChange')}
        </Button>
      </span>
    </div>
  );
}
