/** Step 2: security verification by email (§2): get a code (then a 60 s resend countdown, or the
 * server's `retry_after`), type the 6 digits, Next. */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { useCountdown } from '../../ui/useCountdown';
import { Field, Input } from '../../ui/Field';
import { codeSchema } from '../../core/validation/account';
import { validate } from '../../core/validation/validate';
import type { MessageKey } from '../../core/i18n/index';
import type { ResetActions, ResetState } from './store';

/** The messages ./errors gives the refusals the server ties to the code itself (`field: "code"`:
 * wrong, expired, voided). The store keeps only the message, so they are known by it. */
const CODE_ERROR_KEYS: readonly MessageKey[] = ['error.codeIncorrect', 'login.code.expired', 'login.code.voided'];

export function VerifyStep({ state, actions }: { state: ResetState; actions: ResetActions }) {
  const { t } = useElement();
  const [code, setCode] = useState('');
  const [checkError, setCheckError] = useState<string | undefined>();
  const sendRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const seconds = useCountdown(state.resendAt);
  const busy = state.status === 'loading';
  // A refusal of the code belongs to its input (invalid, described by it, announced once by the
  // field's live region); any other message stays above the form. Editing clears both.
  const codeError = CODE_ERROR_KEYS.some((key) => t(key) === state.error) ? state.error : undefined;
  const formError = codeError ? undefined : state.error;

  useEffect(() => sendRef.current?.focus(), []);

  // Back to the refused code (Next had focus), selected: the next one is typed over it.
  useEffect(() => {
    if (!codeError) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [codeError]);

  const send = () => {
    setCode('');
    void actions.sendCode().then(() => inputRef.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(codeSchema, code);
    if (!checked.ok) {
      setCheckError(t(checked.issues[0]!.messageKey));
      inputRef.current?.focus();
      return;
    }
    void actions.verifyCode(code);
  };

  return (
    <form part="verify-step" className="yx-reset-form" noValidate onSubmit={submit}>
      <p part="verify-intro" className="yx-reset-text">
        {t('reset.verify.intro', { email: state.email })}
      </p>
      {formError && (
        <div part="form-error" className="yx-reset-alert" role="alert">
          {formError}
        </div>
      )}
      <div part="notice" className="yx-reset-notice" role="status">
        {state.notice}
      </div>
      <Field label={t('login.code.label')} hint={t('login.code.hint')} error={checkError ?? codeError}>
        <span className="yx-reset-code-row">
          <Input
            ref={inputRef}
            name="code"
            numericOnly
            maxLength={6}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
              setCheckError(undefined);
              actions.clearMessages();
            }}
          />
          <Button ref={sendRef} part="button send-button" disabled={seconds > 0 || busy} onClick={send}>
            {seconds > 0 ? t('page.login.resendIn', { seconds }) : t('page.login.sendCode')}
          </Button>
        </span>
      </Field>
      <Button part="button submit-button" type="submit" variant="primary" className="yx-reset-submit" loading={busy}>
        {t('page.reset.next')}
      </Button>
    </form>
  );
}
