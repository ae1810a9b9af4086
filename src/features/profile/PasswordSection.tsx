/**
 * Change (or, without one yet, set) the password (§5, §7): current password only when the user
 * has one, new and confirm with the `passwordChangeSchema` messages, a live checklist and
 * show/hide toggles. Success signs the other sessions out; a refusal lands on its field.
 */
import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import type { MessageKey, Translate } from '../../core/i18n/index';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { useStyles } from '../../ui/css/use-styles';
import { passwordCss } from './password.css';
import { Field } from '../../ui/Field';
import { SecretInput } from '../../ui/SecretInput';
import { useToast } from '../../ui/Toast';
import { passwordChangeSchema } from '../../core/validation/password';
import { validate } from '../../core/validation/validate';
import type { ProfileApi } from './api';
import type { ProfileActions } from './store';
import { describePasswordFailure } from './errors';
import type { PasswordField } from './errors';
import { PasswordChecklist } from '../../ui/PasswordChecklist';

/** What a saved password says: how many other sessions were signed out, in the right number
 * ("1 other session was"), and nothing about them when there were none. */
function successMessage(t: Translate, signedOut: number): string {
  if (signedOut === 0) return t('profile.password.successNone');
  return t(signedOut === 1 ? 'profile.password.successOne' : 'profile.password.success', { count: signedOut });
}

type Key = 'old' | 'new' | 'confirm';
const FIELD_OF: Record<PasswordField, Key> = { old_password: 'old', new_password: 'new' };
const EMPTY: Record<Key, string> = { old: '', new: '', confirm: '' };

interface PasswordInputProps {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  autoComplete: string;
  inputRef: RefObject<HTMLInputElement | null>;
  describedBy?: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}

/** A password field of the card: the shared show/hide input in the profile's own look. */
function PasswordInput({ label, error, ...input }: PasswordInputProps) {
  const { t } = useElement();
  return (
    <Field label={label} error={error} required>
      <SecretInput
        {...input}
        className="yx-profile-secret"
        togglePart="button reveal-button"
        toggleLabel={t('profile.password.show', { field: label })}
      />
    </Field>
  );
}

export interface PasswordSectionProps {
  hasPassword: boolean;
  api: ProfileApi;
  actions: ProfileActions;
}

export function PasswordSection({ hasPassword, api, actions }: PasswordSectionProps) {
  useStyles(passwordCss);
  const { t, emit } = useElement();
  const toast = useToast();
  const id = useId();
  const refs: Record<Key, RefObject<HTMLInputElement | null>> = {
    old: useRef<HTMLInputElement>(null),
    new: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<Key>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Key, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving'>('idle');

  const clientErrors: Partial<Record<Key, string>> = {};
  const checked = validate(passwordChangeSchema, {
    ...(hasPassword ? { oldPassword: values.old } : {}),
    newPassword: values.new,
    confirmPassword: values.confirm,
  });
  if (!checked.ok) {
    for (const issue of checked.issues) {
      if (issue.path === 'newPassword') clientErrors.new = t(issue.messageKey);
      if (issue.path === 'confirmPassword') clientErrors.confirm = t(issue.messageKey);
    }
  }
  // The schema compares the two only once the new one is valid; say so as soon as they differ.
  if (!clientErrors.confirm && values.confirm && values.confirm !== values.new) {
    clientErrors.confirm = t('validation.password.mismatch');
  }
  if (hasPassword && !values.old) clientErrors.old = t('profile.password.currentRequired');

  const errorOf = (key: Key) => serverErrors[key] ?? (touched.has(key) ? clientErrors[key] : undefined);
  const order: Key[] = hasPassword ? ['old', 'new', 'confirm'] : ['new', 'confirm'];

  const change = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(undefined);
  };
  const touch = (key: Key) => setTouched((s) => (s.has(key) || !values[key] ? s : new Set(s).add(key)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'saving') return;
    const invalid = order.find((key) => clientErrors[key]);
    if (invalid) {
      setTouched(new Set(order));
      refs[invalid].current?.focus();
      return;
    }
    setStatus('saving');
    setFormError(undefined);
    const [error, result] = await api.changePassword({
      new_password: values.new,
      ...(hasPassword ? { old_password: values.old } : {}),
    });
    setStatus('idle');
    if (error) {
      const failure = describePasswordFailure(error, t);
      toast.error(failure.message, 'password');
      if (failure.field && order.includes(FIELD_OF[failure.field])) {
        const key = FIELD_OF[failure.field];
        setServerErrors({ [key]: failure.reason });
        refs[key].current?.focus();
      } else {
        setFormError(failure.message);
      }
      return;
    }
    setValues(EMPTY);
    setTouched(new Set());
    setServerErrors({});
    if (!hasPassword) actions.patch({ has_password: true });
    toast.success(successMessage(t, result.signedOutSessions), 'password');
    emit('yx-profile-update', { field: 'password' });
  };

  const passwordInput = (key: Key, name: string, label: MessageKey, autoComplete: string, describedBy?: string) => (
    <PasswordInput
      name={name}
      label={t(label)}
      value={values[key]}
      error={errorOf(key)}
      autoComplete={autoComplete}
      inputRef={refs[key]}
      describedBy={describedBy}
      onChange={(v) => change(key, v)}
      onBlur={() => touch(key)}
    />
  );

  const title = t(hasPassword ? 'profile.password.title' : 'profile.password.setTitle');
  return (
    <section part="password" className="yx-profile-card yx-profile-password" aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`} className="yx-profile-subtitle">
        {title}
      </h3>
      {!hasPassword && <p className="yx-profile-hint">{t('profile.password.noPasswordHint')}</p>}
      <form part="password-form" className="yx-profile-form" noValidate onSubmit={(e) => void submit(e)}>
        {formError && (
          <div part="form-error" className="yx-profile-form__error">
            {formError}
          </div>
        )}
        {hasPassword && passwordInput('old', 'old_password', 'profile.password.current', 'current-password')}
        {passwordInput('new', 'new_password', 'profile.password.new', 'new-password', `${id}rules`)}
        <PasswordChecklist id={`${id}rules`} password={values.new} />
        {passwordInput('confirm', 'confirm_password', 'profile.password.confirm', 'new-password')}
        <div className="yx-profile-actions">
          <Button part="button submit-button" variant="primary" type="submit" loading={status === 'saving'}>
            {t(hasPassword ? 'profile.password.submit' : 'profile.password.submitSet')}
          </Button>
        </div>
      </form>
    </section>
  );
}
