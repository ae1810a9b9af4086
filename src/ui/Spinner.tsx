/** Loading indicators: a announced `Spinner` and a silent `Skeleton` placeholder. */
import { useT } from './context';

export interface SpinnerProps {
  /** What is loading, read by screen readers. @default t('common.loading') */
  label?: string;
  /** Shows the label next to the spinner. @default false */
  showLabel?: boolean;
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A spinning indicator with `role="status"`, so screen readers hear "Loading…" once.
 * `part="spinner"`. */
export function Spinner({ label, showLabel = false, size = 'md', className }: SpinnerProps) {
  const t = useT();
  const text = label ?? t('common.loading');
  return (
    <span
      role="status"
      part="spinner"
      className={className ? `yx-spin ${className}` : 'yx-spin'}
      data-size={size}
      data-status="loading"
    >
      <span className="yx-spinner" aria-hidden="true" />
      <span className={showLabel ? 'yx-spin__label' : 'yx-visually-hidden'}>{text}</span>
    </span>
  );
}

export interface SkeletonProps {
  /** How many grey lines to draw; the last one is shorter when there are several. @default 3 */
  lines?: number;
  className?: string;
}

/** Grey placeholder lines in the shape of content that is still loading. Hidden from assistive
 * technology: pair it with `aria-busy` on the region or a Spinner. `part="skeleton"`. */
export function Skeleton({ lines = 3, className }: SkeletonProps) {
  return (
    <div aria-hidden="true" part="skeleton" className={className ? `yx-skeleton ${className}` : 'yx-skeleton'}>
      {Array.from({ length: Math.max(1, lines) }, (_, i) => (
        <span key={i} className="yx-skeleton__line" />
      ))}
    </div>
  );
}
