/**
 * The leaves of a checkbox tree and the checked leaves a selection stands for: the part of the
 * tree model (./tree-model) that views without the tree need too, e.g. counting a token's
 * permissions in a list.
 */

/** The shape the model needs; the Tree's nodes add a label and a description. */
export interface TreeNodeLike {
  key: string;
  children?: readonly TreeNodeLike[];
}

export const hasChildren = (node: TreeNodeLike) => Boolean(node.children && node.children.length > 0);

/** The keys of a node's leaves (the node itself when it is a leaf). */
export function leafKeys(node: TreeNodeLike): string[] {
  if (!hasChildren(node)) return [node.key];
  return node.children!.flatMap(leafKeys);
}

/** The set of checked leaves a selection stands for. */
export function checkedLeaves(nodes: readonly TreeNodeLike[], value: readonly string[]): Set<string> {
  const selected = new Set(value);
  const leaves = new Set<string>();
  const walk = (node: TreeNodeLike, inherited: boolean) => {
    const on = inherited || selected.has(node.key);
    if (!hasChildren(node)) {
      if (on) leaves.add(node.key);
      return;
    }
    for (const child of node.children!) walk(child, on);
  };
  for (const node of nodes) walk(node, false);
  return leaves;
}
