/**
 * The left navigation of the settings shell (§2): one link per visible section to
 * `#/users/settings/{key}`, the current one `aria-current="page"`. Below 1280 px it starts
 * collapsed to icons, each named beside it on hover and keyboard focus; the toggle
 * (`aria-expanded`) opens or closes it, and the user's choice holds until the viewport crosses
 * 1280 px again. Expanded, its edge is a focusable separator that a pointer drags or ←/→
 * (Shift: larger steps), Home and End move, never under 200 px. It starts as wide as the host's
 * `--yx-sidebar-width` (240 px without one); the user's width, once they move the edge, is
 * written on the sidebar and wins from then on.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, PointerEvent, ReactNode } from 'react';
import { useElement } from '../../ui/context';
import type { SectionKey, SettingsSection } from '../../core/flavours';
import {
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  clampWidth,
  startDrag,
  useNarrowViewport,
  widthForKey,
} from './resize';

/** The address of a section, as the standalone page routes it. */
export const sectionUrl = (key: string) => `#/users/settings/${key}`;

// Simple outline glyphs, decorative: the link's text names it.
const ICONS: Record<SectionKey, ReactNode> = {
  profile: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c1.2-3.5 3.8-5 7-5s5.8 1.5 7 5" />,
  personalAccessToken: <path d="M14.5 9.5a4.5 4.5 0 1 1-1.3-3.2M13 11l7 7m-3-3 2-2m-4 0 2-2" />,
  ssh: <path d="M4 5h16v14H4zm3 4 3 3-3 3m5 0h5" />,
  packagesCredential: <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9zm-8 4.5 8 4.5 8-4.5M12 12v9" />,
  'third-party': (
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1m2 3.7a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  ),
  'identity-provider': <path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z" />,
};

/** The sidebar's width as drawn (border box, whole pixels, within the limits). */
function measuredWidth(node: HTMLElement): number {
  return clampWidth(node.getBoundingClientRect().width);
}

export interface SidebarProps {
  sections: readonly SettingsSection[];
  /** The section on screen; none is marked when it is not in the menu. */
  active: string | undefined;
}

export function Sidebar({ sections, active }: SidebarProps) {
  const { t, emit } = useElement();
  const navId = useId();
  const narrow = useNarrowViewport();
  // The user's toggle holds until the viewport crosses 1280 px; then the default applies again.
  const [choice, setChoice] = useState<{ narrow: boolean; collapsed: boolean } | null>(null);
  if (choice && choice.narrow !== narrow) setChoice(null);
  const collapsed = choice && choice.narrow === narrow ? choice.collapsed : narrow;
  // The user's width, once they moved the edge; until then the host's `--yx-sidebar-width`
  // (inherited, so it must never be set here) decides, and `shown` is what it came to.
  const [width, setWidth] = useState<number | null>(null);
  const [shown, setShown] = useState(SIDEBAR_DEFAULT_WIDTH);
  const [dragging, setDragging] = useState(false);
  // Escape puts the names shown beside the icons away until the focus or the pointer moves on
  // (WCAG 1.4.13: content shown on hover or focus can be dismissed).
  const [namesAway, setNamesAway] = useState(false);
  const aside = useRef<HTMLElement>(null);
  const stopDrag = useRef<(() => void) | undefined>(undefined);

  // CSSOM write: allowed under a strict CSP, unlike a style attribute in markup.
  useLayoutEffect(() => {
    const node = aside.current;
    if (!node) return;
    if (width === null) node.style.removeProperty('--yx-sidebar-width');
    else node.style.setProperty('--yx-sidebar-width', `${width}px`);
  }, [width]);
  // The separator reports the width on screen, which the host's value may change at any time.
  useLayoutEffect(() => {
    const node = aside.current;
    if (!node || collapsed) return;
    const measure = () => {
      if (node.dataset.state === 'expanded') setShown(measuredWidth(node));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [collapsed]);
  useLayoutEffect(() => () => stopDrag.current?.(), []);
  const current = () => width ?? (aside.current ? measuredWidth(aside.current) : shown);

  const follow = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    // New tabs and windows are the browser's business; a plain click may be routed by the host.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!emit('yx-navigate', { url }, { cancelable: true })) event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    setDragging(true);
    stopDrag.current?.();
    stopDrag.current = startDrag(event.currentTarget, event.nativeEvent, current(), setWidth, () => setDragging(false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthForKey(event.key, current(), event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    setWidth(next);
  };

  return (
    // It only hears what its links and buttons hand up: the aside itself takes no input.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside
      ref={aside}
      part="sidebar"
      className="yx-settings-sidebar"
      data-state={collapsed ? 'collapsed' : 'expanded'}
      data-dragging={dragging || undefined}
      data-names={namesAway ? 'away' : undefined}
      onKeyDown={(event) => setNamesAway(event.key === 'Escape')}
      onFocus={() => setNamesAway(false)}
      onPointerOver={() => setNamesAway(false)}
    >
      <button
        type="button"
        part="button sidebar-toggle"
        className="yx-settings-toggle"
        aria-expanded={!collapsed}
        aria-controls={navId}
        onClick={() => setChoice({ narrow, collapsed: !collapsed })}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={collapsed ? 'M4 6h16M4 12h16M4 18h16' : 'M4 6h16M4 12h10M4 18h16m0-9-3 3 3 3'} />
        </svg>
        {/* Its name, shown beside the icon on hover and keyboard focus (no `title`: screen readers
            would hear it twice, and the pointer would get two tooltips). */}
        <span className="yx-visually-hidden">{t('settings.sidebar.toggle')}</span>
      </button>
      <nav id={navId} part="nav" className="yx-settings-nav" aria-label={t('settings.nav.label')}>
        <ul className="yx-settings-nav__list">
          {sections.map((section) => {
            const url = sectionUrl(section.key);
            const label = t(section.labelKey);
            const current = section.key === active;
            return (
              <li key={section.key}>
                <a
                  href={url}
                  part={current ? 'nav-link nav-link-current' : 'nav-link'}
                  className="yx-settings-nav__link"
                  data-key={section.key}
                  aria-current={current ? 'page' : undefined}
                  onClick={(event) => follow(event, url)}
                >
                  <svg className="yx-settings-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    {ICONS[section.key]}
                  </svg>
                  <span className="yx-settings-nav__label">{label}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A focusable separator with a value is a widget (the ARIA window splitter); jsx-a11y
          counts every separator as static. */}
      {!collapsed && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          role="separator"
          part="resizer"
          className="yx-settings-resizer"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-orientation="vertical"
          aria-controls={navId}
          aria-label={t('settings.sidebar.resize')}
          aria-valuenow={width ?? shown}
          aria-valuemin={SIDEBAR_MIN_WIDTH}
          aria-valuemax={SIDEBAR_MAX_WIDTH}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
        />
      )}
    </aside>
  );
}
