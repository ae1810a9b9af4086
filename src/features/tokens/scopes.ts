/**
 * The scope tree as the form sees it (§3, §5): nodes keyed by scope_key, the selection as the
 * leaf permissions the server stores and the count a list shows. Pure functions over
 * src/ui/tree-leaves; what only the form's tree needs is in ./scope-access.
 */
import { checkedLeaves, leafKeys } from '../../ui/tree-leaves';
import type { ScopeNode } from './api';

export interface ScopeTreeNode {
  key: string;
  operate: string | undefined;
  desc: string | undefined;
  children: ScopeTreeNode[] | undefined;
}

export function toTreeNodes(nodes: readonly ScopeNode[]): ScopeTreeNode[] {
  return nodes.map((n) => ({
    key: n.scope_key,
    operate: n.scope_operate ?? undefined,
    desc: n.scope_desc ?? undefined,
    children: n.sub_scopes && n.sub_scopes.length > 0 ? toTreeNodes(n.sub_scopes) : undefined,
  }));
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
