/** A full-width outcome panel: empty lists, load errors (with Retry), success, 403 and 404. */
import { useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
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

/** The element with focus in the panel's tree (document or shadow root), if any. */
const focusedIn = (node: Node): Element | null => (node.getRootNode() as Document | ShadowRoot).activeElement;

/** Whether nothing has focus any more: neither in `node`'s tree nor elsewhere on the page (the
 * user may have moved on to another element meanwhile; then focus is left alone). */
function focusWasLost(node: Node): boolean {
  const root = node.getRootNode() as Document | ShadowRoot;
  const doc = node.ownerDocument!;
  const here = root.activeElement;
  const page = doc.activeElement;
  const host = root instanceof ShadowRoot ? root.host : null;
  return (here === null || here === doc.body) && (page === null || page === doc.body || page === host);
}

/**
 * Keeps keyboard focus in the element across a Retry. Pressing Retry usually swaps the panel for
 * a spinner and then the content, which would drop focus to the page's <body>: then focus moves
 * to the nearest surrounding element still on the page (made focusable with tabindex -1 when it
 * is not), so Tab continues from where the user was. If that retry fails too, the new panel
 * takes focus back onto its own Retry button.
 */
function useFocusAcrossRetry(
  panel: RefObject<HTMLDivElement | null>,
  retryButton: RefObject<HTMLButtonElement | null>,
) {
  const ancestors = useRef<Element[]>([]);
  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    // A previous panel's retry parked focus on a container around this one.
    const focused = focusedIn(el);
    if (focused?.hasAttribute('data-yx-retry-focus') && focused.contains(el)) {
      focused.removeAttribute('data-yx-retry-focus');
      retryButton.current?.focus();
    }
    return () => {
      const chain = ancestors.current;
      if (chain.length === 0) return;
      // After React has removed the panel: only then is it clear whether focus was lost.
      queueMicrotask(() => {
        const target = chain.find((a) => a.isConnected);
        if (!target || !focusWasLost(target)) return;
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.setAttribute('data-yx-retry-focus', '');
        (target as HTMLElement).focus();
      });
    };
  }, [panel, retryButton]);
  /** Call when Retry is pressed while it has focus. */
  return (button: HTMLButtonElement) => {
    if (focusedIn(button) !== button) return;
    const chain: Element[] = [];
    for (let n = panel.current?.parentElement; n; n = n.parentElement) chain.push(n);
    // The element may sit in a shadow root: its host's light-DOM ancestors are not needed, since
    // focus never leaves the shadow root on its own.
    ancestors.current = chain;
  };
}

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
  const panel = useRef<HTMLDivElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const keepFocus = useFocusAcrossRetry(panel, retryButton);
  return (
    <div
      ref={panel}
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
            <Button
              ref={retryButton}
              variant="primary"
              loading={retrying}
              onClick={(event) => {
                keepFocus(event.currentTarget);
                onRetry();
              }}
            >
              {t('common.retry')}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
