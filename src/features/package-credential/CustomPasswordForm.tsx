/**
 * The "set a password of my own" form of `<yx-package-credential>`: one password field checked
 * with the §5 rule, the server's refusal on the field. Loaded when first opened (prefetched once
 * the element is up), with the checks' messages.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { passwordSchema } from '../../core/validation/password';
import { validate } from '../../core/validation/validate';
import type { PackageCredentialApi } from './api';
import { describeFailure } from './errors';

export interface CustomPasswordFormProps {
  id: string;
  api: PackageCredentialApi;
  /** No password works yet, so the hint speaks of no old one. */
  first?: boolean;
  onSaved(effectiveAt: string | undefined): void;
  onCancel(): void;
}

export function CustomPasswordForm({ id, api, first, onSaved, onCancel }: CustomPasswordFormProps) {
  const { t } = useElement();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => input.current?.focus(), []);

  const checked = validate(passwordSchema, value);
  const clientError = checked.ok ? undefined : t(checked.issues[0]!.messageKey);
  const error = serverError ?? (touched ? clientError : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (clientError) {
      setTouched(true);
      input.current?.focus();
      return;
    }
    setSaving(true);
    setFormError(undefined);
    const [failure, result] = await api.setPassword(value);
    setSaving(false);
    if (failure) {
      const described = describeFailure(failure, 'set', t);
      if (described.field) {
        setServerError(described.reason);
        input.current?.focus();
      } else setFormError(described.message);
      return;
    }
    onSaved(result.effectiveAt);
  };

  return (
    <form
      id={id}
      part="custom-form"
      className="yx-pkg-form"
      noValidate
      aria-labelledby={`${id}title`}
      onSubmit={submit}
    >
      <h3 id={`${id}title`} part="custom-title" className="yx-pkg-form__title">
        {t('packages.custom.title')}
      </h3>
      <Field
        label={t('packages.custom.label')}
        hint={t(first ? 'packages.custom.hintNew' : 'packages.custom.hint')}
        error={error}
        required
      >
        <Input
          ref={input}
          name="password"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setServerError(undefined);
            setFormError(undefined);
          }}
          onBlur={() => value && setTouched(true)}
        />
      </Field>
      {formError && (
        <p role="alert" part="form-error" className="yx-pkg-form__error">
          {formError}
        </p>
      )}
      <div className="yx-pkg-actions">
        <Button type="submit" variant="primary" part="button submit-button" loading={saving}>
          {t('packages.custom.submit')}
        </Button>
        <Button part="button cancel-button" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
