/**
 * Form fields: `Field` (label, hint, error, required marker) and the native controls that plug
 * into it. A control inside a Field takes the Field's id and its ARIA wiring (describedby,
 * invalid, errormessage, required) from context, so a form only writes
 * `<Field label=… error=…><Input … /></Field>`. Select and TextArea live in their own modules
 * (./Select, ./TextArea), so a form downloads only the controls it uses.
 */
import { forwardRef, useId } from 'react';
import type { ClipboardEvent, InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { isAllowedNumericKey } from '../core/validation/numeric';
import { FieldContext, RequiredMark, cls, join, useControlStyles, useFieldControl } from './field-control';
import type { FieldState } from './field-control';

export { FieldContext, RequiredMark, cls, join, setRef, useControlStyles, useFieldControl } from './field-control';

export interface FieldProps {
  /** The visible label; the legend when `group`. */
  label: ReactNode;
  /** Help text under the control, read as its description. */
  hint?: ReactNode;
  /** The error text, already translated. When set, the control is marked invalid. */
  error?: ReactNode;
  /** Shows a required marker and marks the control `aria-required`. @default false */
  required?: boolean;
  /** The control is a RadioGroup: its fieldset's legend carries the label. @default false */
  group?: boolean;
  /** The control's id. @default an id from useId() */
  id?: string;
  /** Hides the label visually; screen readers still read it. @default false */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled form field with optional hint and inline error.
 * @example <Field label={t('tokens.name')} error={nameError} required><Input value={name} onChange={…} /></Field> */
export function Field({
  label,
  hint,
  error,
  required = false,
  group = false,
  id,
  hideLabel,
  className,
  children,
}: FieldProps) {
  useControlStyles();
  const auto = useId();
  const controlId = id ?? `${auto}control`;
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const hintId = hint ? `${auto}hint` : undefined;
  const errorId = invalid ? `${auto}error` : undefined;
  const state: FieldState = {
    id: controlId,
    label,
    describedBy: join(hintId, errorId),
    errorId,
    invalid,
    required,
    group,
  };
  return (
    <div part="field" className={cls('yx-field', className)} data-status={invalid ? 'invalid' : 'valid'}>
      {!group && (
        <label part="label" className={hideLabel ? 'yx-visually-hidden' : 'yx-field__label'} htmlFor={controlId}>
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      <FieldContext.Provider value={state}>{children}</FieldContext.Provider>
      {hint && (
        <div part="hint" className="yx-field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {/* Always present so the live region exists before an error appears in it. */}
      <div part="error" className="yx-field__error" id={errorId} aria-live="polite">
        {invalid ? error : null}
      </div>
    </div>
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Accepts digits only (§5): other keys are blocked (digits, Backspace, Delete, ←, →, Tab pass)
   * and pasted text keeps its digits. Use with a text type. @default false */
  numericOnly?: boolean;
}

function blocksKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  // Shortcuts (copy, paste, select all) type nothing; Enter submits the form.
  if (event.ctrlKey || event.metaKey || event.altKey || event.key === 'Enter') return false;
  // IME and virtual keyboards report no key; the beforeinput filter covers them.
  if (event.nativeEvent.isComposing || event.key === 'Unidentified' || event.key === 'Process') return false;
  return !isAllowedNumericKey(event.key);
}

function pasteDigits(event: ClipboardEvent<HTMLInputElement>) {
  const text = event.clipboardData.getData('text');
  let digits = text.replace(/\D/g, '');
  if (digits === text) return;
  event.preventDefault();
  const input = event.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  if (input.maxLength > 0) digits = digits.slice(0, Math.max(0, input.maxLength - input.value.length + (end - start)));
  if (!digits) return;
  input.setRangeText(digits, start, end, 'end');
  // React's value tracker still holds the old value, so this input event reaches onChange.
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A single-line text input, `part="input"`. */
export const Input = /* @__PURE__ */ forwardRef<HTMLInputElement, InputProps>(function Input(
  { numericOnly = false, type = 'text', className, onKeyDown, onPaste, onBeforeInput, required, ...rest },
  ref,
) {
  const control = useFieldControl({ ...rest, required });
  return (
    <input
      ref={ref}
      type={type}
      inputMode={numericOnly ? 'numeric' : undefined}
      {...rest}
      {...control}
      part="input"
      className={cls('yx-input', className)}
      data-status={control['aria-invalid'] ? 'invalid' : undefined}
      onKeyDown={(event) => {
        if (numericOnly && blocksKey(event)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onPaste={(event) => {
        if (numericOnly) pasteDigits(event);
        onPaste?.(event);
      }}
      onBeforeInput={(event) => {
        const data = (event as unknown as { data?: string | null }).data;
        if (numericOnly && data && /\D/.test(data)) event.preventDefault();
        onBeforeInput?.(event);
      }}
    />
  );
});
