/**
 * Choice controls: `Checkbox` (with a mixed state) and `RadioGroup` (native radios in a
 * fieldset). Both plug into a `Field` like the text controls do.
 */
import { forwardRef, useContext, useId, useLayoutEffect, useRef, useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldContext, RequiredMark, cls, join, setRef, useFieldControl } from './field-control';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Shows the mixed state ("some selected"); read as "mixed" by screen readers. @default false */
  indeterminate?: boolean;
  /** The label beside the box. Without it, give the box a Field or an aria-label. */
  children?: ReactNode;
}

/** A native checkbox with its label, `part="checkbox"`, `data-state` checked | unchecked | indeterminate. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { indeterminate = false, children, className, onChange, required, ...rest },
  ref,
) {
  const inner = useRef<HTMLInputElement | null>(null);
  const [selfChecked, setSelfChecked] = useState(Boolean(rest.defaultChecked));
  const checked = rest.checked ?? selfChecked;
  const control = useFieldControl({ ...rest, required });
  // `indeterminate` is a DOM property with no attribute: set it after every render.
  useLayoutEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate;
  });
  return (
    <label
      part="checkbox"
      className={cls('yx-checkbox', className)}
      data-state={indeterminate ? 'indeterminate' : checked ? 'checked' : 'unchecked'}
    >
      <input
        ref={(node) => {
          inner.current = node;
          setRef(ref, node);
        }}
        type="checkbox"
        {...rest}
        {...control}
        className="yx-checkbox__input"
        onChange={(event) => {
          setSelfChecked(event.target.checked);
          onChange?.(event);
        }}
      />
      {children && (
        <span part="checkbox-label" className="yx-checkbox__label">
          {children}
        </span>
      )}
    </label>
  );
});

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** The checked option's value ('' for none). */
  value: string;
  onChange(value: string): void;
  options: readonly RadioOption[];
  /** The group's name. Inside `<Field group>` the Field's label is used. */
  legend?: ReactNode;
  /** Hides the legend visually. @default false */
  hideLegend?: boolean;
  /** The native radios' name. @default an id from useId() */
  name?: string;
  /** 'segmented' draws the options as joined buttons. @default 'default' */
  variant?: 'default' | 'segmented';
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
}

/** Native radios in a fieldset with a legend (arrow keys move the choice), `part="radio-group"`. */
export const RadioGroup = forwardRef<HTMLFieldSetElement, RadioGroupProps>(function RadioGroup(
  { value, onChange, options, legend, hideLegend, name, variant = 'default', disabled, className, ...rest },
  ref,
) {
  const auto = useId();
  const field = useContext(FieldContext);
  // Only a group Field names this fieldset; any other Field belongs to a sibling control.
  const own = field?.group ? field : null;
  return (
    <fieldset
      ref={ref}
      // The radiogroup role (allowed on fieldset) is what supports aria-invalid/-required.
      role="radiogroup"
      part="radio-group"
      className={cls('yx-radio-group', className)}
      data-variant={variant}
      disabled={disabled}
      id={own?.id}
      aria-describedby={join(own?.describedBy, rest['aria-describedby'])}
      aria-invalid={own?.invalid || undefined}
      aria-errormessage={own?.errorId}
      aria-required={own?.required || undefined}
    >
      <legend part="legend" className={hideLegend ? 'yx-visually-hidden' : 'yx-radio-group__legend'}>
        {legend ?? own?.label}
        {own?.required && <RequiredMark />}
      </legend>
      <div className="yx-radio-group__options">
        {options.map((o) => (
          <label
            key={o.value}
            part="radio"
            className="yx-radio"
            data-state={o.value === value ? 'checked' : 'unchecked'}
          >
            <input
              type="radio"
              className="yx-radio__input"
              name={name ?? auto}
              value={o.value}
              checked={o.value === value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
            />
            <span className="yx-radio__label">{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
});
