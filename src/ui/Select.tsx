/** A native select that joins a Field (see ./Field). */
import { forwardRef } from 'react';
import type { SelectHTMLAttributes } from 'react';
import { cls, useFieldControl } from './field-control';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The options; `children` may add more. */
  options?: readonly SelectOption[];
  /** A first, unselectable option shown while the value is empty. */
  placeholder?: string;
}

/** A native `<select>` styled like the other controls, `part="select"`. */
export const Select = /* @__PURE__ */ forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options = [], placeholder, className, children, required, ...rest },
  ref,
) {
  const control = useFieldControl({ ...rest, required });
  return (
    <span className={cls('yx-select', className)} data-status={control['aria-invalid'] ? 'invalid' : undefined}>
      <select ref={ref} {...rest} {...control} part="select" className="yx-select__control">
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </span>
  );
});
