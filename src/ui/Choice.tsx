/**
 * `Checkbox` (with a mixed state), which plugs into a `Field` like the text controls do. Radios
 * are in ./RadioGroup.
 */
import { forwardRef, useLayoutEffect, useRef, useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cls, setRef, useFieldControl } from './field-control';
import { choiceCss } from './css/choice';
import { useStyles } from './css/use-styles';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Shows the mixed state ("some selected"); read as "mixed" by screen readers. @default false */
  indeterminate?: boolean;
  /** The label beside the box. Without it, give the box a Field or an aria-label. */
  children?: ReactNode;
}

/** A native checkbox with its label, `part="checkbox"`, `data-state` checked | unchecked | indeterminate. */
export const Checkbox = /* @__PURE__ */ forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { indeterminate = false, children, className, onChange, required, ...rest },
  ref,
) {
  const inner = useRef<HTMLInputElement | null>(null);
  const [selfChecked, setSelfChecked] = useState(Boolean(rest.defaultChecked));
  const checked = rest.checked ?? selfChecked;
  const control = useFieldControl({ ...rest, required });
  useStyles(choiceCss);
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
