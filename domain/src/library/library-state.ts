/**
 * The library aggregate: every item and question rule, folded from the "library" stream.
 *
 * Why one stream for the whole library (items and rules):
 * - its invariants span many items at once — codes unique across the library and never reused, sibling order,
 *   visibility cascades over a subtree, rules whose trigger and target must exist, items that cannot be deleted
 *   while a rule uses them — and an append is atomic only within one stream, so one stream makes every one of
 *   these checks race-free with plain optimistic concurrency;
 * - it gives the library ONE linear history, so a library version is simply a stream revision and "the
 *   instrument as of version N" is the stream read up to revision N-1 (see library-versions.service.ts);
 * - it is small: about 130 items and a dozen rules, changed now and then by a few administrators. Folding the
 *   whole stream takes milliseconds, and LibraryStateService (backend) keeps the folded state in memory and only reads
 *   the events appended since. Concurrent edits of different items are retried on the fresh state; edits of
 *   the same item are refused with 409 through the per-item revision the client sends back.
 *
 * The state is immutable: evolve() returns a new state sharing what did not change, so states of old versions
 * can be cached safely. Every event of the stream is folded, so the revision of the n-th event is n-1 and evolve
 * counts it; `position` and `recordedAt` are facts of the store, stamped by whoever loads the stream.
 */
import type { AnswerDescriptions, LibraryNodeKind, Rating, RatingMeaning, RuleAction } from './instrument/instrument.types';
import { LibraryEvent, LibraryItemEvents, QuestionRuleEvents } from './library.events';

export interface LibraryItemRecord {
  readonly id: string;
  readonly code: string;
  readonly type: LibraryNodeKind;
  readonly parentId: string | null;
  readonly name: string;
  readonly shortName: string | null;
  readonly description: string;
  readonly visible: boolean;
  readonly ageMin: number | null;
  readonly ageMax: number | null;
  readonly caregiverItem: boolean;
  readonly order: number;
  readonly answers: AnswerDescriptions | null;
  readonly ratingMeaning: RatingMeaning | null;
  readonly actionableRatings: readonly Rating[] | null;
  /** Stream revision of the last event that changed this item: the client's optimistic-concurrency token. */
  readonly revision: number;
}

export interface QuestionRuleRecord {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly trigger: { readonly domainId: string; readonly moduleId: string | null; readonly questionId: string };
  readonly answers: readonly Rating[];
  readonly action: RuleAction;
  readonly target: { readonly moduleId: string | null; readonly questionId: string | null };
  readonly revision: number;
}

export interface LibraryState {
  readonly items: ReadonlyMap<string, LibraryItemRecord>;
  readonly rules: ReadonlyMap<string, QuestionRuleRecord>;
  /** Every item id and code ever used (deleted ones included): ids are not re-added and codes never reused. */
  readonly usedItemIds: ReadonlySet<string>;
  readonly usedCodes: ReadonlySet<string>;
  readonly usedRuleIds: ReadonlySet<string>;
  readonly usedRuleCodes: ReadonlySet<string>;
  /** Revision of the last event folded, -1 for an empty library. The library VERSION is revision + 1. */
  readonly revision: number;
  /** Global position of the last event folded (0 when empty): what read-your-writes waits for. Stamped by the loader. */
  readonly position: number;
  /** When the last event was recorded (null when empty). Stamped by the loader. */
  readonly recordedAt: string | null;
}

export const emptyLibraryState: LibraryState = {
  items: new Map(),
  rules: new Map(),
  usedItemIds: new Set(),
  usedCodes: new Set(),
  usedRuleIds: new Set(),
  usedRuleCodes: new Set(),
  revision: -1,
  position: 0,
  recordedAt: null,
};

/** Library version of a state: the number of events folded into it. */
export const versionOf = (state: LibraryState): number => state.revision + 1;

function withItems(state: LibraryState, changes: Iterable<[string, LibraryItemRecord | null]>): LibraryState {
  const items = new Map(state.items);
  for (const [id, record] of changes) {
    if (record === null) items.delete(id);
    else items.set(id, record);
  }
  return { ...state, items };
}

function withAdded<T>(set: ReadonlySet<T>, ...values: T[]): ReadonlySet<T> {
  const next = new Set(set);
  for (const value of values) next.add(value);
  return next;
}

function patchItems(state: LibraryState, ids: readonly string[], patch: (item: LibraryItemRecord) => LibraryItemRecord): LibraryState {
  const changes: Array<[string, LibraryItemRecord]> = [];
  for (const id of ids) {
    const item = state.items.get(id);
    if (item) changes.push([id, patch(item)]);
  }
  return withItems(state, changes);
}

/** Folds one library event (see the header: the event's revision is the state's plus one). */
export function evolveLibrary(state: LibraryState, event: LibraryEvent): LibraryState {
  const revision = state.revision + 1;
  return { ...applyLibraryEvent(state, event, revision), revision };
}

function applyLibraryEvent(state: LibraryState, event: LibraryEvent, revision: number): LibraryState {
  switch (event.type) {
    case LibraryItemEvents.Added: {
      const { itemId, code, type, parentId, name, shortName, description, visible, ageMin, ageMax, caregiverItem, order } = event.data;
      const { answers, ratingMeaning, actionableRatings } = event.data;
      const record: LibraryItemRecord = {
        id: itemId,
        code,
        type,
        parentId,
        name,
        shortName,
        description,
        visible,
        ageMin,
        ageMax,
        caregiverItem,
        order,
        answers,
        ratingMeaning,
        actionableRatings,
        revision,
      };
      const next = withItems(state, [[itemId, record]]);
      return { ...next, usedItemIds: withAdded(state.usedItemIds, itemId), usedCodes: withAdded(state.usedCodes, code) };
    }
    case LibraryItemEvents.Edited: {
      const { itemId, name, shortName, description, ageMin, ageMax, answers, ratingMeaning, actionableRatings } = event.data;
      return patchItems(state, [itemId], (item) => ({
        ...item,
        name,
        shortName,
        description,
        ageMin,
        ageMax,
        answers,
        ratingMeaning,
        actionableRatings,
        revision,
      }));
    }
    case LibraryItemEvents.Moved: {
      const { itemId, toParentId, order, caregiverItem, subtreeItemIds } = event.data;
      return patchItems(state, subtreeItemIds, (item) => ({
        ...item,
        caregiverItem,
        ...(item.id === itemId ? { parentId: toParentId, order } : {}),
        revision,
      }));
    }
    case LibraryItemEvents.VisibilityChanged: {
      const { visible, changedItemIds } = event.data;
      return patchItems(state, changedItemIds, (item) => ({ ...item, visible, revision }));
    }
    case LibraryItemEvents.CaregiverFlagChanged: {
      const { caregiverItem, itemIds } = event.data;
      return patchItems(state, itemIds, (item) => ({ ...item, caregiverItem, revision }));
    }
    case LibraryItemEvents.Reordered: {
      const orders = new Map(event.data.orders.map((o) => [o.itemId, o.order]));
      return patchItems(state, [...orders.keys()], (item) => ({ ...item, order: orders.get(item.id) ?? item.order, revision }));
    }
    case LibraryItemEvents.Deleted:
      return withItems(
        state,
        event.data.deletedItemIds.map((id): [string, null] => [id, null]),
      );
    case QuestionRuleEvents.Added: {
      const { ruleId, code, name, description, trigger, answers, action, target } = event.data;
      const rules = new Map(state.rules);
      rules.set(ruleId, { id: ruleId, code, name, description, trigger, answers, action, target, revision });
      return { ...state, rules, usedRuleIds: withAdded(state.usedRuleIds, ruleId), usedRuleCodes: withAdded(state.usedRuleCodes, code) };
    }
    case QuestionRuleEvents.Edited: {
      const { ruleId, name, description, trigger, answers, action, target } = event.data;
      const existing = state.rules.get(ruleId);
      if (!existing) return state;
      const rules = new Map(state.rules);
      rules.set(ruleId, { ...existing, name, description, trigger, answers, action, target, revision });
      return { ...state, rules };
    }
    case QuestionRuleEvents.Deleted: {
      const rules = new Map(state.rules);
      rules.delete(event.data.ruleId);
      return { ...state, rules };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Navigating the state
// ---------------------------------------------------------------------------------------------------------

/** Sibling group of an item: items (questions, texts) and modules are ordered separately inside a parent. */
export type SiblingGroup = 'domains' | 'modules' | 'items';

export function siblingGroupOf(type: LibraryNodeKind): SiblingGroup {
  return type === 'domain' ? 'domains' : type === 'module' ? 'modules' : 'items';
}

/** Children of a parent (null = the domains), in order. */
export function childrenOf(state: LibraryState, parentId: string | null): LibraryItemRecord[] {
  return [...state.items.values()].filter((item) => item.parentId === parentId).sort((a, b) => a.order - b.order);
}

/** The items sharing `type`'s sibling group under `parentId`. */
export function siblingsOf(state: LibraryState, parentId: string | null, type: LibraryNodeKind): LibraryItemRecord[] {
  const group = siblingGroupOf(type);
  return childrenOf(state, parentId).filter((item) => siblingGroupOf(item.type) === group);
}

/** Next free order at the end of a sibling group. */
export function nextOrder(state: LibraryState, parentId: string | null, type: LibraryNodeKind): number {
  return siblingsOf(state, parentId, type).reduce((max, item) => Math.max(max, item.order), 0) + 1;
}

/** The item and everything under it, parents before children. */
export function subtreeIds(state: LibraryState, itemId: string): string[] {
  const result: string[] = [];
  const visit = (id: string) => {
    result.push(id);
    for (const child of childrenOf(state, id)) visit(child.id);
  };
  visit(itemId);
  return result;
}

/** Enclosing items of an item, innermost first (its parent, …, its domain). */
export function ancestorIds(state: LibraryState, itemId: string): string[] {
  const result: string[] = [];
  let current = state.items.get(itemId)?.parentId ?? null;
  while (current !== null) {
    result.push(current);
    current = state.items.get(current)?.parentId ?? null;
  }
  return result;
}

/** The domain an item belongs to (itself for a domain). */
export function domainOf(state: LibraryState, itemId: string): LibraryItemRecord | undefined {
  const chain = [itemId, ...ancestorIds(state, itemId)];
  return state.items.get(chain[chain.length - 1]);
}

/** Rules that reference any of the items (as trigger domain, module, question, or as target). */
export function rulesReferencing(state: LibraryState, itemIds: Iterable<string>): QuestionRuleRecord[] {
  const ids = new Set(itemIds);
  return [...state.rules.values()].filter((rule) =>
    [rule.trigger.domainId, rule.trigger.moduleId, rule.trigger.questionId, rule.target.moduleId, rule.target.questionId].some(
      (id) => id !== null && ids.has(id),
    ),
  );
}
