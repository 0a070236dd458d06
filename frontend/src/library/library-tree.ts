/* Walking the library tree (domains → items and modules → …), shared by the library, rule and evaluator screens. */
import { RATINGS, type Rating } from '../shared/ratings';
import type { LibraryItem, LibraryTreeNode } from './library-types';

/** Every node of the tree, depth first (domains, then their items and modules). */
export function flattenTree(domains: LibraryTreeNode[]): LibraryTreeNode[] {
  const out: LibraryTreeNode[] = [];
  const walk = (node: LibraryTreeNode) => {
    out.push(node);
    for (const item of node.items ?? []) out.push(item);
    for (const module of node.modules ?? []) walk(module);
  };
  domains.forEach(walk);
  return out;
}

export const childrenOf = (node: LibraryTreeNode): LibraryTreeNode[] => [...(node.items ?? []), ...(node.modules ?? [])];

export interface Choice {
  id: string;
  label: string;
}

/** Modules under a node at any depth, labelled with their path below `prefix`. */
export const modulesUnder = (node: LibraryTreeNode, prefix = ''): Choice[] =>
  (node.modules ?? []).flatMap((m) => [{ id: m.id, label: `${prefix}${m.name}` }, ...modulesUnder(m, `${prefix}${m.name} › `)]);

/** The questions directly in a domain or module. */
export const questionsOf = (node: LibraryTreeNode | undefined): LibraryTreeNode[] =>
  (node?.items ?? []).filter((i) => i.type === 'question');

/** The ratings a question can be answered with: 4 only when the question describes an answer 4. */
export const ratingsOf = (question: LibraryTreeNode | undefined): Rating[] =>
  RATINGS.filter((r) => r !== '4' || (question?.answers?.['4'] !== undefined && question?.answers?.['4'] !== null));

const plainText = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html; // detached element: nothing runs, only text is read
  return (div.textContent ?? '').trim();
};

/** A text passage shows its text; everything else its name. */
export const displayName = (node: LibraryItem) => (node.type === 'text' ? plainText(node.description) || 'Text' : node.name);
