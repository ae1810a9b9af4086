import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'secondary' */
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and ignores clicks (without losing focus). */
  loading?: boolean;
  /** @default 'md' */
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

/** The one button of the UI: `type="button"` unless told otherwise, `part="button"`,
 * `data-variant` for styling, and a loading state that keeps the button focusable. A plain
 * function component: React 19 passes `ref` as a prop, so it needs no forwardRef wrapper. */
export function Button({
  variant = 'secondary',
  loading = false,
  size = 'md',
  type = 'button',
  className,
  onClick,
  children,
  ref,
  ...rest
}: ButtonProps) {
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
      {/* A lone text child is set as the button's text, with no node of React's own for it. */}
      {loading ? (
        <>
          <span className="yx-spinner yx-spinner--inline" aria-hidden="true" />
          {children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
