/**
 * What the scope tree of the token form adds to ./scopes: each resource's access level derived
 * from its read/write leaves, and the keys the user may not grant. Pure functions.
 */
import { checkedLeaves, selectionOf } from '../../ui/tree-model';
import type { ScopeTreeNode } from './scopes';

/** Access level of a resource: what its checked read / write leaves amount to. */
export type Access = 'none' | 'read' | 'read-write';

const isOperation = (node: ScopeTreeNode) => !node.children && (node.operate === 'read' || node.operate === 'write');

/** A resource is a node whose children are read / write leaves. */
export const isResource = (node: ScopeTreeNode): boolean => Boolean(node.children?.every(isOperation));

export function accessOf(resource: ScopeTreeNode, leaves: ReadonlySet<string>): Access {
  const on = (resource.children ?? []).filter((c) => leaves.has(c.key));
  if (on.some((c) => c.operate === 'write')) return 'read-write';
  return on.some((c) => c.operate === 'read') ? 'read' : 'none';
}

/** Leaf keys the user may not grant: those with neither itself nor an ancestor in `grantable`. */
export function blockedLeaves(nodes: readonly ScopeTreeNode[], grantable: readonly string[] | null): Set<string> {
  const blocked = new Set<string>();
  if (!grantable) return blocked;
  const allowed = new Set(grantable);
  const walk = (node: ScopeTreeNode, inherited: boolean) => {
    const ok = inherited || allowed.has(node.key);
    if (!node.children) {
      if (!ok) blocked.add(node.key);
      return;
    }
    for (const child of node.children) walk(child, ok);
  };
  for (const node of nodes) walk(node, false);
  return blocked;
}

/** The selection after a toggle, minus blocked leaves the user had not held before (a token may
 * keep a permission the user can no longer grant, but cannot gain one). */
export function restrictSelection(
  nodes: readonly ScopeTreeNode[],
  previous: readonly string[],
  next: readonly string[],
  blocked: ReadonlySet<string>,
): string[] {
  if (blocked.size === 0) return [...next];
  const before = checkedLeaves(nodes, previous);
  const after = checkedLeaves(nodes, next);
  for (const leaf of after) if (blocked.has(leaf) && !before.has(leaf)) after.delete(leaf);
  return selectionOf(nodes, after);
}
