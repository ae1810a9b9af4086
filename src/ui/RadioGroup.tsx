/** `RadioGroup`: native radios in a fieldset, which plugs into a `<Field group>`. */
import { forwardRef, useContext, useId } from 'react';
import type { ReactNode } from 'react';
import { FieldContext, RequiredMark, cls, join, useControlStyles } from './field-control';
import { choiceCss } from './css/choice';
import { radioCss } from './css/radio';
import { useStyles } from './css/use-styles';

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
  /** 'segmented' draws the options as a row of toggle buttons. @default 'default' */
  variant?: 'default' | 'segmented';
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
}

/** Native radios in a fieldset with a legend (arrow keys move the choice), `part="radio-group"`. */
export const RadioGroup = /* @__PURE__ */ forwardRef<HTMLFieldSetElement, RadioGroupProps>(function RadioGroup(
  { value, onChange, options, legend, hideLegend, name, variant = 'default', disabled, className, ...rest },
  ref,
) {
  useControlStyles();
  useStyles(choiceCss);
  useStyles(radioCss);
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
