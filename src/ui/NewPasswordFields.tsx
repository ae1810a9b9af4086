/**
 * The new password and its confirmation (§5), each with a show/hide toggle, and the live rule
 * checklist between them as the new password's description: the fields of the forced change at
 * sign-in and of the password reset, driven by useNewPassword.
 */
import { useId } from 'react';
import { Field } from './Field';
import { PasswordChecklist } from './PasswordChecklist';
import { SecretInput } from './SecretInput';
import type { useNewPassword } from './useNewPassword';

export interface NewPasswordFieldsProps {
  /** The new password's label, already translated. */
  newLabel: string;
  /** The confirmation's label, already translated. */
  confirmLabel: string;
  /** What useNewPassword returned: values, refs, messages and handlers. */
  form: Pick<ReturnType<typeof useNewPassword>, 'values' | 'refs' | 'errorOf' | 'change' | 'touch'>;
}

/** Both fields are required and named `new_password` / `confirm_password`, for password managers.
 * @example
 * const form = useNewPassword({ busy, onValid: save });
 * <NewPasswordFields newLabel={t('reset.new')} confirmLabel={t('reset.confirm')} form={form} /> */
export function NewPasswordFields({ newLabel, confirmLabel, form }: NewPasswordFieldsProps) {
  const rulesId = useId();
  const { values, refs, errorOf, change, touch } = form;
  return (
    <>
      <Field label={newLabel} error={errorOf('new')} required>
        <SecretInput
          togglePart="button password-toggle"
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
      <Field label={confirmLabel} error={errorOf('confirm')} required>
        <SecretInput
          togglePart="button password-toggle"
          inputRef={refs.confirm}
          name="confirm_password"
          autoComplete="new-password"
          value={values.confirm}
          onBlur={() => touch('confirm')}
          onChange={(value) => change('confirm', value)}
        />
      </Field>
    </>
  );
}
