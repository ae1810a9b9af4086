import { forwardRef } from 'react';
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'secondary' */
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and ignores clicks (without losing focus). */
  loading?: boolean;
  /** @default 'md' */
  size?: 'sm' | 'md';
}

/** The one button of the UI: `type="button"` unless told otherwise, `part="button"`,
 * `data-variant` for styling, and a loading state that keeps the button focusable. */
export const Button = /* @__PURE__ */ forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', loading = false, size = 'md', type = 'button', className, onClick, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      part="button"
      className={className ? `yx-button ${className}` : 'yx-button'}
      data-variant={variant}
      data-size={size}
      data-state={loading ? 'loading' : undefined}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading && <span className="yx-spinner yx-spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
});
