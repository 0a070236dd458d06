/**
 * The library item commands (spec 002 "Question Library", "Library add/edit dialog", "Library visibility"): add,
 * edit (content, move, caregiver flag, visible switch), visibility, delete, reorder. Pure: the library state and
 * the command in, the events out, or a refusal (domain-errors.ts) whose messages are English text.
 */
import { DomainRuleViolation, FieldErrors, hasFieldErrors } from '../domain-errors';
import { foldEvents } from '../decider';
import { Instrument } from './instrument/instrument.types';
import { CODE_PATTERN } from './instrument/instrument-integrity';
import { LIBRARY_MESSAGES } from './instrument/instrument-validation';
import { indexInstrument } from './instrument/instrument-tree';
import { setVisible } from './instrument/library-visibility';
import { LibraryEvent, LibraryItemContent, LibraryItemEvents } from './library.events';
import { toLibraryInstrument } from './library-instrument';
import { LIBRARY_CODE_MAX_LENGTH, LIBRARY_ITEM_MESSAGES, fieldRefusal } from './library-messages';
import { domainOf, evolveLibrary, LibraryItemRecord, LibraryState, nextOrder, siblingGroupOf, subtreeIds } from './library-state';
import { deriveCode } from './stable-codes';
import {
  LibraryItemInput,
  LibraryItemAlreadyExistsError,
  notFound,
  fail,
  staleCheck,
  ruleNames,
  normaliseContent,
  resolveParent,
  prepare,
} from './library-item.input';
function decideAddItem(state: LibraryState, rawInput: LibraryItemInput, itemId: string): LibraryEvent[] {
  if (state.usedItemIds.has(itemId)) throw new LibraryItemAlreadyExistsError(itemId);
  const input = prepare(rawInput);
  const parentId = resolveParent(state, input);
  const content = normaliseContent(input);

  let code: string;
  if (input.code) {
    if (!CODE_PATTERN.test(input.code) || input.code.length > LIBRARY_CODE_MAX_LENGTH) fail({ code: LIBRARY_ITEM_MESSAGES.codeFormat });
    if (state.usedCodes.has(input.code)) fail({ code: LIBRARY_ITEM_MESSAGES.codeTaken });
    code = input.code;
  } else {
    const parentCode = parentId === null ? 'LIBRARY' : (state.items.get(parentId)?.code ?? 'LIBRARY');
    code = deriveCode(content.name, `${parentCode}_${input.type}`, state.usedCodes);
  }

  const caregiverItem =
    input.type === 'domain'
      ? (input.caregiverItem ?? false)
      : ((parentId === null ? undefined : domainOf(state, parentId))?.caregiverItem ?? false);
  const data = {
    itemId,
    code,
    type: input.type,
    parentId,
    order: nextOrder(state, parentId, input.type),
    visible: input.visible ?? true,
    caregiverItem,
    ...content,
  };
  return [{ type: LibraryItemEvents.Added, data }];
}

const sameContent = (a: LibraryItemContent, b: LibraryItemContent): boolean => JSON.stringify(a) === JSON.stringify(b);

function contentOf(item: LibraryItemRecord): LibraryItemContent {
  return {
    name: item.name,
    shortName: item.shortName,
    description: item.description,
    ageMin: item.ageMin,
    ageMax: item.ageMax,
    answers: item.answers,
    ratingMeaning: item.ratingMeaning,
    actionableRatings: item.actionableRatings ? [...item.actionableRatings] : null,
  };
}

/**
 * Edit: content, placement (domain/module selectors: a move), the domain's caregiver flag and the visible
 * switch, as one append of up to four events. The type and the code are locked.
 */
function decideEditItem(state: LibraryState, itemId: string, rawInput: LibraryItemInput, expectedRevision?: number): LibraryEvent[] {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  if (rawInput.type !== item.type) fail({ type: LIBRARY_MESSAGES.typeLocked });
  if (rawInput.code && rawInput.code !== item.code) fail({ code: LIBRARY_ITEM_MESSAGES.codeLocked });
  staleCheck(item, expectedRevision);
  const input = prepare(rawInput);
  const parentId = resolveParent(state, input);
  const content = normaliseContent(input, item);
  const events: LibraryEvent[] = [];

  if (item.type === 'question' && content.answers?.['4'] === undefined) {
    const usingFour = [...state.rules.values()].filter((rule) => rule.trigger.questionId === itemId && rule.answers.includes('4'));
    if (usingFour.length) {
      const names = usingFour
        .map((rule) => `"${rule.name}"`)
        .sort()
        .join(', ');
      throw new DomainRuleViolation(
        `Answer 4 of this question is used by the question rules ${names}. Change those rules first.`,
        {},
        true,
      );
    }
  }

  // Re-saving an unchanged record appends nothing.
  if (!sameContent(content, contentOf(item))) {
    const data = { itemId, ...content };
    events.push({ type: LibraryItemEvents.Edited, data });
  }

  if (parentId !== item.parentId && item.parentId !== null && parentId !== null) {
    const subtree = subtreeIds(state, itemId);
    if (subtree.includes(parentId)) fail({ moduleId: LIBRARY_ITEM_MESSAGES.moduleCycle });
    const names = ruleNames(state, subtree);
    if (names) {
      throw new DomainRuleViolation(
        `This ${item.type} cannot be moved while question rules use it or items under it: ${names}. Change or delete those rules first.`,
        {},
        true,
      );
    }
    const newDomain = domainOf(state, parentId);
    const data = {
      itemId,
      fromParentId: item.parentId,
      toParentId: parentId,
      order: nextOrder(state, parentId, item.type),
      caregiverItem: newDomain?.caregiverItem ?? false,
      subtreeItemIds: subtree,
      domainId: newDomain?.id ?? parentId,
    };
    events.push({ type: LibraryItemEvents.Moved, data });
  }

  if (
    item.type === 'domain' &&
    input.caregiverItem !== undefined &&
    input.caregiverItem !== null &&
    input.caregiverItem !== item.caregiverItem
  ) {
    const data = { domainId: itemId, caregiverItem: input.caregiverItem, itemIds: subtreeIds(state, itemId) };
    events.push({ type: LibraryItemEvents.CaregiverFlagChanged, data });
  }

  if (input.visible !== undefined && input.visible !== null && input.visible !== item.visible) {
    const visibility = visibilityEvent(foldEvents({ evolve: evolveLibrary, initialState: state }, events), itemId, input.visible);
    if (visibility) events.push(visibility);
  }
  return events;
}

/**
 * The visibility switch with the spec's cascade (library-visibility.ts): a domain or module sets everything under
 * it; switching an item on also switches on its hidden domain and modules. The event lists every item changed.
 */
function visibilityEvent(state: LibraryState, itemId: string, visible: boolean): LibraryEvent | null {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  const before = toLibraryInstrument(state).instrument;
  const after = setVisible(before, item.code, visible);
  const flags = (instrument: Instrument) =>
    new Map(indexInstrument(instrument).nodes.map((entry) => [entry.node.code, entry.node.visible]));
  const old = flags(before);
  const idByCode = new Map([...state.items.values()].map((i) => [i.code, i.id]));
  const changedItemIds = [...flags(after).entries()]
    .filter(([code, flag]) => old.get(code) !== flag)
    .map(([code]) => idByCode.get(code))
    .filter((id): id is string => id !== undefined);
  if (changedItemIds.length === 0) return null;
  const data = { itemId, visible, changedItemIds };
  return { type: LibraryItemEvents.VisibilityChanged, data };
}

function decideVisibility(state: LibraryState, itemId: string, visible: boolean, expectedRevision?: number): LibraryEvent[] {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  staleCheck(item, expectedRevision);
  const event = visibilityEvent(state, itemId, visible);
  return event ? [event] : [];
}

/**
 * Delete: a domain or module is deleted with everything under it (the spec's delete confirmations say so).
 * Refused (409) while a question rule uses the item or anything under it: silently deleting rules would change
 * which modules new assessments open, so the administrator decides about the rules first.
 */
function decideDeleteItem(state: LibraryState, itemId: string): LibraryEvent[] {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  const deletedItemIds = subtreeIds(state, itemId);
  const names = ruleNames(state, deletedItemIds);
  if (names) {
    const what = item.type === 'domain' || item.type === 'module' ? `This ${item.type} or an item under it` : `This ${item.type}`;
    throw new DomainRuleViolation(`${what} is used by the question rules ${names}. Delete or change those rules first.`, {}, true);
  }
  const data = { itemId, type: item.type, code: item.code, deletedItemIds };
  return [{ type: LibraryItemEvents.Deleted, data }];
}

/**
 * Drag-and-drop reorder: new order numbers for each affected item. Afterwards the orders inside every sibling
 * group (the domains; the modules of a parent; the questions and texts of a parent) must be distinct.
 */
function decideReorder(state: LibraryState, orders: Array<{ id: string; order: number }>): LibraryEvent[] {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  orders.forEach(({ id, order }, i) => {
    if (seen.has(id)) errors[`items.${i}.id`] = ['This item is listed twice.'];
    seen.add(id);
    if (!state.items.has(id)) errors[`items.${i}.id`] = ['The library item does not exist.'];
    if (!Number.isInteger(order) || order < 1) errors[`items.${i}.order`] = ['The order is a whole number of at least 1.'];
  });
  if (hasFieldErrors(errors)) throw fieldRefusal(errors);

  const newOrder = new Map(orders.map((o) => [o.id, o.order]));
  const groups = new Map<string, Map<number, string>>();
  const touchedGroups = new Set(orders.map(({ id }) => groupKey(state.items.get(id) as LibraryItemRecord)));
  for (const item of state.items.values()) {
    const key = groupKey(item);
    if (!touchedGroups.has(key)) continue;
    const order = newOrder.get(item.id) ?? item.order;
    const group = groups.get(key) ?? new Map<number, string>();
    const clash = group.get(order);
    if (clash !== undefined) {
      const index = orders.findIndex((o) => o.id === item.id || o.id === clash);
      fail({ [`items.${index}.order`]: `Two items in the same list would both have order ${order}.` });
    }
    group.set(order, item.id);
    groups.set(key, group);
  }

  const changed = orders.filter(({ id, order }) => state.items.get(id)?.order !== order).map(({ id, order }) => ({ itemId: id, order }));
  if (changed.length === 0) return [];
  const data = { orders: changed };
  return [{ type: LibraryItemEvents.Reordered, data }];
}

function groupKey(item: LibraryItemRecord): string {
  return `${item.parentId ?? 'root'}|${siblingGroupOf(item.type)}`;
}

export type LibraryItemCommand =
  | { type: 'AddLibraryItem'; itemId: string; input: LibraryItemInput }
  /** expectedRevision: the item revision the user edited; undefined = whatever is current. A stale one answers 409. */
  | { type: 'EditLibraryItem'; itemId: string; input: LibraryItemInput; expectedRevision?: number }
  | { type: 'ChangeLibraryItemVisibility'; itemId: string; visible: boolean; expectedRevision?: number }
  | { type: 'DeleteLibraryItem'; itemId: string }
  | { type: 'ReorderLibraryItems'; orders: Array<{ id: string; order: number }> };

export function decideLibraryItemCommand(command: LibraryItemCommand, state: LibraryState): LibraryEvent[] {
  switch (command.type) {
    case 'AddLibraryItem':
      return decideAddItem(state, command.input, command.itemId);
    case 'EditLibraryItem':
      return decideEditItem(state, command.itemId, command.input, command.expectedRevision);
    case 'ChangeLibraryItemVisibility':
      return decideVisibility(state, command.itemId, command.visible, command.expectedRevision);
    case 'DeleteLibraryItem':
      return decideDeleteItem(state, command.itemId);
    case 'ReorderLibraryItems':
      return decideReorder(state, command.orders);
  }
}
