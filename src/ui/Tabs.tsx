/**
 * Tabs (the WAI-ARIA tabs pattern), written for shadow roots. They replace Radix Tabs, whose
 * roving focus compares `document.activeElement` (the host, in a shadow root) with the tab it
 * just focused and so lands on the wrong tab; what was left of Radix after working around that
 * was ~5 KB gzip of ids and attributes. Focus moves with the real focused element here.
 */
import { createContext, useContext, useId, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useStyles } from './css/use-styles';
import { tabsCss } from './css/tabs';

export interface TabItem {
  /** Unique value of the tab (what `value` / `onValueChange` carry). */
  value: string;
  /** The tab's text. */
  label: ReactNode;
  /** The panel shown while the tab is selected. */
  content: ReactNode;
  /** @default false */
  disabled?: boolean;
}

export interface TabsProps {
  /** The tabs, each with its panel. Leave out to compose TabList / Tab / TabPanel as children. */
  items?: readonly TabItem[];
  /** Children when composing the parts yourself (ignored when `items` is given). */
  children?: ReactNode;
  /** The selected tab (controlled). */
  value?: string;
  /** The tab selected first (uncontrolled). @default items[0].value */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list, when no visible heading names it. */
  label?: string;
  /** @default 'horizontal' */
  orientation?: 'horizontal' | 'vertical';
  /** `automatic` selects a tab as soon as it gets focus; `manual` waits for Enter / Space.
   * @default 'automatic' */
  activationMode?: 'automatic' | 'manual';
  className?: string;
}

interface TabsContextValue {
  value: string | undefined;
  select(value: string): void;
  orientation: 'horizontal' | 'vertical';
  activationMode: 'automatic' | 'manual';
  /** Prefix of the tab and panel ids. */
  id: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('[yx] Tab, TabList and TabPanel must be inside <Tabs>.');
  return tabs;
}

const idOf = (id: string, kind: 'tab' | 'panel', value: string) => `${id}-${kind}-${value}`;

/** Tabs with `part="tabs"`, `tab-list`, `tab` and `tab-panel`, `data-state="active|inactive"`.
 * Mouse, Enter / Space, arrows (wrapping), Home and End switch tabs.
 * @example
 * <Tabs label={t('notifications.tabs.label')} items={[
 *   { value: 'all', label: t('page.notifications.all'), content: <AllMessages /> },
 *   { value: 'unread', label: t('page.notifications.unread'), content: <UnreadMessages /> },
 * ]} />
 * @example
 * <Tabs defaultValue="a"><TabList label="Sections"><Tab value="a">A</Tab></TabList>
 *   <TabPanel value="a">…</TabPanel></Tabs> */
export function Tabs({
  items,
  children,
  value,
  defaultValue,
  onValueChange,
  label,
  orientation = 'horizontal',
  activationMode = 'automatic',
  className,
}: TabsProps) {
  useStyles(tabsCss);
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? (value === undefined ? items?.[0]?.value : undefined));
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, orientation, activationMode, id }}>
      <div className={className ? `yx-tabs ${className}` : 'yx-tabs'} part="tabs" data-orientation={orientation}>
        {items ? (
          <>
            <TabList label={label}>
              {items.map((item) => (
                <Tab key={item.value} value={item.value} disabled={item.disabled}>
                  {item.label}
                </Tab>
              ))}
            </TabList>
            {items.map((item) => (
              <TabPanel key={item.value} value={item.value}>
                {item.content}
              </TabPanel>
            ))}
          </>
        ) : (
          children
        )}
      </div>
    </TabsContext.Provider>
  );
}

export interface TabListProps {
  children?: ReactNode;
  /** Accessible name of the tab list. */
  label?: string;
}

/** The row of tabs (`part="tab-list"`, `role="tablist"`). Tabbing onto it lands on the
 * selected tab: the only one in the Tab order. */
export function TabList({ children, label }: TabListProps) {
  const { orientation } = useTabs();
  return (
    <div
      role="tablist"
      className="yx-tabs__list"
      part="tab-list"
      aria-label={label}
      aria-orientation={orientation}
      data-orientation={orientation}
    >
      {children}
    </div>
  );
}

export interface TabProps {
  value: string;
  children?: ReactNode;
  /** @default false */
  disabled?: boolean;
}

/** One tab (`part="tab"`, `role="tab"`). */
export function Tab({ value, children, disabled = false }: TabProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.id, 'tab', value)}
      className="yx-tab"
      part="tab"
      aria-selected={selected}
      aria-controls={idOf(tabs.id, 'panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation={tabs.orientation}
      disabled={disabled}
      // Roving tab stop: only the selected tab is in the Tab order.
      tabIndex={selected ? 0 : -1}
      // Selected on press, as native tabs do; a press with a modifier key only focuses.
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey && !disabled) tabs.select(value);
      }}
      onClick={() => {
        if (!disabled) tabs.select(value);
      }}
      onFocus={() => {
        if (tabs.activationMode === 'automatic' && !disabled) tabs.select(value);
      }}
      onKeyDown={moveBetweenTabs}
    >
      {children}
    </button>
  );
}

export interface TabPanelProps {
  value: string;
  children?: ReactNode;
}

/** The panel of one tab (`part="tab-panel"`, `role="tabpanel"`, focusable so its content can be
 * reached from the tab with one Tab press). Only the selected panel renders its content. */
export function TabPanel({ value, children }: TabPanelProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.id, 'panel', value)}
      className="yx-tab-panel"
      part="tab-panel"
      aria-labelledby={idOf(tabs.id, 'tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation={tabs.orientation}
      hidden={!selected}
      tabIndex={0}
    >
      {selected && children}
    </div>
  );
}

function enabledTabs(list: Element): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter(
    (tab) => !tab.hasAttribute('disabled') && tab.closest('[role="tablist"]') === list,
  );
}

const NEXT = { horizontal: 'ArrowRight', vertical: 'ArrowDown' } as const;
const PREV = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' } as const;

/** Arrow keys (wrapping), Home / PageUp and End / PageDown: focus moves and, in automatic mode,
 * the tab's onFocus selects it. */
function moveBetweenTabs(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const current = event.currentTarget;
  const list = current.closest('[role="tablist"]');
  if (!list) return;
  const orientation = list.getAttribute('aria-orientation') === 'vertical' ? 'vertical' : 'horizontal';
  const rtl = orientation === 'horizontal' && getComputedStyle(list).direction === 'rtl';
  const tabs = enabledTabs(list);
  const index = tabs.indexOf(current);
  let key = event.key;
  if (rtl && (key === 'ArrowLeft' || key === 'ArrowRight')) key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  let target: HTMLElement | undefined;
  if (key === NEXT[orientation]) target = tabs[(index + 1) % tabs.length];
  else if (key === PREV[orientation]) target = tabs[(index - 1 + tabs.length) % tabs.length];
  else if (key === 'Home' || key === 'PageUp') target = tabs[0];
  else if (key === 'End' || key === 'PageDown') target = tabs[tabs.length - 1];
  if (!target) return;
  event.preventDefault();
  target.focus();
}
