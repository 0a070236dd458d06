import { useMemo, useState } from 'react';
import { childrenOf, flattenTree } from '../library-tree';
import type { LibraryTreeNode } from '../library-types';

/** A row of the tree table. */
export interface LibraryRow {
  node: LibraryTreeNode;
  depth: number;
  /** Ids of the siblings it may be reordered among, in order. */
  siblings: string[];
  hasChildren: boolean;
}

function visibleRows(domains: LibraryTreeNode[], expanded: ReadonlySet<string>): LibraryRow[] {
  const rows: LibraryRow[] = [];
  const walk = (nodes: LibraryTreeNode[], siblings: string[], depth: number) => {
    for (const node of nodes) {
      const hasChildren = childrenOf(node).length > 0;
      rows.push({ node, depth, siblings, hasChildren });
      if (hasChildren && expanded.has(node.id)) {
        const items = node.items ?? [];
        const modules = node.modules ?? [];
        walk(
          items,
          items.map((i) => i.id),
          depth + 1,
        );
        walk(
          modules,
          modules.map((m) => m.id),
          depth + 1,
        );
      }
    }
  };
  walk(
    domains,
    domains.map((d) => d.id),
    0,
  );
  return rows;
}

/** The rows shown for the expanded domains and modules, and the expand/collapse controls. */
export function useLibraryRows(domains: LibraryTreeNode[]) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => visibleRows(domains, expanded), [domains, expanded]);
  return {
    rows,
    isExpanded: (id: string) => expanded.has(id),
    toggle: (id: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    expand: (...ids: string[]) => setExpanded((current) => new Set([...current, ...ids])),
    expandAll: () =>
      setExpanded(
        new Set(
          flattenTree(domains)
            .filter((n) => childrenOf(n).length > 0)
            .map((n) => n.id),
        ),
      ),
    collapseAll: () => setExpanded(new Set()),
  };
}
