/**
 * Security verification by email (§2, §5, §8): the server has mailed a 6-digit code to the
 * (masked) address. Digits only; a pasted code works; the sixth digit submits. Resending is
 * possible once the countdown ends (60 s, or the server's `retry_after`).
 */
import { useId } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { useStyles } from '../../ui/css/use-styles';
import { codeCss } from './code.css';
import { CodeField } from '../../ui/CodeField';
import { useCodeEntry } from '../../ui/useCodeEntry';
import type { LoginActions, LoginState } from './store';

export interface CodeStepProps {
  state: LoginState;
  actions: LoginActions;
  onBack(): void;
}

export function CodeStep({ state, actions, onBack }: CodeStepProps) {
  useStyles(codeCss);
  const { t } = useElement();
  const titleId = useId();
  const entry = useCodeEntry({
    error: state.error,
    busy: state.status === 'loading',
    onValid: (code) => void actions.verifyCode(code),
    onEdit: actions.clearMessages,
    submitWhenComplete: true,
  });

  return (
    <form part="code-step" className="yx-login-form" aria-labelledby={titleId} noValidate onSubmit={entry.submit}>
      <h2 id={titleId} part="step-title" className="yx-login-step-title">
        {t('page.login.securityVerification')}
      </h2>
      <p part="code-reason" className="yx-login-text">
        {t('error.securityRisk')}
      </p>
      <p part="code-sent" className="yx-login-text">
        {t('page.login.codeSentTo', { email: state.email })}
      </p>
      {entry.formError && (
        <div part="form-error" className="yx-login-alert" role="alert">
          {entry.formError}
        </div>
      )}
      <div part="notice" className="yx-login-notice" role="status">
        {state.notice}
      </div>
      <CodeField
        entry={entry}
        resendAt={state.resendAt}
        sendPart="button resend-button"
        sendLabel={t('login.code.resend')}
        onSend={actions.sendCode}
      />
      <Button
        part="button submit-button"
        type="submit"
        variant="primary"
        className="yx-login-submit"
        loading={entry.busy}
      >
        {t('login.code.submit')}
      </Button>
      <Button part="button back-button" variant="link" className="yx-login-back" onClick={onBack}>
        {t('page.reset.backToLogin')}
      </Button>
    </form>
  );
}
