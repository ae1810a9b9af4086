/**
 * A checkbox tree (token scopes): tri-state checks, expand/collapse, and the WAI-ARIA tree
 * pattern with a roving tabindex. The selection logic lives in ./tree-model (pure, unit-tested).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useT } from './context';
import { useStyles } from './css/use-styles';
import { treeCss } from './css/tree';
import { checkState, checkedLeaves, disabledLeaves, isParent, leafKeys, toggleNode, visibleRows } from './tree-model';
import type { CheckState } from './tree-model';

export type { CheckState } from './tree-model';
export { checkStateOf, toggleNode } from './tree-model';

/** One node of the tree. */
export interface TreeNode {
  /** Unique across the whole tree; what the selection lists. */
  key: string;
  label: ReactNode;
  /** A second line under the label, read as the item's description. */
  description?: ReactNode;
  children?: readonly TreeNode[];
}

export interface TreeProps {
  nodes: readonly TreeNode[];
  /** The keys of every fully checked node: checked leaves and parents whose descendants are all
   * checked (a partly checked parent is left out). A parent alone stands for all its descendants. */
  value: readonly string[];
  /** Called with the new selection (same shape as `value`) when the user toggles a node. */
  onChange(value: string[]): void;
  /** Names the tree; give this or `aria-labelledby`. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Parents that start collapsed. Parents loaded later start expanded too (§5). @default [] */
  defaultCollapsed?: readonly string[];
  /** Nodes the user cannot change (a disabled parent disables its subtree); they keep their
   * state when a parent is toggled and are marked `aria-disabled`. @default [] */
  disabledKeys?: readonly string[];
  className?: string;
}

const ARIA_CHECKED: Record<CheckState, 'true' | 'false' | 'mixed'> = {
  checked: 'true',
  unchecked: 'false',
  mixed: 'mixed',
};

/** A checkbox tree, `part="tree"`; each item has `part="tree-item"` and `data-state`
 * checked | unchecked | mixed. ↑/↓ move, → expands or enters, ← collapses or leaves,
 * Home/End jump, Space toggles.
 * @example <Tree aria-label={t('tokens.form.scopes')} nodes={scopes} value={selected} onChange={setSelected} /> */
export function Tree({
  nodes,
  value,
  onChange,
  defaultCollapsed = [],
  disabledKeys = [],
  className,
  ...labelling
}: TreeProps) {
  useStyles(treeCss);
  const t = useT();
  const base = useId();
  // Track collapsed (not expanded) parents so nodes that arrive later start expanded.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set(defaultCollapsed));
  const [active, setActive] = useState<string | undefined>(undefined);
  const items = useRef(new Map<string, HTMLLIElement>());
  const focusPending = useRef(false);

  const leaves = useMemo(() => checkedLeaves(nodes, value), [nodes, value]);
  const disabled = useMemo(() => disabledLeaves(nodes, disabledKeys), [nodes, disabledKeys]);
  const toggle = (key: string) => {
    const next = toggleNode(nodes, value, key, disabled);
    if (next.join('\n') !== value.join('\n')) onChange(next);
  };
  const rows = useMemo(() => visibleRows(nodes, collapsed), [nodes, collapsed]);
  const focusKey = rows.some((r) => r.node.key === active) ? active : rows[0]?.node.key;

  useEffect(() => {
    if (!focusPending.current || !focusKey) return;
    focusPending.current = false;
    items.current.get(focusKey)?.focus();
  }, [focusKey]);

  const moveTo = (key: string | undefined) => {
    if (!key) return;
    focusPending.current = true;
    setActive(key);
    // Same key as before: the effect will not re-run, so focus now.
    if (key === focusKey) items.current.get(key)?.focus();
  };
  const setOpen = (key: string, open: boolean) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const key = event.currentTarget.dataset.key!;
    const index = rows.findIndex((r) => r.node.key === key);
    const row = rows[index];
    if (!row) return;
    const parent = isParent(row.node);
    const open = parent && !collapsed.has(key);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(rows[index + 1]?.node.key);
        break;
      case 'ArrowUp':
        moveTo(rows[index - 1]?.node.key);
        break;
      case 'Home':
        moveTo(rows[0]?.node.key);
        break;
      case 'End':
        moveTo(rows[rows.length - 1]?.node.key);
        break;
      case 'ArrowRight':
        if (parent && !open) setOpen(key, true);
        else if (open) moveTo(rows[index + 1]?.node.key);
        break;
      case 'ArrowLeft':
        if (open) setOpen(key, false);
        else moveTo(row.parentKey);
        break;
      case ' ':
        toggle(key);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onClick = (event: MouseEvent<HTMLLIElement>) => {
    const key = event.currentTarget.dataset.key!;
    setActive(key);
    if ((event.target as Element).closest('[data-toggle]')) setOpen(key, collapsed.has(key));
    else toggle(key);
  };

  // Rows are rendered flat with aria-level/-setsize/-posinset (allowed by the tree pattern): a
  // nested group inside its parent's treeitem would make the parent's name include every child.
  const rowItems = rows.map(({ node, level, posInSet, setSize }, i) => {
    const id = `${base}${i}`;
    const parent = isParent(node);
    const open = parent && !collapsed.has(node.key);
    const state = checkState(node, leaves);
    const locked = leafKeys(node).every((leaf) => disabled.has(leaf));
    return (
      <li
        key={node.key}
        ref={(el) => {
          if (el) items.current.set(node.key, el);
          else items.current.delete(node.key);
        }}
        // ARIA 1.2 requires no aria-selected on treeitem (aria-query follows 1.1), and APG advises
        // against mixing aria-selected with aria-checked in one tree.
        // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="treeitem"
        part="tree-item"
        className="yx-tree__item"
        data-key={node.key}
        data-state={state}
        data-level={level}
        aria-level={level}
        aria-setsize={setSize}
        aria-posinset={posInSet}
        aria-describedby={node.description ? `${id}-desc` : undefined}
        aria-checked={ARIA_CHECKED[state]}
        aria-disabled={locked || undefined}
        aria-expanded={parent ? open : undefined}
        tabIndex={node.key === focusKey ? 0 : -1}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        <div className="yx-tree__row" part="tree-row">
          {parent ? (
            <span
              className="yx-tree__toggle"
              part="tree-toggle"
              data-toggle=""
              data-state={open ? 'open' : 'closed'}
              title={t(open ? 'ui.tree.collapse' : 'ui.tree.expand')}
              aria-hidden="true"
            />
          ) : (
            <span className="yx-tree__spacer" aria-hidden="true" />
          )}
          <span className="yx-tree__box" part="tree-checkbox" data-state={state} aria-hidden="true" />
          <span className="yx-tree__text">
            <span className="yx-tree__label" part="tree-label">
              {node.label}
            </span>
            {node.description && (
              // Hidden from the name (which comes from the label text) but read as the description.
              <span className="yx-tree__description" part="tree-description" id={`${id}-desc`} aria-hidden="true">
                {node.description}
              </span>
            )}
          </span>
        </div>
      </li>
    );
  });

  // An empty role=tree is invalid ARIA; the caller shows its own loading or empty state.
  if (nodes.length === 0) return null;
  return (
    <ul role="tree" part="tree" className={className ? `yx-tree ${className}` : 'yx-tree'} {...labelling}>
      {rowItems}
    </ul>
  );
}
