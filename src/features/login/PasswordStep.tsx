/**
 * The account-and-password form (§2, §5): both fields required, a show/hide toggle, the form's
 * message of §8 in place, a busy submit button, and the slider inside the form when the server
 * asks for it. In LDAP / Windows AD mode the same form signs in against the directory.
 */
import { useId, useRef, useState } from 'react';
import type { FormEvent, MouseEvent, ReactNode, Ref } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { loginSchema } from '../../core/validation/account';
import { validate } from '../../core/validation/validate';
import type { LoginActions, LoginState } from './store';

/** The forgot-password route (§2). */
export const RESET_PASSWORD_URL = '#/users/resetpassword';

type Key = 'username' | 'password';

/** A password input with a show/hide toggle; `part="password-toggle"` on the toggle. */
export function SecretInput(props: {
  name: string;
  value: string;
  autoComplete: string;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string | undefined;
  onChange(value: string): void;
  onBlur?(): void;
}) {
  const { t } = useElement();
  const [shown, setShown] = useState(false);
  return (
    <span className="yx-login-secret">
      <Input
        ref={props.inputRef}
        name={props.name}
        type={shown ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        spellCheck={false}
        value={props.value}
        aria-describedby={props.describedBy}
        onBlur={props.onBlur}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <Button
        part="button password-toggle"
        variant="text"
        size="sm"
        className="yx-login-secret__toggle"
        aria-pressed={shown}
        aria-label={t('login.password.show')}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-state={shown ? 'shown' : 'hidden'}>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown ? null : <path d="M4 4l16 16" />}
        </svg>
      </Button>
    </span>
  );
}

export interface PasswordStepProps {
  state: LoginState;
  actions: LoginActions;
  /** The mode's name for the heading ('LDAP'), or undefined in password mode. */
  modeName: string | undefined;
  /** The slider, when the server asked for one. */
  slider: ReactNode;
  onLink(event: MouseEvent<HTMLAnchorElement>, url: string): void;
}

export function PasswordStep({ state, actions, modeName, slider, onLink }: PasswordStepProps) {
  const { t } = useElement();
  const errorId = useId();
  const [values, setValues] = useState<Record<Key, string>>({ username: state.username, password: '' });
  const [touched, setTouched] = useState<ReadonlySet<Key>>(new Set());
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const checked = validate(loginSchema, values);
  const clientErrors: Partial<Record<Key, string>> = {};
  if (!checked.ok) for (const issue of checked.issues) clientErrors[issue.path as Key] = t(issue.messageKey);
  const errorOf = (key: Key) => (touched.has(key) ? clientErrors[key] : undefined);
  const busy = state.status === 'loading';

  const change = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    actions.clearMessages();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = (['username', 'password'] as const).find((key) => clientErrors[key]);
    if (invalid) {
      setTouched(new Set(['username', 'password']));
      refs[invalid].current?.focus();
      return;
    }
    void actions.submit(values);
  };

  return (
    <form
      part="login-form"
      className="yx-login-form"
      data-mode={state.mode}
      noValidate
      aria-describedby={state.error ? errorId : undefined}
      onSubmit={submit}
    >
      {modeName && (
        <h2 part="mode-title" className="yx-login-step-title">
          {t('login.mode.heading', { mode: modeName })}
        </h2>
      )}
      {state.error && state.step === 'credentials' && (
        <div id={errorId} part="form-error" className="yx-login-alert" role="alert">
          {state.error}
        </div>
      )}
      <Field label={t('page.login.account')} error={errorOf('username')} required>
        <Input
          ref={refs.username}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('page.login.accountPlaceholder')}
          value={values.username}
          onChange={(e) => change('username', e.target.value)}
        />
      </Field>
      <Field label={t('page.login.password')} error={errorOf('password')} required>
        <SecretInput
          inputRef={refs.password}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(value) => change('password', value)}
        />
      </Field>
      {slider}
      <Button part="button submit-button" type="submit" variant="primary" className="yx-login-submit" loading={busy}>
        {t('page.login.submit')}
      </Button>
      {state.mode === 'password' && (
        <a
          part="forgot-link"
          className="yx-login-link"
          href={RESET_PASSWORD_URL}
          onClick={(e) => onLink(e, RESET_PASSWORD_URL)}
        >
          {t('page.login.forgotPassword')}
        </a>
      )}
    </form>
  );
}
