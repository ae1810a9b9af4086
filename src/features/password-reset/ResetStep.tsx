/** Step 3: the new password twice, with the live rule checklist (§5). */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { passwordChangeSchema, validate } from '../../core/validation/rules';
import type { ResetActions, ResetState } from './store';
import { PasswordChecklist } from '../../ui/PasswordChecklist';

type Key = 'new' | 'confirm';

export function ResetStep({ state, actions }: { state: ResetState; actions: ResetActions }) {
  const { t } = useElement();
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
    void actions.reset(values.new);
  };

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
