/**
 * Security verification by email (§2, §5, §8): the server has mailed a 6-digit code to the
 * (masked) address. Digits only; a pasted code works; the sixth digit submits. Resending is
 * possible once the countdown ends (60 s, or the server's `retry_after`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { useCountdown } from '../../ui/useCountdown';
import { Field, Input } from '../../ui/Field';
import { codeSchema } from '../../core/validation/account';
import { validate } from '../../core/validation/validate';
import type { MessageKey } from '../../core/i18n/index';
import type { LoginActions, LoginState } from './store';

/** The messages ./errors gives the refusals the server ties to the code itself (`field: "code"`:
 * wrong, expired, voided). The store keeps only the message, so they are known by it. */
const CODE_ERROR_KEYS: readonly MessageKey[] = ['error.codeIncorrect', 'login.code.expired', 'login.code.voided'];

export interface CodeStepProps {
  state: LoginState;
  actions: LoginActions;
  onBack(): void;
}

export function CodeStep({ state, actions, onBack }: CodeStepProps) {
  const { t } = useElement();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [checkError, setCheckError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const seconds = useCountdown(state.resendAt);
  const busy = state.status === 'loading';
  // A refusal of the code belongs to its input (invalid, described by it, announced once by the
  // field's live region); any other message stays above the form. Editing clears both.
  const codeError = CODE_ERROR_KEYS.some((key) => t(key) === state.error) ? state.error : undefined;
  const formError = codeError ? undefined : state.error;

  useEffect(() => inputRef.current?.focus(), []);

  // Back to the refused code, selected: the next one is typed over it.
  useEffect(() => {
    if (!codeError) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [codeError]);

  const verify = (value: string) => {
    const checked = validate(codeSchema, value);
    if (!checked.ok) {
      setCheckError(t(checked.issues[0]!.messageKey));
      inputRef.current?.focus();
      return;
    }
    void actions.verifyCode(value);
  };

  const change = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6);
    setCode(digits);
    setCheckError(undefined);
    actions.clearMessages();
    if (digits.length === 6 && !busy) verify(digits);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) verify(code);
  };

  const resend = () => {
    setCode('');
    void actions.sendCode().then(() => inputRef.current?.focus());
  };

  return (
    <form part="code-step" className="yx-login-form" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <h2 id={titleId} part="step-title" className="yx-login-step-title">
        {t('page.login.securityVerification')}
      </h2>
      <p part="code-sent" className="yx-login-text">
        {t('page.login.codeSentTo', { email: state.email })}
      </p>
      {formError && (
        <div part="form-error" className="yx-login-alert" role="alert">
          {formError}
        </div>
      )}
      <div part="notice" className="yx-login-notice" role="status">
        {state.notice}
      </div>
      <Field label={t('login.code.label')} hint={t('login.code.hint')} error={checkError ?? codeError}>
        <span className="yx-login-code-row">
          <Input
            ref={inputRef}
            name="code"
            numericOnly
            maxLength={6}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => change(e.target.value)}
          />
          <Button part="button resend-button" disabled={seconds > 0 || busy} onClick={resend}>
            {seconds > 0 ? t('page.login.resendIn', { seconds }) : t('login.code.resend')}
          </Button>
        </span>
      </Field>
      <Button part="button submit-button" type="submit" variant="primary" className="yx-login-submit" loading={busy}>
        {t('login.code.submit')}
      </Button>
      <Button part="button back-button" variant="link" className="yx-login-back" onClick={onBack}>
        {t('page.reset.backToLogin')}
      </Button>
    </form>
  );
}
