/** Step 2: security verification by email (§2): get a code (then a 60 s resend countdown, or the
 * server's `retry_after`), type the 6 digits, Next. */
import { useRef } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { useCodeEntry } from '../../ui/useCodeEntry';
import type { ResetActions, ResetState } from './store';

export function VerifyStep({ state, actions }: { state: ResetState; actions: ResetActions }) {
  const { t } = useElement();
  const sendRef = useRef<HTMLButtonElement>(null);
  const entry = useCodeEntry({
    error: state.error,
    busy: state.status === 'loading',
    onValid: (code) => void actions.verifyCode(code),
    onEdit: actions.clearMessages,
    // Before a code is sent, getting one is the next thing to do.
    initialFocus: sendRef,
  });

  return (
    <form part="verify-step" className="yx-reset-form" noValidate onSubmit={entry.submit}>
      <p part="verify-intro" className="yx-reset-text">
        {t('reset.verify.intro', { email: state.email })}
      </p>
      {entry.formError && (
        <div part="form-error" className="yx-reset-alert" role="alert">
          {entry.formError}
        </div>
      )}
      <div part="notice" className="yx-reset-notice" role="status">
        {state.notice}
      </div>
      <CodeField
        entry={entry}
        resendAt={state.resendAt}
        sendPart="button send-button"
        sendLabel={t('page.login.sendCode')}
        // No code came to this page yet (another browser's wait, a cap): not "Resend".
        waitKeys={state.codeSent ? undefined : ['reset.verify.sendIn', 'reset.verify.sendInTime']}
        sendRef={sendRef}
        onSend={actions.sendCode}
      />
      <Button
        part="button submit-button"
        type="submit"
        variant="primary"
        className="yx-reset-submit"
        loading={entry.busy}
      >
        {t('page.reset.next')}
      </Button>
    </form>
  );
}
