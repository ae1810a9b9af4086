/**
 * Form fields: `Field` (label, hint, error, required marker) and the native controls that plug
 * into it. A control inside a Field takes the Field's id and its ARIA wiring (describedby,
 * invalid, errormessage, required) from context, so a form only writes
 * `<Field label=… error=…><Input … /></Field>`. Select and TextArea live in their own modules
 * (./Select, ./TextArea), so a form downloads only the controls it uses.
 */
import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
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
 * @example <Field label={t('tokens.form.name')} error={nameError} required><Input value={name} onChange={…} /></Field> */
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

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A single-line text input, `part="input"`. */
export const Input = /* @__PURE__ */ forwardRef<HTMLInputElement, InputProps>(function Input(
  { type = 'text', className, required, ...rest },
  ref,
) {
  const control = useFieldControl({ ...rest, required });
  return (
    <input
      ref={ref}
      type={type}
      {...rest}
      {...control}
      part="input"
      className={cls('yx-input', className)}
      data-status={control['aria-invalid'] ? 'invalid' : undefined}
    />
  );
});
