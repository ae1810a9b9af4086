/** Step 3: the new password twice, with the live rule checklist (§5). */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import type { ResetActions, ResetState } from './store';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { useNewPassword } from '../../ui/useNewPassword';

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
        <Input
          ref={refs.new}
          name="new_password"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby={rulesId}
          value={values.new}
          onBlur={() => touch('new')}
          onChange={(e) => change('new', e.target.value)}
        />
      </Field>
      <PasswordChecklist id={rulesId} password={values.new} />
      <Field label={t('reset.confirm')} error={errorOf('confirm')} required>
        <Input
          ref={refs.confirm}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={values.confirm}
          onBlur={() => touch('confirm')}
          onChange={(e) => change('confirm', e.target.value)}
        />
      </Field>
      <Button part="button submit-button" type="submit" variant="primary" className="yx-reset-submit" loading={busy}>
        {t('page.reset.stepReset')}
      </Button>
    </form>
  );
}
