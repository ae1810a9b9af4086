/**
 * The forced set-password step (§2, §5): the server refused the sign-in until the password is
 * changed. New password with the live rule checklist, confirmation, the §5 messages; on success
 * the element signs in again with the new password by itself.
 */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import type { LoginActions, LoginState } from './store';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { useNewPassword } from '../../ui/useNewPassword';

export interface ForcedChangeProps {
  state: LoginState;
  actions: LoginActions;
  /** Whether a value is the password just typed (the new one must differ). */
  isCurrentPassword(value: string): boolean;
  onBack(): void;
}

export function ForcedChange({ state, actions, isCurrentPassword, onBack }: ForcedChangeProps) {
  const { t } = useElement();
  const titleId = useId();
  const busy = state.status === 'loading';
  const form = useNewPassword({
    busy,
    isOld: isCurrentPassword,
    onEdit: actions.clearMessages,
    onValid: (password) => void actions.changePassword(password),
  });

  return (
    <form part="forced-change" className="yx-login-form" aria-labelledby={titleId} noValidate onSubmit={form.submit}>
      <h2 id={titleId} part="step-title" className="yx-login-step-title">
        {t('page.login.setPassword')}
      </h2>
      <p className="yx-login-text">{t('page.login.changePasswordHint')}</p>
      {state.error && (
        <div part="form-error" className="yx-login-alert" role="alert">
          {state.error}
        </div>
      )}
      <NewPasswordFields newLabel={t('login.forced.new')} confirmLabel={t('login.forced.confirm')} form={form} />
      <Button part="button submit-button" type="submit" variant="primary" className="yx-login-submit" loading={busy}>
        {t('login.forced.submit')}
      </Button>
      <Button part="button back-button" variant="link" className="yx-login-back" onClick={onBack}>
        {t('page.reset.backToLogin')}
      </Button>
    </form>
  );
}
