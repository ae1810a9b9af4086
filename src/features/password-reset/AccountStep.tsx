/** Step 1: which account (§2). An unknown account is said in place. */
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import type { ResetActions, ResetState } from './store';

export interface AccountStepProps {
  state: ResetState;
  actions: ResetActions;
}

export function AccountStep({ state, actions }: AccountStepProps) {
  const { t } = useElement();
  const [username, setUsername] = useState(state.username);
  const [checkError, setCheckError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = state.status === 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!username.trim()) {
      setCheckError(t('validation.login.accountRequired'));
      inputRef.current?.focus();
      return;
    }
    void actions.check(username.trim());
  };

  return (
    <form part="account-step" className="yx-reset-form" noValidate onSubmit={submit}>
      {state.error && (
        <div part="form-error" className="yx-reset-alert" role="alert">
          {state.error}
        </div>
      )}
      <Field label={t('page.login.account')} hint={t('reset.account.hint')} error={checkError} required>
        <Input
          ref={inputRef}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setCheckError(undefined);
            actions.clearMessages();
          }}
        />
      </Field>
      <Button part="button submit-button" type="submit" variant="primary" className="yx-reset-submit" loading={busy}>
        {t('page.reset.next')}
      </Button>
    </form>
  );
}
