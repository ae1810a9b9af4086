/**
 * The forced set-password step (§2, §5): the server refused the sign-in until the password is
 * changed. New password with the live rule checklist, confirmation, the §5 messages; on success
 * the element signs in again with the new password by itself.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { passwordChangeSchema, validate } from '../../core/validation/rules';
import type { LoginActions, LoginState } from './store';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { SecretInput } from './PasswordStep';

type Key = 'new' | 'confirm';

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
  const rulesId = useId();
  const [values, setValues] = useState<Record<Key, string>>({ new: '', confirm: '' });
  const [touched, setTouched] = useState<ReadonlySet<Key>>(new Set());
  const refs = { new: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  const busy = state.status === 'loading';

  useEffect(() => refs.new.current?.focus(), [refs.new]);

  const errors: Partial<Record<Key, string>> = {};
  const checked = validate(passwordChangeSchema, { newPassword: values.new, confirmPassword: values.confirm });
  if (!checked.ok) {
    for (const issue of checked.issues) {
      if (issue.path === 'newPassword') errors.new = t(issue.messageKey);
      if (issue.path === 'confirmPassword') errors.confirm = t(issue.messageKey);
    }
  }
  // The schema compares the two only once the new one is valid; say so as soon as they differ.
  if (!errors.confirm && values.confirm && values.confirm !== values.new) {
    errors.confirm = t('validation.password.mismatch');
  }
  if (!errors.new && values.new && isCurrentPassword(values.new)) errors.new = t('validation.password.sameAsOld');
  const errorOf = (key: Key) => (touched.has(key) ? errors[key] : undefined);

  const change = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    actions.clearMessages();
  };
  const touch = (key: Key) => setTouched((s) => (s.has(key) || !values[key] ? s : new Set(s).add(key)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = (['new', 'confirm'] as const).find((key) => errors[key]);
    if (invalid) {
      setTouched(new Set(['new', 'confirm']));
      refs[invalid].current?.focus();
      return;
    }
    void actions.changePassword(values.new);
  };

  return (
    <form part="forced-change" className="yx-login-form" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <h2 id={titleId} part="step-title" className="yx-login-step-title">
        {t('page.login.setPassword')}
      </h2>
      <p className="yx-login-text">{t('page.login.changePasswordHint')}</p>
      {state.error && (
        <div part="form-error" className="yx-login-alert" role="alert">
          {state.error}
        </div>
      )}
      <Field label={t('login.forced.new')} error={errorOf('new')} required>
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
      <Field label={t('login.forced.confirm')} error={errorOf('confirm')} required>
        <SecretInput
          inputRef={refs.confirm}
          name="confirm_password"
          autoComplete="new-password"
          value={values.confirm}
          onBlur={() => touch('confirm')}
          onChange={(value) => change('confirm', value)}
        />
      </Field>
      <Button part="button submit-button" type="submit" variant="primary" className="yx-login-submit" loading={busy}>
        {t('login.forced.submit')}
      </Button>
      <Button part="button back-button" variant="link" className="yx-login-back" onClick={onBack}>
        {t('page.reset.backToLogin')}
      </Button>
    </form>
  );
}
