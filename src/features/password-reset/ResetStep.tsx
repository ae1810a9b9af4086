/** Step 3: the new password twice, with the live rule checklist (§5) and a show/hide toggle on
 * each, like the login's set-password step. */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import type { ResetActions, ResetState } from './store';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { useNewPassword } from '../../ui/useNewPassword';
import { SecretInput } from '../../ui/SecretInput';

export function ResetStep({ state, actions }: { state: ResetState; actions: ResetActions }) {
  const { t } = useElement();
  const rulesId = useId();
  const busy = state.status === 'loading';
  const { values, refs, errorOf, change, touch, submit } = useNewPassword({
    busy,
    onEdit: actions.clearMessages,
    onValid: (password) => void actions.reset(password),
  });

  return (
    <form part="reset-step" className="yx-reset-form" noValidate onSubmit={submit}>
      {state.error && (
        <div part="form-error" className="yx-reset-alert" role="alert">
          {state.error}
        </div>
      )}
      <Field label={t('reset.new')} error={errorOf('new')} required>
        <SecretInput
          inputRef={refs.new}
          name="new_password"
          autoComplete="new-password"
          describedBy={rulesId}
          value={values.new}
          onBlur={() => touch('new')}
          onChange={(value) => change('new', value)}
        />
      </Field>
      <PasswordChecklist id={rulesId} password={values.new} />
      <Field label={t('reset.confirm')} error={errorOf('confirm')} required>
        <SecretInput
          inputRef={refs.confirm}
          name="confirm_password"
          autoComplete="new-password"
          value={values.confirm}
          onBlur={() => touch('confirm')}
          onChange={(value) => change('confirm', value)}
        />
      </Field>
      <Button part="button submit-button" type="submit" variant="primary" className="yx-reset-submit" loading={busy}>
        {t('page.reset.stepReset')}
      </Button>
    </form>
  );
}
