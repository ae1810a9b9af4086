/**
 * Tabs on Radix Tabs, repaired for shadow roots. Radix's roving focus compares
 * `document.activeElement` (the host, in a shadow root) with the tab it just focused, decides
 * focus did not move and tries the next candidate, then the next: arrow keys and tabbing into
 * the list end on the last tab, which automatic activation then selects. Here arrow / Home / End
 * keys and entry focus are handled with the real focused element instead.
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

/** Radix RovingFocusGroup's entry-focus event; cancelling it stops its broken `focusFirst`. */
const ENTRY_FOCUS = 'rovingFocusGroup.onEntryFocus';

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

/** Tabs with `part="tabs"`, `tab-list`, `tab` and `tab-panel`, `data-state="active|inactive"`.
 * Mouse, Enter / Space, arrows (wrapping), Home and End switch tabs.
 * @example
 * <Tabs label={t('settings.title')} items={[
 *   { value: 'v2', label: t('tokens.tab.personal'), content: <TokenList /> },
 *   { value: 'v1', label: t('tokens.tab.legacy'), content: <LegacyTokens /> },
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
  return (
    <RadixTabs.Root
      className={className ? `yx-tabs ${className}` : 'yx-tabs'}
      part="tabs"
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? items?.[0]?.value : undefined)}
      onValueChange={onValueChange}
      orientation={orientation}
      activationMode={activationMode}
    >
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
    </RadixTabs.Root>
  );
}

export interface TabListProps {
  children?: ReactNode;
  /** Accessible name of the tab list. */
  label?: string;
}

/** The row of tabs (`part="tab-list"`, `role="tablist"`). */
export function TabList({ children, label }: TabListProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    // Tabbing onto the list: focus the selected tab (or the first enabled one) ourselves.
    const onEntry = (event: Event) => {
      event.preventDefault();
      const tabs = enabledTabs(list);
      (tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0])?.focus();
    };
    list.addEventListener(ENTRY_FOCUS, onEntry);
    return () => list.removeEventListener(ENTRY_FOCUS, onEntry);
  }, []);
  return (
    <RadixTabs.List ref={ref} className="yx-tabs__list" part="tab-list" aria-label={label}>
      {children}
    </RadixTabs.List>
  );
}

export interface TabProps {
  value: string;
  children?: ReactNode;
  /** @default false */
  disabled?: boolean;
}

/** One tab (`part="tab"`, `role="tab"`). */
export function Tab({ value, children, disabled }: TabProps) {
  return (
    <RadixTabs.Trigger className="yx-tab" part="tab" value={value} disabled={disabled} onKeyDown={moveBetweenTabs}>
      {children}
    </RadixTabs.Trigger>
  );
}

export interface TabPanelProps {
  value: string;
  children?: ReactNode;
}

/** The panel of one tab (`part="tab-panel"`, `role="tabpanel"`, focusable so its content can be
 * reached from the tab with one Tab press). */
export function TabPanel({ value, children }: TabPanelProps) {
  return (
    <RadixTabs.Content className="yx-tab-panel" part="tab-panel" value={value}>
      {children}
    </RadixTabs.Content>
  );
}

function enabledTabs(list: Element): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter(
    (tab) => !tab.hasAttribute('disabled') && tab.closest('[role="tablist"]') === list,
  );
}

const NEXT = { horizontal: 'ArrowRight', vertical: 'ArrowDown' } as const;
const PREV = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' } as const;

/** Arrow keys (wrapping), Home / PageUp and End / PageDown (Radix's keys too): focus moves and, in automatic mode, Radix's onFocus
 * selects. preventDefault stops Radix's own (shadow-broken) roving handler from running too. */
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
