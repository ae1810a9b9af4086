/**
 * The 'All Messages' app filter: one toggle button per app (logo and name from the catalogue)
 * with its unread count, and 'All Messages' with the total. The pressed button is the filter in
 * force (`aria-pressed`); every button is in the Tab order. Loaded with the list (MessageCentre):
 * no app is known before the first answers.
 */
import { memo } from 'react';
import type { Translate } from '../../core/i18n/index';
import type { Locale } from '../../core/settings';
import { getApp, logoUrl } from '../../core/catalogue';
import { useStyles } from '../../ui/css/use-styles';
import { appLabel } from './apps';
import { appFilterCss } from './filter.css';

export interface AppFilterProps {
  /** App ids to offer, in display order. */
  apps: readonly string[];
  selected: string | null;
  /** Unread counts by app; numbers are shown only once known. */
  counts: { known: boolean; total: number; byApp: Readonly<Record<string, number>> };
  locale: Locale;
  t: Translate;
  onSelect(app: string | null): void;
}

export const AppFilter = memo(function AppFilter({ apps, selected, counts, locale, t, onSelect }: AppFilterProps) {
  useStyles(appFilterCss);
  const option = (app: string | null) => {
    const name = app === null ? t('page.notifications.allMessages') : appLabel(app, locale);
    const count = app === null ? counts.total : (counts.byApp[app] ?? 0);
    const entry = app === null ? undefined : getApp(app);
    return (
      <li key={app ?? ''}>
        <button
          type="button"
          part="app-filter-option"
          className="yx-msgs-filter__option"
          data-app={app ?? undefined}
          aria-pressed={selected === app}
          onClick={() => onSelect(app)}
        >
          {entry ? (
            <img className="yx-msgs-filter__logo" src={logoUrl(entry)} alt="" width={20} height={20} />
          ) : (
            // An inbox in the apps' tile style (app-logos.ts), drawn in the theme's brand colour.
            <svg className="yx-msgs-filter__logo yx-msgs-filter__logo--all" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="currentColor" stroke="none" />
              <path
                d="M8 17l3-8h10l3 8v6H8zm0 0h5l1.5 3h3l1.5-3h5"
                fill="none"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <span className="yx-msgs-filter__name">{name}</span>{' '}
          {/* The name reads 'Codeup 3 unread': the visible words first (WCAG 2.5.3), then the rest. */}
          {counts.known && count > 0 && (
            <>
              <span part="app-filter-count" className="yx-msgs-filter__count">
                {count}
              </span>{' '}
            </>
          )}
          {counts.known && (
            <span className="yx-visually-hidden">
              {count > 0 ? t('notifications.filter.unreadSuffix') : t('notifications.filter.unread', { count })}
            </span>
          )}
        </button>
      </li>
    );
  };
  return (
    <div role="group" part="app-filter" className="yx-msgs-filter" aria-label={t('notifications.filter.label')}>
      <ul className="yx-msgs-filter__list">
        {option(null)}
        {apps.map(option)}
      </ul>
    </div>
  );
});
