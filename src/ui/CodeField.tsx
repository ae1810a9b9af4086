/**
 * The email code's field (§2, §5): a 6-digit input and, beside it, the button that sends a code,
 * disabled while its countdown runs (60 s, or the server's `retry_after`) and unavailable, still
 * focusable, while a request is under way. Shared by the security verification at sign-in and the
 * password reset; the state is useCodeEntry's.
 */
import type { Ref } from 'react';
import type { MessageKey, Translate } from '../core/i18n/index';
import { useT } from './context';
import { Button } from './Button';
import { codeFieldCss } from './css/code-field';
import { useStyles } from './css/use-styles';
import { Field } from './Field';
import { DigitsInput } from './DigitsInput';
import { useCountdown } from './useCountdown';
import { inMinutes, minutesText } from './wait-text';
import type { CodeEntry, CodeSendOutcome } from './useCodeEntry';

export interface CodeFieldProps {
  /** What useCodeEntry returned. */
  entry: CodeEntry;
  /** When sending again is allowed (epoch ms). */
  resendAt: number;
  /** A class of the row holding the input and the button, besides its own `yx-code-row`. */
  rowClassName?: string;
  /** The send button's `part`, e.g. "button resend-button". */
  sendPart: string;
  /** The send button's text once the countdown has ended, already translated. */
  sendLabel: string;
  /** The countdown's texts, with `{seconds}` and with `{time}` (a longer wait, in minutes), e.g.
   * "Get Code in …" while no code came to this page. @default "Resend in …" */
  waitKeys?: readonly [MessageKey, MessageKey];
  sendRef?: Ref<HTMLButtonElement>;
  /** Asks the server for a code; says how that ended. */
  onSend(): Promise<CodeSendOutcome>;
}

/** 'Resend in 42 s' (or waitKeys' text), in minutes when the server asked for a longer wait. */
const waitText = (
  seconds: number,
  t: Translate,
  [inSeconds, inTime]: readonly [MessageKey, MessageKey] = ['page.login.resendIn', 'page.login.resendInTime'],
) => (inMinutes(seconds) ? t(inTime, { time: minutesText(seconds, t) }) : t(inSeconds, { seconds }));

/** @example <CodeField entry={entry} resendAt={state.resendAt}
 * sendPart="button send-button" sendLabel={t('page.login.sendCode')} onSend={actions.sendCode} /> */
export function CodeField({
  entry,
  resendAt,
  rowClassName,
  sendPart,
  sendLabel,
  waitKeys,
  sendRef,
  onSend,
}: CodeFieldProps) {
  useStyles(codeFieldCss);
  const t = useT();
  const seconds = useCountdown(resendAt);
  return (
    <Field label={t('login.code.label')} hint={t('login.code.hint')} error={entry.fieldError}>
      <span className={rowClassName ? `yx-code-row ${rowClassName}` : 'yx-code-row'}>
        <DigitsInput
          ref={entry.inputRef}
          name="code"
          maxLength={6}
          autoComplete="one-time-code"
          value={entry.code}
          onChange={(e) => entry.edit(e.target.value)}
        />
        {/* Busy (a code on its way), the button is aria-disabled, not disabled: a disabled button
            drops the focus to the page, and after a failure Enter must send again from it. */}
        <Button
          ref={sendRef}
          part={sendPart}
          disabled={seconds > 0}
          aria-disabled={entry.busy || undefined}
          onClick={() => entry.busy || entry.send(onSend)}
        >
          {seconds > 0 ? waitText(seconds, t, waitKeys) : sendLabel}
        </Button>
      </span>
    </Field>
  );
}
