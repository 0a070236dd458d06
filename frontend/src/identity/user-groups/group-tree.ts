export interface GroupNode<T extends { id: string; parentGroupId: string | null }> {
  group: T;
  depth: number;
  children: GroupNode<T>[];
}

/** Builds the tree from the flat list (parentGroupId); orphans become roots. */
export function buildGroupTree<T extends { id: string; parentGroupId: string | null; name: string }>(groups: T[]): GroupNode<T>[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const childrenOf = new Map<string | null, T[]>();
  for (const g of groups) {
    const parent = g.parentGroupId && byId.has(g.parentGroupId) ? g.parentGroupId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), g]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): GroupNode<T>[] =>
    (childrenOf.get(parent) ?? [])
      .filter((g) => !seen.has(g.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => ({ group: g, depth, children: build(g.id, depth + 1, new Set([...seen, g.id])) }));
  return build(null, 0, new Set());
}

/** The tree in display order (each group followed by its subtree). */
export function flattenGroupTree<T extends { id: string; parentGroupId: string | null }>(nodes: GroupNode<T>[]): GroupNode<T>[] {
  return nodes.flatMap((node) => [node, ...flattenGroupTree(node.children)]);
}
