import { AGE_SCALE_MAX, Domain, Instrument, Item, LibraryNode, Module, Question, Rating } from './instrument.types';

/** One node of the tree with its position: the domain it belongs to and its enclosing modules. */
export interface IndexedNode<N extends LibraryNode = LibraryNode> {
  readonly node: N;
  readonly domain: Domain;
  /** Enclosing modules, outermost first; empty for a domain and for domain-level items. */
  readonly modulePath: readonly Module[];
  /** Direct parent: undefined for a domain. */
  readonly parent?: Domain | Module;
}

export interface InstrumentIndex {
  /** First node seen for each code (duplicates are listed in `duplicateCodes`). */
  readonly byCode: ReadonlyMap<string, IndexedNode>;
  /** Every node in questionnaire order (domain, its items, its modules depth-first). */
  readonly nodes: readonly IndexedNode[];
  readonly questions: readonly IndexedNode<Question>[];
  readonly modules: readonly IndexedNode<Module>[];
  readonly duplicateCodes: readonly string[];
}

const byOrder = <T extends { order: number }>(list: readonly T[]): T[] => [...list].sort((a, b) => a.order - b.order);

/**
 * Flattens the tree in questionnaire order: domains by order; inside a domain or module, its items by order,
 * then its modules by order (depth-first).
 */
export function indexInstrument(instrument: Instrument): InstrumentIndex {
  const nodes: IndexedNode[] = [];
  const byCode = new Map<string, IndexedNode>();
  const duplicates = new Set<string>();
  const add = (entry: IndexedNode): void => {
    nodes.push(entry);
    if (byCode.has(entry.node.code)) duplicates.add(entry.node.code);
    else byCode.set(entry.node.code, entry);
  };
  const walk = (
    domain: Domain,
    parent: Domain | Module,
    path: readonly Module[],
    items: readonly Item[],
    modules: readonly Module[],
  ): void => {
    for (const item of byOrder(items)) add({ node: item, domain, modulePath: path, parent });
    for (const module of byOrder(modules)) {
      add({ node: module, domain, modulePath: path, parent });
      walk(domain, module, [...path, module], module.items, module.modules);
    }
  };
  for (const domain of byOrder(instrument.domains)) {
    add({ node: domain, domain, modulePath: [] });
    walk(domain, domain, [], domain.items, domain.modules);
  }
  return {
    byCode,
    nodes,
    questions: nodes.filter((n): n is IndexedNode<Question> => n.node.kind === 'question'),
    modules: nodes.filter((n): n is IndexedNode<Module> => n.node.kind === 'module'),
    duplicateCodes: [...duplicates],
  };
}

/** Ancestors of an indexed node, outermost first: the domain, then the enclosing modules (not the node itself). */
export function ancestorsOf(entry: IndexedNode): LibraryNode[] {
  return entry.node.kind === 'domain' ? [] : [entry.domain, ...entry.modulePath];
}

/**
 * Age restriction of one node: inclusive bounds in whole years. A node with no bounds fits every age; a node with
 * only ageMin (not valid in the library form, tolerated here) is open-ended up to any age.
 */
export function ageFits(node: Pick<LibraryNode, 'ageMin' | 'ageMax'>, childAgeYears: number): boolean {
  if (node.ageMin !== undefined && childAgeYears < node.ageMin) return false;
  if (node.ageMax !== undefined && childAgeYears > node.ageMax) return false;
  return true;
}

/**
 * The age label convention of item names: '(AGES 6+)' means ageMin 6 up to the top of the scale,
 * '(AGES 0-5)' an explicit range, '(ALL AGES)' no restriction. Returns undefined when the name has no label.
 */
export function ageLabelOf(name: string): { ageMin?: number; ageMax?: number } | undefined {
  if (/\(ALL AGES\)\s*$/.test(name)) return {};
  const plus = /\(AGES (\d+)\+\)\s*$/.exec(name);
  if (plus) return { ageMin: Number(plus[1]), ageMax: AGE_SCALE_MAX };
  const range = /\(AGES (\d+)-(\d+)\)\s*$/.exec(name);
  if (range) return { ageMin: Number(range[1]), ageMax: Number(range[2]) };
  return undefined;
}

/** Whether reports count this rating of an item of `domain` as actionable (see NEED_ACTIONABLE_RATINGS). */
export function isActionable(domain: Pick<Domain, 'actionableRatings'>, rating: Rating | undefined): boolean {
  return rating !== undefined && domain.actionableRatings.includes(rating);
}

/** Finds a node by code. */
export function findNode(instrument: Instrument, code: string): IndexedNode | undefined {
  return indexInstrument(instrument).byCode.get(code);
}
