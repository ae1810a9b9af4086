/** A full-width outcome panel: empty lists, load errors (with Retry), success, 403 and 404. */
import type { ReactNode } from 'react';
import type { MessageKey } from '../core/i18n/index';
import { Button } from './Button';
import { useT } from './context';

export type ResultStatus = 'empty' | 'error' | 'success' | 'forbidden' | 'not-found';

export interface ResultProps {
  status: ResultStatus;
  /** @default a generic title for the status ('No data', 'Something went wrong', …) */
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links under the text (after Retry, when there is one). */
  actions?: ReactNode;
  /** For `error`: shows a Retry button that calls this. */
  onRetry?: () => void;
  /** The retry is in progress: the Retry button shows its loading state. @default false */
  retrying?: boolean;
  /** Renders the title as a heading of this level (when the panel stands for a page);
   * otherwise a paragraph. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

const TITLES: Record<ResultStatus, MessageKey> = {
  empty: 'ui.result.empty',
  error: 'ui.result.error',
  success: 'ui.result.success',
  forbidden: 'error.noPermission',
  'not-found': 'error.notFound',
};

// Simple outline glyphs; decorative, so hidden from assistive technology.
const ICONS: Record<ResultStatus, ReactNode> = {
  empty: <path d="M4 14h5l1.5 2h3L15 14h5M4 14l2.5-7h11L20 14v5H4z" />,
  error: <path d="M12 3 2 20h20L12 3zm0 6v5m0 3v.01" />,
  success: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-4-9 3 3 5-6" />,
  forbidden: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8" />,
  'not-found': <path d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zm4.6-1.9L20 20M8.5 8.5l4 4m0-4-4 4" />,
};

/** An outcome panel, `part="result"`, `data-status` = the status. Errors are `role="alert"`
 * (announced at once); the others `role="status"`.
 * @example <Result status="error" description={message} onRetry={reload} /> */
export function Result({
  status,
  title,
  description,
  actions,
  onRetry,
  retrying = false,
  headingLevel,
  className,
}: ResultProps) {
  const t = useT();
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  const retry = status === 'error' && onRetry;
  return (
    <div
      role={status === 'error' ? 'alert' : 'status'}
      part="result"
      className={className ? `yx-result ${className}` : 'yx-result'}
      data-status={status}
    >
      <svg className="yx-result__icon" part="result-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {ICONS[status]}
      </svg>
      <Title className="yx-result__title" part="result-title">
        {title ?? t(TITLES[status])}
      </Title>
      {description && (
        <div className="yx-result__description" part="result-description">
          {description}
        </div>
      )}
      {(retry || actions) && (
        <div className="yx-result__actions" part="result-actions">
          {retry && (
            <Button variant="primary" loading={retrying} onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
