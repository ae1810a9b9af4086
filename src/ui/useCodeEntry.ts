/**
 * The state of a 6-digit email code (§2, §5), shared by the security verification at sign-in and
 * the password reset: digits only, the local check before the request, which refusal belongs to
 * the code's field and which to the form, and where the focus goes. CodeField renders it.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useT } from './context';
import { codeSchema } from '../core/validation/account';
import { validate } from '../core/validation/validate';
import type { MessageKey } from '../core/i18n/index';

/** The messages login/errors.ts and password-reset/errors.ts give the refusals the server ties to
 * the code itself (`field: "code"`: wrong, expired, voided). The stores keep only the message, so
 * they are known by it. */
const CODE_ERROR_KEYS: readonly MessageKey[] = ['error.codeIncorrect', 'login.code.expired', 'login.code.voided'];

/** How a request for a code ended: mailed; refused until a countdown ends (the send button then
 * waits, disabled); or failed otherwise (the button may be pressed again at once). */
export type CodeSendOutcome = 'sent' | 'wait' | 'failed';

export interface CodeEntryOptions {
  /** The store's message, already translated. */
  error: string | undefined;
  /** A request is under way: submitting does nothing. */
  busy: boolean;
  /** Called with a code that passed the local check. */
  onValid(code: string): void;
  /** Called on every edit (e.g. to clear a server message). */
  onEdit(): void;
  /** The sixth digit submits. @default false */
  submitWhenComplete?: boolean;
  /** What takes the focus when the step opens. @default the code input */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** @example const entry = useCodeEntry({ error: state.error, busy, onValid: actions.verifyCode, onEdit: actions.clearMessages }); */
export function useCodeEntry({
  error,
  busy,
  onValid,
  onEdit,
  submitWhenComplete = false,
  initialFocus,
}: CodeEntryOptions) {
  const t = useT();
  const [code, setCode] = useState('');
  const [checkError, setCheckError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  // A refusal of the code belongs to its input (invalid, described by it, announced once by the
  // field's live region); any other message stays above the form. Editing clears both.
  const codeError = CODE_ERROR_KEYS.some((key) => t(key) === error) ? error : undefined;

  useEffect(() => (initialFocus ?? inputRef).current?.focus(), []);

  // Back to the refused code, selected: the next one is typed over it.
  useEffect(() => {
    if (!codeError) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [codeError]);

  const check = (value: string) => {
    const checked = validate(codeSchema, value);
    if (!checked.ok) {
      setCheckError(t(checked.issues[0]!.messageKey));
      inputRef.current?.focus();
      return;
    }
    onValid(value);
  };

  return {
    code,
    inputRef,
    busy,
    /** The message on the code's field: the local check's, or the server's refusal of the code. */
    fieldError: checkError ?? codeError,
    /** The message above the form: any other refusal. */
    formError: codeError ? undefined : error,
    /** Keeps the first six digits of what was typed or pasted. */
    edit(value: string) {
      const digits = value.replace(/\D/g, '').slice(0, 6);
      setCode(digits);
      setCheckError(undefined);
      onEdit();
      if (submitWhenComplete && digits.length === 6 && !busy) check(digits);
    },
    submit(event: FormEvent) {
      event.preventDefault();
      if (!busy) check(code);
    },
    /** Empties the input and sends a code. Then the focus goes to the input, for the code or for
     * the wait (the disabled button would drop it); after another failure it stays on the button,
     * which sends again. */
    send(request: () => Promise<CodeSendOutcome>) {
      setCode('');
      void request().then((outcome) => outcome !== 'failed' && inputRef.current?.focus());
    },
  };
}

export type CodeEntry = ReturnType<typeof useCodeEntry>;
