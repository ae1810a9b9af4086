/**
 * The bind / change email dialog (§4, §5, §7): one email field with the `emailSchema` messages.
 * Bind posts `emails:bind`; change posts `emails:rebind` with the new address. Either way the
 * server sends a verification link, and the address shows as not verified until it is opened; a
 * verified address stays the account's until then (the new one shows as a pending change).
 * A refusal is said once, in the dialog: on the field when the server names it, else as the form's
 * alert. No toast repeats it, so none outlives the dialog or sits beside the later success.
 */
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useElement } from '../../ui/context';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { emailSchema } from '../../core/validation/account';
import { validate } from '../../core/validation/validate';
import type { BoundEmail, ProfileApi } from './api';
import { describeEmailFailure } from './errors';
import type { EmailFailure } from './errors';

export type EmailDialogMode = 'bind' | 'change';

export interface EmailDialogProps {
  open: boolean;
  mode: EmailDialogMode;
  /** The bound address (change mode). */
  current?: string | undefined;
  /** Whether `current` is verified: it then stays until the new address is verified. @default false */
  currentVerified?: boolean;
  api: ProfileApi;
  onClose(): void;
  /** The binding as the server now has it. */
  onSaved(email: BoundEmail): void;
  /** A 429 answer: no email may be sent for this many seconds. */
  onThrottled(seconds: number): void;
}

/** Give each opening a new `key`: it then starts from an empty field. */
export function EmailDialog(props: EmailDialogProps) {
  const { open, mode, current, currentVerified = false, api, onClose, onSaved, onThrottled } = props;
  const { t } = useElement();
  const formId = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving'>('idle');
  const saving = status === 'saving';

  const address = value.trim();
  const checked = validate(emailSchema, address);
  let clientError = checked.ok ? undefined : t(checked.issues[0]!.messageKey);
  if (!clientError && mode === 'change' && current && address.toLowerCase() === current.toLowerCase()) {
    clientError = t('profile.emailForm.sameAsCurrent');
  }
  const fieldError = serverError ?? (touched ? clientError : undefined);

  const fail = (failure: EmailFailure) => {
    if (failure.field) setServerError(failure.reason);
    else setFormError(failure.message);
    if (failure.retryAfter) onThrottled(failure.retryAfter);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    if (clientError) {
      setTouched(true);
      return;
    }
    setStatus('saving');
    setFormError(undefined);
    const [error, email] = await (mode === 'bind' ? api.bindEmail(address) : api.rebindEmail(address));
    setStatus('idle');
    if (error) return fail(describeEmailFailure(error, mode, t));
    onSaved(email);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !saving) onClose();
      }}
      className="yx-profile-email-dialog"
      title={t(mode === 'bind' ? 'profile.emailForm.bindTitle' : 'profile.emailForm.changeTitle')}
      description={t('profile.emailForm.dialogHint')}
      footer={
        <>
          <Button
            part="button cancel-button"
            aria-disabled={saving || undefined}
            onClick={() => {
              if (!saving) onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button part="button submit-button" variant="primary" type="submit" form={formId} loading={saving}>
            {t(mode === 'bind' ? 'profile.emailForm.submitBind' : 'profile.emailForm.submitChange')}
          </Button>
        </>
      }
    >
      <form id={formId} part="email-form" className="yx-profile-form" noValidate onSubmit={(e) => void submit(e)}>
        {formError && (
          <div part="form-error" className="yx-profile-form__error" role="alert">
            {formError}
          </div>
        )}
        {mode === 'change' && current && (
          <p part="current-email" className="yx-profile-hint">
            {t('profile.emailForm.current', { email: current })}
          </p>
        )}
        {mode === 'change' && current && currentVerified && (
          <p part="keeps-current" className="yx-profile-hint">
            {t('profile.emailForm.changeKeepsCurrent')}
          </p>
        )}
        <Field
          label={t(mode === 'bind' ? 'profile.emailForm.address' : 'profile.emailForm.newAddress')}
          error={fieldError}
          required
        >
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            value={value}
            onBlur={() => setTouched(value !== '' || touched)}
            onChange={(e) => {
              setValue(e.target.value);
              setServerError(undefined);
              setFormError(undefined);
            }}
          />
        </Field>
      </form>
    </Modal>
  );
}
