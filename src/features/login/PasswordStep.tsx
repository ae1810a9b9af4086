/**
 * The account-and-password form (§2, §5): both fields required, a show/hide toggle, the form's
 * message of §8 in place, a busy submit button, and the slider inside the form when the server
 * asks for it. The fields stay editable under the slider: solving it signs in with what they hold
 * then, and Sign In before it is solved sends nothing but points to it. In LDAP / Windows AD mode
 * the same form signs in against the directory.
 */
import { useId, useRef, useState } from 'react';
import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { SecretInput } from '../../ui/SecretInput';
import { loginSchema } from '../../core/validation/account';
import { validate } from '../../core/validation/validate';
import type { Translate } from '../../core/i18n/index';
import { accountPageUrl } from '../../core/http';
import type { Credentials, LoginActions, LoginState } from './store';

/** The forgot-password route (§2) on the standalone page ({@link accountPageUrl}). */
export const RESET_PASSWORD_ROUTE = '#/users/resetpassword';

type Key = 'username' | 'password';

/** What the slider needs from the form: the account it is for, and where its token goes. */
export interface SliderForm {
  /** The account as typed now (trimmed). */
  username: string;
  onVerified(sliderToken: string): void;
}

/** The first field the sign-in rules refuse, with every field's message. */
function check(values: Credentials, t: Translate) {
  const checked = validate(loginSchema, values);
  const errors: Partial<Record<Key, string>> = {};
  if (!checked.ok) for (const issue of checked.issues) errors[issue.path as Key] = t(issue.messageKey);
  const invalid = (['username', 'password'] as const).find((key) => errors[key]);
  return { errors, invalid };
}

export interface PasswordStepProps {
  state: LoginState;
  actions: LoginActions;
  /** The mode's name for the heading ('LDAP'), or undefined in password mode. */
  modeName: string | undefined;
  /** Renders the slider for the form's current account, when the server asked for one. */
  slider: ((form: SliderForm) => ReactNode) | null;
  onLink(event: MouseEvent<HTMLAnchorElement>, url: string): void;
  /** The form's message is a wrong account or password: Login puts the cursor back in the
   * password, which the message then describes. */
  incorrect?: boolean;
}

export function PasswordStep({ state, actions, modeName, slider, onLink, incorrect }: PasswordStepProps) {
  const { t, root, settings } = useElement();
  const errorId = useId();
  const resetUrl = accountPageUrl(settings.host, RESET_PASSWORD_ROUTE);
  const [values, setValues] = useState<Credentials>({ username: state.username, password: '' });
  // The slider answers after an await: it must see the values of that moment, not of its render.
  const latest = useRef(values);
  latest.current = values;
  const [touched, setTouched] = useState<ReadonlySet<Key>>(new Set());
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const { errors: clientErrors, invalid } = check(values, t);
  const errorOf = (key: Key) => (touched.has(key) ? clientErrors[key] : undefined);
  const busy = state.status === 'loading';

  const showInvalid = (key: Key) => {
    setTouched(new Set(['username', 'password']));
    refs[key].current?.focus();
  };

  const change = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    actions.clearMessages();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (invalid) return showInvalid(invalid);
    const sliderFirst = state.step === 'slider' && !actions.isSliderSolved();
    void actions.submit(values);
    // The store says why nothing was sent; the user is taken to what is missing.
    if (sliderFirst) root.querySelector<HTMLElement>('[part~="slider-handle"]')?.focus();
  };

  const onSliderVerified = (sliderToken: string) => {
    const current = latest.current;
    const wrong = check(current, t).invalid;
    // The token waits for Sign In while a field is refused.
    void actions.sliderVerified(sliderToken, wrong ? undefined : current);
    if (wrong) showInvalid(wrong);
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
      {state.error && (
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
          togglePart="button password-toggle"
          inputRef={refs.password}
          describedBy={incorrect ? errorId : undefined}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(value) => change('password', value)}
        />
      </Field>
      {slider?.({ username: values.username.trim(), onVerified: onSliderVerified })}
      <Button part="button submit-button" type="submit" variant="primary" className="yx-login-submit" loading={busy}>
        {t('page.login.submit')}
      </Button>
      {state.mode === 'password' && (
        <a part="forgot-link" className="yx-login-link" href={resetUrl} onClick={(e) => onLink(e, resetUrl)}>
          {t('page.login.forgotPassword')}
        </a>
      )}
    </form>
  );
}
