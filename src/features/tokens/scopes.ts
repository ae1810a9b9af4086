/**
 * The scope tree as the form sees it (§3, §5): nodes keyed by scope_key, the selection as the
 * leaf permissions the server stores, each resource's access level derived from its read/write
 * leaves, and the keys the user may not grant. Pure functions over src/ui/tree-model.
 */
import { checkedLeaves, leafKeys, selectionOf } from '../../ui/tree-model';
import type { ScopeNode } from './api';

export interface ScopeTreeNode {
  key: string;
  operate: string | undefined;
  desc: string | undefined;
  children: ScopeTreeNode[] | undefined;
}

/** Access level of a resource: what its checked read / write leaves amount to. */
export type Access = 'none' | 'read' | 'read-write';

export function toTreeNodes(nodes: readonly ScopeNode[]): ScopeTreeNode[] {
  return nodes.map((n) => ({
    key: n.scope_key,
    operate: n.scope_operate ?? undefined,
    desc: n.scope_desc ?? undefined,
    children: n.sub_scopes && n.sub_scopes.length > 0 ? toTreeNodes(n.sub_scopes) : undefined,
  }));
}

const isOperation = (node: ScopeTreeNode) => !node.children && (node.operate === 'read' || node.operate === 'write');

/** A resource is a node whose children are read / write leaves. */
export const isResource = (node: ScopeTreeNode): boolean => Boolean(node.children?.every(isOperation));

export function accessOf(resource: ScopeTreeNode, leaves: ReadonlySet<string>): Access {
  const on = (resource.children ?? []).filter((c) => leaves.has(c.key));
  if (on.some((c) => c.operate === 'write')) return 'read-write';
  return on.some((c) => c.operate === 'read') ? 'read' : 'none';
}

/** The checked leaf keys of a selection, in tree order: what the token stores and the count counts. */
export function selectedLeaves(nodes: readonly ScopeTreeNode[], value: readonly string[]): string[] {
  const leaves = checkedLeaves(nodes, value);
  return nodes.flatMap(leafKeys).filter((k) => leaves.has(k));
}

/** How many permissions a token holds: its leaves when the tree is known, else its key count. */
export function permissionCount(nodes: readonly ScopeTreeNode[], scopes: readonly string[]): number {
  if (nodes.length === 0) return scopes.length;
  const known = selectedLeaves(nodes, scopes).length;
  return known > 0 ? known : scopes.length;
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
