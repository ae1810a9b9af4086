/** A multi-line text input that joins a Field (see ./Field), with an optional character counter. */
import { forwardRef, useId, useState } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { useT } from './context';
import { cls, join, useFieldControl } from './field-control';
import { textareaCss } from './css/textarea';
import { useStyles } from './css/use-styles';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Shows "12/200" under the box (characters, so an emoji counts once; the limit is `maxLength`).
   * @default false */
  showCount?: boolean;
}

/** A multi-line text input with an optional character counter, `part="textarea"`. */
export const TextArea = /* @__PURE__ */ forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { showCount = false, className, onChange, required, ...rest },
  ref,
) {
  const t = useT();
  const counterId = useId();
  const [typed, setTyped] = useState(String(rest.defaultValue ?? ''));
  const count = [...(rest.value !== undefined ? String(rest.value) : typed)].length;
  const max = rest.maxLength;
  const control = useFieldControl({
    ...rest,
    required,
    'aria-describedby': join(rest['aria-describedby'], showCount ? counterId : undefined),
  });
  // After the text inputs' sheet (adopted by useFieldControl), which it refines.
  useStyles(textareaCss);
  const textarea = (
    <textarea
      ref={ref}
      {...rest}
      {...control}
      part="textarea"
      className={cls('yx-input yx-textarea', className)}
      data-status={control['aria-invalid'] ? 'invalid' : undefined}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange?.(event);
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
