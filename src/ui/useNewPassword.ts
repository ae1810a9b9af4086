/**
 * The state of a "new password + confirmation" form (§5), shared by the forced change at sign-in
 * and the password reset: values, which fields were touched, the messages of the shared rules,
 * and a submit that focuses the first field in error or hands over the valid password.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useT } from './context';
import { passwordChangeSchema } from '../core/validation/password';
import { validate } from '../core/validation/validate';

export type NewPasswordKey = 'new' | 'confirm';

export interface NewPasswordOptions {
  /** A request is under way: submitting does nothing. */
  busy: boolean;
  /** Called with the new password once both fields are valid. */
  onValid(password: string): void;
  /** Called on every edit (e.g. to clear a server message). */
  onEdit?(): void;
  /** Whether a value is the current password (the new one must differ). */
  isOld?(value: string): boolean;
}

export function useNewPassword({ busy, onValid, onEdit, isOld }: NewPasswordOptions) {
  const t = useT();
  const [values, setValues] = useState<Record<NewPasswordKey, string>>({ new: '', confirm: '' });
  const [touched, setTouched] = useState<ReadonlySet<NewPasswordKey>>(new Set());
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const refs = { new: newRef, confirm: confirmRef };

  useEffect(() => newRef.current?.focus(), []);

  const errors: Partial<Record<NewPasswordKey, string>> = {};
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
  if (!errors.new && values.new && isOld?.(values.new)) errors.new = t('validation.password.sameAsOld');

  return {
    values,
    refs,
    errorOf: (key: NewPasswordKey) => (touched.has(key) ? errors[key] : undefined),
    change(key: NewPasswordKey, value: string) {
      setValues((v) => ({ ...v, [key]: value }));
      onEdit?.();
    },
    touch: (key: NewPasswordKey) => setTouched((s) => (s.has(key) || !values[key] ? s : new Set(s).add(key))),
    submit(event: FormEvent) {
      event.preventDefault();
      if (busy) return;
      const invalid = (['new', 'confirm'] as const).find((key) => errors[key]);
      if (invalid) {
        setTouched(new Set(['new', 'confirm']));
        refs[invalid].current?.focus();
        return;
      }
      onValid(values.new);
    },
  };
}
