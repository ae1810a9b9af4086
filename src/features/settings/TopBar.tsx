/**
 * The top navigation bar of the settings shell (§2): the page title, which is also the home link
 * (a click reloads the page, as the suite's bars do), the help link when one is configured, and a
 * `top-bar` slot where a host page may put its own controls (an organization switcher, a user menu).
 */
import type { MouseEvent } from 'react';
import { useElement } from '../../ui/context';

export interface TopBarProps {
  helpLink: string | null;
  /** Where the title points for a new tab or window: the section on screen. */
  homeHref: string;
  /** What a click on the title does. */
  onHome(): void;
}

export function TopBar({ helpLink, homeHref, onHome }: TopBarProps) {
  const { t } = useElement();
  const home = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window opens the same page; a plain click reloads this one.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onHome();
  };
  return (
    <header part="top-bar" className="yx-settings-top">
      <h1 part="title" className="yx-settings-top__title">
        <a part="home-link" className="yx-settings-top__home" href={homeHref} title={t('settings.home')} onClick={home}>
          {t('page.title.personalSettings')}
        </a>
      </h1>
      <div className="yx-settings-top__end">
        {helpLink && (
          <a
            part="help-link"
            className="yx-settings-top__help"
            href={helpLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6m0 3v.01" />
            </svg>
            <span>{t('page.settings.help')}</span>
            <span className="yx-visually-hidden">{t('settings.help.newTab')}</span>
          </a>
        )}
        <slot name="top-bar" />
      </div>
    </header>
  );
}
