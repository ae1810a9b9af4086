/**
 * An input that takes digits only (§5), for the 6-digit email code. Its own module, beside
 * ./Field's Input, so only the forms with a code field download it (the sign-in's code step is
 * loaded on demand).
 */
import { forwardRef, useCallback, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { isAllowedNumericKey } from '../core/validation/numeric';
import { Input, setRef } from './Field';
import type { InputProps } from './Field';

function blocksKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  // Shortcuts (copy, paste, select all) type nothing; Enter submits the form.
  if (event.ctrlKey || event.metaKey || event.altKey || event.key === 'Enter') return false;
  // IME and virtual keyboards report no key; the beforeinput filter covers them.
  if (event.nativeEvent.isComposing || event.key === 'Unidentified' || event.key === 'Process') return false;
  return !isAllowedNumericKey(event.key);
}

/** The digits of a text, in order: ASCII ones, and full-width ones (a Chinese IME's) as ASCII. */
const digitsOf = (text: string) =>
  text.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\D/g, '');

/** Puts the digits of `text` in place of the selection, as many as `limit` leaves room for, unless
 * the browser would insert exactly that itself. Returns whether it did the insertion (the caller
 * then cancels the browser's). */
function insertDigits(input: HTMLInputElement, text: string, limit: number): boolean {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  const digits = digitsOf(text).slice(0, Math.max(0, limit - input.value.length + (end - start)));
  if (digits === text) return false;
  if (!digits) return true;
  input.setRangeText(digits, start, end, 'end');
  // React's value tracker still holds the old value, so this input event reaches onChange.
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

/** The native `beforeinput` (React's onBeforeInput is built from other events and misses drops,
 * autocorrect and yanks): any insertion of text keeps its digits, where the browser would refuse
 * or cut it. A composition cannot be cancelled: its text is filtered when it ends. */
function keepInsertedDigits(event: InputEvent, limit: number) {
  if (!event.inputType.startsWith('insert') || !event.cancelable || event.isComposing) return;
  const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? null;
  const input = event.currentTarget as HTMLInputElement;
  if (text === null || !insertDigits(input, text, limit)) return;
  event.preventDefault();
  // A cancelled drop leaves the focus where it was: follow the digits, as the browser's drop would.
  if (event.inputType === 'insertFromDrop') input.focus();
}

/** What reached the input without a cancellable beforeinput (an autofill setting the value, an
 * IME's composition once it ended) keeps its digits, up to `limit`; the caret stays after the same
 * digits. */
function keepDigits(input: HTMLInputElement, limit: number) {
  const value = input.value;
  const digits = digitsOf(value).slice(0, limit);
  if (digits === value) return;
  const caret = Math.min(digitsOf(value.slice(0, input.selectionEnd ?? value.length)).length, digits.length);
  input.value = digits;
  input.setSelectionRange(caret, caret);
}

/** A text input that keeps digits only: other keys are blocked (digits and the editing and moving
 * keys pass), and text that arrives any other way (pasted, dropped, autocorrected, autofilled, from
 * an IME or a virtual keyboard) keeps its digits, full-width ones as ASCII. `maxLength` counts
 * digits and the input applies it itself: the browser's would count the separators and cut
 * "123 456" to "123 45".
 * @example <DigitsInput name="code" maxLength={6} value={code} onChange={(e) => edit(e.target.value)} /> */
export const DigitsInput = /* @__PURE__ */ forwardRef<HTMLInputElement, InputProps>(function DigitsInput(
  { maxLength, value, onKeyDown, onPaste, onChange, ...rest },
  ref,
) {
  // The text of an IME's composition under way: the input shows it as it is until it ends (React
  // would put the form's value back after each input event).
  const [composing, setComposing] = useState<string>();
  const limit = maxLength !== undefined && maxLength >= 0 ? maxLength : Infinity;
  const attach = useCallback(
    (node: HTMLInputElement | null) => {
      setRef(ref, node);
      if (!node) return;
      const filter = (event: InputEvent) => keepInsertedDigits(event, limit);
      node.addEventListener('beforeinput', filter);
      return () => {
        node.removeEventListener('beforeinput', filter);
        setRef(ref, null);
      };
    },
    [ref, limit],
  );
  return (
    <Input
      ref={attach}
      inputMode="numeric"
      {...rest}
      value={value === undefined ? value : (composing ?? value)}
      onKeyDown={(event) => {
        if (blocksKey(event)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onPaste={(event) => {
        if (insertDigits(event.currentTarget, event.clipboardData.getData('text'), limit)) event.preventDefault();
        onPaste?.(event);
      }}
      onChange={(event) => {
        // Rewriting the value under a composition makes the IME insert its text again (１, １２,
        // １２３ gave "112123"): the composition is left alone and filtered once, when it ends.
        if ((event.nativeEvent as InputEvent).isComposing) return setComposing(event.target.value);
        keepDigits(event.currentTarget, limit);
        onChange?.(event);
      }}
      onCompositionEnd={(event) => {
        setComposing(undefined);
        const input = event.currentTarget;
        keepDigits(input, limit);
        // Chromium's last input event of a composition comes before compositionend, still
        // composing: the digits reach the form here, with the input as the event's target. A
        // composition that left the digits as they were (cancelled, or letters only) is no edit: a
        // full code would be sent again.
        if (value === undefined || input.value !== String(value)) {
          onChange?.(event as unknown as ChangeEvent<HTMLInputElement>);
        }
      }}
    />
  );
});
