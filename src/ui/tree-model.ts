/**
 * The pure model of the checkbox tree (token scopes, §3/§5): check states derived from the
 * checked leaves, toggling, and the visible-row order used by keyboard navigation. No React.
 *
 * A selection (`value`) lists the keys of every fully checked node: each checked leaf, and each
 * parent whose descendants are all checked. A partly checked parent is not listed. A parent key
 * given without its children counts as "all of it" (a server may store only the parent).
 */

import { checkedLeaves, hasChildren, leafKeys } from './tree-leaves';
import type { TreeNodeLike } from './tree-leaves';

export { checkedLeaves, leafKeys } from './tree-leaves';
export type { TreeNodeLike } from './tree-leaves';

/** A node's check state: `mixed` when some, not all, of its leaves are checked. */
export type CheckState = 'checked' | 'unchecked' | 'mixed';

/** A node's state given the checked leaves (see {@link checkedLeaves}). */
export function checkState(node: TreeNodeLike, leaves: ReadonlySet<string>): CheckState {
  const keys = leafKeys(node);
  const on = keys.filter((k) => leaves.has(k)).length;
  return on === 0 ? 'unchecked' : on === keys.length ? 'checked' : 'mixed';
}

/** The selection for a set of checked leaves: every fully checked node, in tree order. */
export function selectionOf(nodes: readonly TreeNodeLike[], leaves: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (node: TreeNodeLike) => {
    if (checkState(node, leaves) === 'checked') out.push(node.key);
    node.children?.forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}

/** Finds a node by key (depth first). */
export function findNode<T extends TreeNodeLike>(nodes: readonly T[], key: string): T | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = node.children ? findNode(node.children as readonly T[], key) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The check state of the node with this key under a selection (`unchecked` if unknown).
 * @example checkStateOf(scopes, ['repo:read'], 'repo') // 'mixed' when repo also has repo:write */
export function checkStateOf(nodes: readonly TreeNodeLike[], value: readonly string[], key: string): CheckState {
  const node = findNode(nodes, key);
  return node ? checkState(node, checkedLeaves(nodes, value)) : 'unchecked';
}

/** The leaves that cannot change: those of every disabled node (a disabled parent disables its
 * whole subtree). */
export function disabledLeaves(nodes: readonly TreeNodeLike[], disabledKeys: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const key of disabledKeys) {
    const node = findNode(nodes, key);
    if (node) for (const leaf of leafKeys(node)) out.add(leaf);
  }
  return out;
}

/** The selection after the user toggles a node: when every leaf it may change is checked, they
 * are all cleared; otherwise they are all checked. Disabled leaves keep their state. */
export function toggleNode(
  nodes: readonly TreeNodeLike[],
  value: readonly string[],
  key: string,
  disabled: ReadonlySet<string> = new Set(),
): string[] {
  const node = findNode(nodes, key);
  if (!node) return [...value];
  const leaves = checkedLeaves(nodes, value);
  const changeable = leafKeys(node).filter((leaf) => !disabled.has(leaf));
  if (changeable.length === 0) return [...value];
  const turnOn = changeable.some((leaf) => !leaves.has(leaf));
  for (const leaf of changeable) {
    if (turnOn) leaves.add(leaf);
    else leaves.delete(leaf);
  }
  return selectionOf(nodes, leaves);
}

/** One row the user can reach with the arrow keys, with its place among its siblings (the
 * Tree renders rows flat, so it states aria-level/-setsize/-posinset itself). */
export interface VisibleRow<T extends TreeNodeLike> {
  node: T;
  level: number;
  parentKey: string | undefined;
  /** 1-based position among its siblings. */
  posInSet: number;
  setSize: number;
}

/** The rows on screen, top to bottom: children of collapsed nodes are left out. */
export function visibleRows<T extends TreeNodeLike>(
  nodes: readonly T[],
  collapsed: ReadonlySet<string>,
): Array<VisibleRow<T>> {
  const rows: Array<VisibleRow<T>> = [];
  const walk = (list: readonly T[], level: number, parentKey: string | undefined) => {
    list.forEach((node, i) => {
      rows.push({ node, level, parentKey, posInSet: i + 1, setSize: list.length });
      if (hasChildren(node) && !collapsed.has(node.key)) walk(node.children as readonly T[], level + 1, node.key);
    });
  };
  walk(nodes, 1, undefined);
  return rows;
}

/** Whether the node has children (and so can expand). */
export const isParent = hasChildren;
