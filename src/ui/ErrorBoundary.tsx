import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { ElementContext } from './context';
import { createTranslator, resolveLocale } from '../core/i18n/index';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What the reload button does. @default () => location.reload() */
  onReload?: () => void;
}

interface State {
  error: Error | null;
}

/** Catches render errors below it and shows the 'Oops! Something went wrong.' box with a reload
 * button (§2, §8) instead of an empty element. The error goes to the console for developers. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  static override contextType = ElementContext;
  declare context: React.ContextType<typeof ElementContext>;
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[yx] render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const t = this.context?.t ?? createTranslator(resolveLocale());
    const reload = this.props.onReload ?? (() => location.reload());
    return (
      <div part="crash" className="yx-crash" role="alert" data-status="error">
        <p className="yx-crash__title">{t('error.render')}</p>
        <p className="yx-crash__hint">{t('error.pageExceptionHint')}</p>
        <button type="button" part="button" className="yx-button" data-variant="primary" onClick={reload}>
          {t('common.reload')}
        </button>
      </div>
    );
  }
}
