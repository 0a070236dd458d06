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
 *   whole stream takes milliseconds, and LibraryStateService keeps the folded state in memory and only reads
 *   the events appended since. Concurrent edits of different items are retried on the fresh state; edits of
 *   the same item are refused with 409 through the per-item revision the client sends back.
 *
 * The state is immutable: evolve() returns a new state sharing what did not change, so states of old versions
 * can be cached safely.
 */
import type { RecordedEvent } from '../../storage/event-store/event-store.port';
import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import type { LibraryNodeKind, Rating, RatingMeaning, RuleAction, AnswerDescriptions } from '../instrument/instrument.types';
import {
  LibraryItemAddedData,
  LibraryItemCaregiverFlagChangedData,
  LibraryItemDeletedData,
  LibraryItemEditedData,
  LibraryItemEvents,
  LibraryItemMovedData,
  LibraryItemsReorderedData,
  LibraryItemVisibilityChangedData,
  QuestionRuleAddedData,
  QuestionRuleDeletedData,
  QuestionRuleEditedData,
  QuestionRuleEvents,
} from './library.events';

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
  /** Global position of the last event folded (0 when empty): what read-your-writes waits for. */
  readonly position: number;
  /** When the last event was recorded (null when empty). */
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

function evolveLibrary(state: LibraryState, event: RecordedEvent): LibraryState {
  const revision = event.revision;
  let next: LibraryState = state;
  switch (event.type) {
    case LibraryItemEvents.Added: {
      const d = event.data as LibraryItemAddedData;
      const record: LibraryItemRecord = {
        id: d.itemId,
        code: d.code,
        type: d.type,
        parentId: d.parentId,
        name: d.name,
        shortName: d.shortName,
        description: d.description,
        visible: d.visible,
        ageMin: d.ageMin,
        ageMax: d.ageMax,
        caregiverItem: d.caregiverItem,
        order: d.order,
        answers: d.answers,
        ratingMeaning: d.ratingMeaning,
        actionableRatings: d.actionableRatings,
        revision,
      };
      next = withItems(state, [[d.itemId, record]]);
      next = { ...next, usedItemIds: withAdded(state.usedItemIds, d.itemId), usedCodes: withAdded(state.usedCodes, d.code) };
      break;
    }
    case LibraryItemEvents.Edited: {
      const d = event.data as LibraryItemEditedData;
      next = patchItems(state, [d.itemId], (item) => ({
        ...item,
        name: d.name,
        shortName: d.shortName,
        description: d.description,
        ageMin: d.ageMin,
        ageMax: d.ageMax,
        answers: d.answers,
        ratingMeaning: d.ratingMeaning,
        actionableRatings: d.actionableRatings,
        revision,
      }));
      break;
    }
    case LibraryItemEvents.Moved: {
      const d = event.data as LibraryItemMovedData;
      next = patchItems(state, d.subtreeItemIds, (item) => ({
        ...item,
        caregiverItem: d.caregiverItem,
        ...(item.id === d.itemId ? { parentId: d.toParentId, order: d.order } : {}),
        revision,
      }));
      break;
    }
    case LibraryItemEvents.VisibilityChanged: {
      const d = event.data as LibraryItemVisibilityChangedData;
      next = patchItems(state, d.changedItemIds, (item) => ({ ...item, visible: d.visible, revision }));
      break;
    }
    case LibraryItemEvents.CaregiverFlagChanged: {
      const d = event.data as LibraryItemCaregiverFlagChangedData;
      next = patchItems(state, d.itemIds, (item) => ({ ...item, caregiverItem: d.caregiverItem, revision }));
      break;
    }
    case LibraryItemEvents.Reordered: {
      const d = event.data as LibraryItemsReorderedData;
      const orders = new Map(d.orders.map((o) => [o.itemId, o.order]));
      next = patchItems(state, [...orders.keys()], (item) => ({ ...item, order: orders.get(item.id) ?? item.order, revision }));
      break;
    }
    case LibraryItemEvents.Deleted: {
      const d = event.data as LibraryItemDeletedData;
      next = withItems(state, d.deletedItemIds.map((id): [string, null] => [id, null]));
      break;
    }
    case QuestionRuleEvents.Added: {
      const d = event.data as QuestionRuleAddedData;
      const rules = new Map(state.rules);
      rules.set(d.ruleId, {
        id: d.ruleId,
        code: d.code,
        name: d.name,
        description: d.description,
        trigger: d.trigger,
        answers: d.answers,
        action: d.action,
        target: d.target,
        revision,
      });
      next = { ...state, rules, usedRuleIds: withAdded(state.usedRuleIds, d.ruleId), usedRuleCodes: withAdded(state.usedRuleCodes, d.code) };
      break;
    }
    case QuestionRuleEvents.Edited: {
      const d = event.data as QuestionRuleEditedData;
      const existing = state.rules.get(d.ruleId);
      if (existing) {
        const rules = new Map(state.rules);
        rules.set(d.ruleId, {
          ...existing,
          name: d.name,
          description: d.description,
          trigger: d.trigger,
          answers: d.answers,
          action: d.action,
          target: d.target,
          revision,
        });
        next = { ...state, rules };
      }
      break;
    }
    case QuestionRuleEvents.Deleted: {
      const d = event.data as QuestionRuleDeletedData;
      const rules = new Map(state.rules);
      rules.delete(d.ruleId);
      next = { ...state, rules };
      break;
    }
  }
  return { ...next, revision, position: event.position, recordedAt: event.recordedAt };
}

export const libraryAggregate: AggregateDefinition<LibraryState> = {
  initialState: emptyLibraryState,
  evolve: evolveLibrary,
};

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
