/**
 * What the library item commands decide: pure functions of the current library state and the input, returning
 * the events to append or throwing the error to answer with. The handlers only wire them to the stream.
 */
import type { DomainEvent } from '../../platform/commands/event-sourced-repository';
import { DomainRuleViolation, NotFoundError } from '../../platform/http/domain-errors';
import { FieldErrors, FieldValidationException } from '../../platform/http/validation';
import {
  AnswerDescriptions,
  Instrument,
  LibraryNodeKind,
  RATINGS,
  Rating,
  RatingMeaning,
  defaultActionableRatings,
} from '../instrument/instrument.types';
import { CODE_PATTERN, LIBRARY_MESSAGES, validateLibraryForm } from '../instrument/instrument-validation';
import { indexInstrument } from '../instrument/instrument-tree';
import { setVisible } from '../instrument/library-visibility';
import {
  LibraryItemAddedData,
  LibraryItemCaregiverFlagChangedData,
  LibraryItemContent,
  LibraryItemDeletedData,
  LibraryItemEditedData,
  LibraryItemEvents,
  LibraryItemMovedData,
  LibraryItemsReorderedData,
  LibraryItemVisibilityChangedData,
} from '../library-stream/library.events';
import {
  LibraryItemRecord,
  LibraryState,
  domainOf,
  nextOrder,
  rulesReferencing,
  siblingGroupOf,
  subtreeIds,
} from '../library-stream/library-state';
import { toLibraryInstrument } from '../library-stream/library-instrument';
import { applyLocally, LibraryDecision } from '../library-stream/library-state.service';
import { deriveCode } from '../library-stream/stable-codes';
import { sanitizeRichText } from './rich-text';
import {
  LIBRARY_ANSWER_MAX_LENGTH,
  LIBRARY_CODE_MAX_LENGTH,
  LIBRARY_DESCRIPTION_MAX_LENGTH,
  LIBRARY_ITEM_MESSAGES,
} from './library-item.messages';

export const LIBRARY_ITEM_TYPES: readonly LibraryNodeKind[] = ['domain', 'module', 'question', 'text'];

/** What the add/edit dialog sends (after DTO validation). Fields that do not apply to the type are ignored. */
export interface LibraryItemInput {
  type: LibraryNodeKind;
  /** Module, question, text: the domain the item is in. */
  domainId?: string | null;
  /** Optional: the module (inside that domain) the item is in; a module may sit in a module. */
  moduleId?: string | null;
  /** Add only: the stable code; derived from the name when absent. Edit: must be absent or unchanged. */
  code?: string | null;
  name?: string | null;
  shortName?: string | null;
  /** Rich-text HTML; sanitised here. */
  description?: string | null;
  visible?: boolean | null;
  ageMin?: number | null;
  ageMax?: number | null;
  /** Domains only (the items of a domain mirror its flag). */
  caregiverItem?: boolean | null;
  /** Questions only. */
  answers?: Partial<Record<Rating, string | null>> | null;
  /** Domains only. */
  ratingMeaning?: RatingMeaning | null;
  actionableRatings?: Rating[] | null;
}

export class LibraryItemAlreadyExistsError extends DomainRuleViolation {
  constructor(itemId: string) {
    super(`A library item with id ${itemId} already exists (or existed).`, {}, true);
    this.name = 'LibraryItemAlreadyExistsError';
  }
}

const notFound = () => new NotFoundError('The library item does not exist.');

const fail = (errors: FieldErrors): never => {
  throw new FieldValidationException(errors);
};

function staleCheck(item: LibraryItemRecord, expectedRevision: number | undefined): void {
  if (expectedRevision !== undefined && expectedRevision !== item.revision) {
    throw new DomainRuleViolation('The library item was changed by someone else. Reload and try again.', {}, true);
  }
}

function ruleNames(state: LibraryState, ids: string[]): string {
  return rulesReferencing(state, ids)
    .map((rule) => `"${rule.name}"`)
    .sort()
    .join(', ');
}

/** Spec form rules plus ours (lengths); field → messages. */
function contentErrors(input: LibraryItemInput): FieldErrors {
  const errors: FieldErrors = {};
  const form = validateLibraryForm({
    type: input.type,
    name: input.name,
    shortName: input.shortName,
    description: input.description,
    ageMin: input.ageMin,
    ageMax: input.ageMax,
  });
  for (const [field, message] of Object.entries(form)) if (message) errors[field] = [message];
  if ((input.description ?? '').length > LIBRARY_DESCRIPTION_MAX_LENGTH) {
    errors.description = [LIBRARY_ITEM_MESSAGES.descriptionMaxLength];
  }
  if (input.type === 'question') {
    for (const [rating, text] of Object.entries(input.answers ?? {})) {
      if (typeof text === 'string' && text.length > LIBRARY_ANSWER_MAX_LENGTH) errors[`answers.${rating}`] = [LIBRARY_ITEM_MESSAGES.answerMaxLength];
    }
  }
  return errors;
}

function normaliseAnswers(answers: LibraryItemInput['answers']): AnswerDescriptions {
  const text = (rating: Rating) => (answers?.[rating] ?? '').trim();
  const four = text('4');
  return { '0': text('0'), '1': text('1'), '2': text('2'), '3': text('3'), ...(four ? { '4': four } : {}), NA: text('NA') };
}

/** The stored content of an item of `type` from the dialog input (fields of other types are dropped). */
function normaliseContent(input: LibraryItemInput, existing?: LibraryItemRecord): LibraryItemContent {
  const type = input.type;
  const shortName = input.shortName?.trim() ?? '';
  const ratingMeaning = type === 'domain' ? input.ratingMeaning ?? existing?.ratingMeaning ?? 'need' : null;
  const actionable =
    type === 'domain'
      ? RATINGS.filter((r) => (input.actionableRatings ?? defaultActionableRatings(ratingMeaning ?? 'need')).includes(r))
      : null;
  return {
    name: type === 'text' ? '' : (input.name ?? '').trim(),
    shortName: shortName === '' ? null : shortName,
    description: input.description ?? '',
    ageMin: input.ageMin ?? null,
    ageMax: input.ageMax ?? null,
    answers: type === 'question' ? normaliseAnswers(input.answers) : null,
    ratingMeaning,
    actionableRatings: actionable,
  };
}

/** Resolves the parent from the domain and module selectors; field errors when they do not fit. */
function resolveParent(state: LibraryState, input: LibraryItemInput): string | null {
  if (input.type === 'domain') {
    if (input.domainId || input.moduleId) fail({ [input.domainId ? 'domainId' : 'moduleId']: [LIBRARY_ITEM_MESSAGES.domainHasNoParent] });
    return null;
  }
  if (!input.domainId) return fail({ domainId: [LIBRARY_ITEM_MESSAGES.domainRequired] });
  const domain = state.items.get(input.domainId);
  if (!domain || domain.type !== 'domain') return fail({ domainId: [LIBRARY_ITEM_MESSAGES.domainNotFound] });
  if (!input.moduleId) return domain.id;
  const module = state.items.get(input.moduleId);
  if (!module || module.type !== 'module' || domainOf(state, module.id)?.id !== domain.id) {
    return fail({ moduleId: [LIBRARY_ITEM_MESSAGES.moduleNotFound] });
  }
  return module.id;
}

function prepare(input: LibraryItemInput): LibraryItemInput {
  if (!LIBRARY_ITEM_TYPES.includes(input.type)) fail({ type: [LIBRARY_ITEM_MESSAGES.typeRequired] });
  const sanitised = { ...input, description: sanitizeRichText(input.description ?? '') };
  const errors = contentErrors(sanitised);
  if (Object.keys(errors).length) fail(errors);
  return sanitised;
}

export function decideAddItem(state: LibraryState, rawInput: LibraryItemInput, itemId: string): LibraryDecision {
  if (state.usedItemIds.has(itemId)) throw new LibraryItemAlreadyExistsError(itemId);
  const input = prepare(rawInput);
  const parentId = resolveParent(state, input);
  const content = normaliseContent(input);

  let code: string;
  if (input.code) {
    if (!CODE_PATTERN.test(input.code) || input.code.length > LIBRARY_CODE_MAX_LENGTH) fail({ code: [LIBRARY_ITEM_MESSAGES.codeFormat] });
    if (state.usedCodes.has(input.code)) fail({ code: [LIBRARY_ITEM_MESSAGES.codeTaken] });
    code = input.code;
  } else {
    const parentCode = parentId === null ? 'LIBRARY' : state.items.get(parentId)?.code ?? 'LIBRARY';
    code = deriveCode(content.name, `${parentCode}_${input.type}`, state.usedCodes);
  }

  const caregiverItem = input.type === 'domain' ? input.caregiverItem ?? false : domainOf(state, parentId as string)?.caregiverItem ?? false;
  const data: LibraryItemAddedData = {
    itemId,
    code,
    type: input.type,
    parentId,
    order: nextOrder(state, parentId, input.type),
    visible: input.visible ?? true,
    caregiverItem,
    ...content,
  };
  return { id: itemId, events: [{ type: LibraryItemEvents.Added, data }] };
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
export function decideEditItem(state: LibraryState, itemId: string, rawInput: LibraryItemInput, expectedRevision?: number): LibraryDecision {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  if (rawInput.type !== item.type) fail({ type: [LIBRARY_MESSAGES.typeLocked] });
  if (rawInput.code && rawInput.code !== item.code) fail({ code: [LIBRARY_ITEM_MESSAGES.codeLocked] });
  staleCheck(item, expectedRevision);
  const input = prepare(rawInput);
  const parentId = resolveParent(state, input);
  const content = normaliseContent(input, item);
  const events: DomainEvent[] = [];

  if (item.type === 'question' && content.answers?.['4'] === undefined) {
    const usingFour = [...state.rules.values()].filter((rule) => rule.trigger.questionId === itemId && rule.answers.includes('4'));
    if (usingFour.length) {
      const names = usingFour.map((rule) => `"${rule.name}"`).sort().join(', ');
      throw new DomainRuleViolation(`Answer 4 of this question is used by the question rules ${names}. Change those rules first.`, {}, true);
    }
  }

  // Re-saving an unchanged record appends nothing.
  if (!sameContent(content, contentOf(item))) {
    const data: LibraryItemEditedData = { itemId, ...content };
    events.push({ type: LibraryItemEvents.Edited, data });
  }

  if (parentId !== item.parentId && item.parentId !== null && parentId !== null) {
    const subtree = subtreeIds(state, itemId);
    if (subtree.includes(parentId)) fail({ moduleId: [LIBRARY_ITEM_MESSAGES.moduleCycle] });
    const names = ruleNames(state, subtree);
    if (names) {
      throw new DomainRuleViolation(`This ${item.type} cannot be moved while question rules use it or items under it: ${names}. Change or delete those rules first.`, {}, true);
    }
    const newDomain = domainOf(state, parentId);
    const data: LibraryItemMovedData = {
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

  if (item.type === 'domain' && input.caregiverItem !== undefined && input.caregiverItem !== null && input.caregiverItem !== item.caregiverItem) {
    const data: LibraryItemCaregiverFlagChangedData = { domainId: itemId, caregiverItem: input.caregiverItem, itemIds: subtreeIds(state, itemId) };
    events.push({ type: LibraryItemEvents.CaregiverFlagChanged, data });
  }

  if (input.visible !== undefined && input.visible !== null && input.visible !== item.visible) {
    const visibility = visibilityEvent(applyLocally(state, events), itemId, input.visible);
    if (visibility) events.push(visibility);
  }
  return { id: itemId, events };
}

/**
 * The visibility switch with the spec's cascade (library-visibility.ts): a domain or module sets everything under
 * it; switching an item on also switches on its hidden domain and modules. The event lists every item changed.
 */
function visibilityEvent(state: LibraryState, itemId: string, visible: boolean): DomainEvent | null {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  const before = toLibraryInstrument(state).instrument;
  const after = setVisible(before, item.code, visible);
  const flags = (instrument: Instrument) => new Map(indexInstrument(instrument).nodes.map((entry) => [entry.node.code, entry.node.visible]));
  const old = flags(before);
  const idByCode = new Map([...state.items.values()].map((i) => [i.code, i.id]));
  const changedItemIds = [...flags(after).entries()]
    .filter(([code, flag]) => old.get(code) !== flag)
    .map(([code]) => idByCode.get(code))
    .filter((id): id is string => id !== undefined);
  if (changedItemIds.length === 0) return null;
  const data: LibraryItemVisibilityChangedData = { itemId, visible, changedItemIds };
  return { type: LibraryItemEvents.VisibilityChanged, data };
}

export function decideVisibility(state: LibraryState, itemId: string, visible: boolean, expectedRevision?: number): LibraryDecision {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  staleCheck(item, expectedRevision);
  const event = visibilityEvent(state, itemId, visible);
  return { id: itemId, events: event ? [event] : [] };
}

/**
 * Delete: a domain or module is deleted with everything under it (the spec's delete confirmations say so).
 * Refused (409) while a question rule uses the item or anything under it: silently deleting rules would change
 * which modules new assessments open, so the administrator decides about the rules first.
 */
export function decideDeleteItem(state: LibraryState, itemId: string): LibraryDecision {
  const item = state.items.get(itemId);
  if (!item) throw notFound();
  const deletedItemIds = subtreeIds(state, itemId);
  const names = ruleNames(state, deletedItemIds);
  if (names) {
    const what = item.type === 'domain' || item.type === 'module' ? `This ${item.type} or an item under it` : `This ${item.type}`;
    throw new DomainRuleViolation(`${what} is used by the question rules ${names}. Delete or change those rules first.`, {}, true);
  }
  const data: LibraryItemDeletedData = { itemId, type: item.type, code: item.code, deletedItemIds };
  return { id: itemId, events: [{ type: LibraryItemEvents.Deleted, data }] };
}

/**
 * Drag-and-drop reorder: new order numbers for each affected item. Afterwards the orders inside every sibling
 * group (the domains; the modules of a parent; the questions and texts of a parent) must be distinct.
 */
export function decideReorder(state: LibraryState, orders: Array<{ id: string; order: number }>): LibraryDecision {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  orders.forEach(({ id, order }, i) => {
    if (seen.has(id)) errors[`items.${i}.id`] = ['This item is listed twice.'];
    seen.add(id);
    if (!state.items.has(id)) errors[`items.${i}.id`] = ['The library item does not exist.'];
    if (!Number.isInteger(order) || order < 1) errors[`items.${i}.order`] = ['The order is a whole number of at least 1.'];
  });
  if (Object.keys(errors).length) fail(errors);

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
      fail({ [`items.${index}.order`]: [`Two items in the same list would both have order ${order}.`] });
    }
    group.set(order, item.id);
    groups.set(key, group);
  }

  const changed = orders.filter(({ id, order }) => state.items.get(id)?.order !== order).map(({ id, order }) => ({ itemId: id, order }));
  if (changed.length === 0) return { id: 'library', events: [] };
  const data: LibraryItemsReorderedData = { orders: changed };
  return { id: 'library', events: [{ type: LibraryItemEvents.Reordered, data }] };
}

function groupKey(item: LibraryItemRecord): string {
  return `${item.parentId ?? 'root'}|${siblingGroupOf(item.type)}`;
}
