/** A multi-line text input that joins a Field (see ./Field), with an optional character counter. */
import { forwardRef, useId, useRef, useState } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { useT } from './context';
import { cls, join, useFieldControl } from './field-control';
import { textareaCss } from './css/textarea';
import { useStyles } from './css/use-styles';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Shows "12/200" under the box (characters, so an emoji counts once; the limit is `maxLength`).
   * @default false */
  showCount?: boolean;
  /** The most characters the box takes, counted as code points like the counter and the form
   * rules (`chars()`), so an emoji counts once: an insertion that would pass it is cut. Not the
   * native attribute, which counts UTF-16 units and would stop at half as many emoji. */
  maxLength?: number;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Where the text just put in sits in `next` (was `before`): `[start, end)` in UTF-16 units,
 * never inside a surrogate pair. `caret` (the collapsed caret after the input) ends it when it
 * agrees with the text after it; else the end of the difference between the two values. */
function insertedRange(before: string, next: string, caret: number | undefined): [number, number] {
  let end = next.length;
  const tailFits = (at: number) => next.length - at <= before.length && before.endsWith(next.slice(at));
  if (caret !== undefined && caret <= next.length && tailFits(caret)) end = caret;
  else {
    while (end > 0 && next.length - end < before.length && tailFits(end - 1)) end--;
  }
  // Not into the text after the insertion, as it stood in `before`.
  const limit = Math.min(end, before.length - (next.length - end));
  let start = 0;
  while (start < limit && before[start] === next[start]) start++;
  if (start > 0 && isHighSurrogate(next.charCodeAt(start - 1))) start--;
  if (end < next.length && end > start && isLowSurrogate(next.charCodeAt(end))) end++;
  return [start, end];
}

/**
 * `next` (the box's value after an input; `before` it was the value before) held to `max` code
 * points the way the native `maxlength` holds to UTF-16 units: what was just put in loses its
 * end, whole code points only, and the caret goes after what was kept. Null when nothing needs
 * cutting, or when only older text is over the limit (a value the program set): the form's check
 * speaks for that.
 * @example capInsertion('ab', 'ab😀😀', 3) // { value: 'ab😀', caret: 4 }
 */
export function capInsertion(
  before: string,
  next: string,
  max: number,
  caret?: number,
): { value: string; caret: number } | null {
  const excess = [...next].length - max;
  if (excess <= 0) return null;
  const [start, end] = insertedRange(before, next, caret);
  const inserted = [...next.slice(start, end)];
  if (inserted.length === 0) return null;
  const kept = inserted.slice(0, Math.max(0, inserted.length - excess)).join('');
  return { value: next.slice(0, start) + kept + next.slice(end), caret: start + kept.length };
}

/** Sets a textarea's value behind React's back and announces it with an `input` event, so a
 * controlled owner's onChange sees it as if the user had typed it. */
function replaceValue(textarea: HTMLTextAreaElement, value: string, caret: number) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, value);
  textarea.setSelectionRange(caret, caret);
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A multi-line text input with an optional character counter, `part="textarea"`. */
export const TextArea = /* @__PURE__ */ forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { showCount = false, className, onChange, onCompositionStart, onCompositionEnd, required, maxLength: max, ...rest },
  ref,
) {
  const t = useT();
  const counterId = useId();
  const [typed, setTyped] = useState(String(rest.defaultValue ?? ''));
  const current = rest.value !== undefined ? String(rest.value) : typed;
  const count = [...current].length;
  // The value before an IME composition began: its text is cut once committed, not while the
  // user is still choosing characters.
  const beforeComposition = useRef<string | null>(null);
  const control = useFieldControl({
    ...rest,
    required,
    'aria-describedby': join(rest['aria-describedby'], showCount ? counterId : undefined),
  });
  // After the text inputs' sheet (adopted by useFieldControl), which it refines.
  useStyles(textareaCss);
  const caretOf = (el: HTMLTextAreaElement) => (el.selectionStart === el.selectionEnd ? el.selectionEnd : undefined);
  const textarea = (
    <textarea
      ref={ref}
      {...rest}
      {...control}
      part="textarea"
      className={cls('yx-input yx-textarea', className)}
      data-status={control['aria-invalid'] ? 'invalid' : undefined}
      onChange={(event) => {
        const el = event.target;
        const composing = beforeComposition.current !== null || (event.nativeEvent as InputEvent).isComposing;
        const capped = max === undefined || composing ? null : capInsertion(current, el.value, max, caretOf(el));
        if (capped) {
          el.value = capped.value;
          el.setSelectionRange(capped.caret, capped.caret);
        }
        setTyped(el.value);
        onChange?.(event);
      }}
      onCompositionStart={(event) => {
        beforeComposition.current = event.currentTarget.value;
        onCompositionStart?.(event);
      }}
      onCompositionEnd={(event) => {
        const el = event.currentTarget;
        const before = beforeComposition.current ?? current;
        beforeComposition.current = null;
        const capped = max === undefined ? null : capInsertion(before, el.value, max, caretOf(el));
        if (capped) replaceValue(el, capped.value, capped.caret);
        onCompositionEnd?.(event);
      }}
    />
  );
  if (!showCount) return textarea;
  const params = { count, max: max ?? '∞' };
  return (
    <div className="yx-textarea-wrap">
      {textarea}
      <div
        part="counter"
        className="yx-textarea__counter"
        id={counterId}
        data-status={max !== undefined && count > max ? 'over' : undefined}
      >
        <span aria-hidden="true">{max !== undefined ? t('ui.textarea.counter', params) : count}</span>
        <span className="yx-visually-hidden">{t('ui.textarea.counterLabel', params)}</span>
      </div>
    </div>
  );
});
