/** Step 3: the new password twice, with the live rule checklist (§5) and a show/hide toggle on
 * each, like the login's set-password step. */
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import type { ResetActions, ResetState } from './store';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { useNewPassword } from '../../ui/useNewPassword';

export function ResetStep({ state, actions }: { state: ResetState; actions: ResetActions }) {
  const { t } = useElement();
  const busy = state.status === 'loading';
  const form = useNewPassword({
    busy,
    onEdit: actions.clearMessages,
    onValid: (password) => void actions.reset(password),
  });

  return (
    <form part="reset-step" className="yx-reset-form" noValidate onSubmit={form.submit}>
      {state.error && (
        <div part="form-error" className="yx-reset-alert" role="alert">
          {state.error}
        </div>
      )}
      <NewPasswordFields newLabel={t('reset.new')} confirmLabel={t('reset.confirm')} form={form} />
      <Button part="button submit-button" type="submit" variant="primary" className="yx-reset-submit" loading={busy}>
        {t('page.reset.stepReset')}
      </Button>
    </form>
  );
}
