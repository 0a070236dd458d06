/**
 * An option value list (spec 002 §2 "Option value lists", §5 "Option Value is required."): items with an id and a
 * name, added, renamed and deleted. Assessments store an item's id (assessmentType, lookedAfterStatus), so a rename
 * shows everywhere at once, and ids are never given twice.
 */
import { DEFAULT_ASSESSMENT_TYPES, DEFAULT_LOOKED_AFTER_STATUSES, type OptionItem } from '../assessments/assessment.values';
import type { Decider } from '../decider';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { OPTION_LIST_EVENT_TYPES, OptionListEvent, OptionListEvents, OptionListKey } from './option-lists.events';

/** What each list holds before anyone edited it. */
export const DEFAULT_OPTION_ITEMS: Readonly<Record<OptionListKey, readonly OptionItem[]>> = {
  initialized: DEFAULT_ASSESSMENT_TYPES,
  fosterCareStatus: DEFAULT_LOOKED_AFTER_STATUSES,
};

/**
 * How a list names a new item's id, following its defaults: Initialized numbers them (62, 63, 64 came from the
 * older system, so the next is 65); Foster Care Status keys them by name (the spec gave those defaults no ids), so
 * a new status's id is its name as first entered, and a rename keeps it.
 */
export const OPTION_ID_STYLE: Readonly<Record<OptionListKey, 'number' | 'name'>> = {
  initialized: 'number',
  fosterCareStatus: 'name',
};

export const OPTION_VALUE_MAX_LENGTH = 200;

export const OPTION_LIST_MESSAGES = {
  required: 'Option Value is required.',
  tooLong: `Option Value can be at most ${OPTION_VALUE_MAX_LENGTH} characters.`,
  duplicate: (name: string) => `This list already has an option named "${name}".`,
  notFound: 'The option does not exist.',
  lastItem: 'The last option of a list cannot be deleted: the child form needs at least one to choose from.',
  /** Why an option in use stays: the assessments would name nothing; renaming keeps them and shows the new name. */
  inUse: (assessments: number) =>
    `This option cannot be deleted: ${assessments} ${assessments === 1 ? 'assessment uses' : 'assessments use'} it. ` +
    'Rename it instead: the assessments that use it will show the new name.',
} as const;

export interface OptionListState {
  readonly items: readonly OptionItem[];
  /**
   * The highest number given as an id in this list so far, deleted items included: a new item takes the next one,
   * so an id an assessment once stored never comes back under another name.
   */
  readonly lastNumber: number;
  /** Every id given in this list so far, defaults and deleted items included (a name-keyed id is never reused). */
  readonly givenIds: readonly string[];
}

export type OptionListCommand =
  | { type: 'AddOptionItem'; name: string }
  | { type: 'RenameOptionItem'; itemId: string; name: string }
  /** `usedBy`: the (not deleted) assessments that store this item's id, counted by the handler. */
  | { type: 'DeleteOptionItem'; itemId: string; usedBy: number };

const numberOf = (id: string): number => (/^\d{1,15}$/.test(id) ? Number(id) : 0);
const highestNumber = (items: readonly OptionItem[]): number => items.reduce((max, item) => Math.max(max, numberOf(item.id)), 0);

export const initialOptionListState = (list: OptionListKey): OptionListState => ({
  items: DEFAULT_OPTION_ITEMS[list],
  lastNumber: highestNumber(DEFAULT_OPTION_ITEMS[list]),
  givenIds: DEFAULT_OPTION_ITEMS[list].map((item) => item.id),
});

/** A new item's id in the list's style; a name once given (to an item since renamed or deleted) gets " (2)", " (3)"… */
function newItemId(list: OptionListKey, name: string, state: OptionListState): string {
  if (OPTION_ID_STYLE[list] === 'number') return String(Math.max(state.lastNumber, highestNumber(state.items)) + 1);
  const given = new Set([...state.givenIds, ...state.items.map((item) => item.id)]);
  let id = name;
  for (let n = 2; given.has(id); n++) id = `${name} (${n})`;
  return id;
}

/** The name the user gave, trimmed, or the field refusal (400 with the message beside the field). */
function validName(name: unknown, items: readonly OptionItem[], exceptId?: string): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  const refuse = (message: string): never => {
    throw new DomainRuleViolation(message, { name: [message] });
  };
  if (!trimmed) refuse(OPTION_LIST_MESSAGES.required);
  if (trimmed.length > OPTION_VALUE_MAX_LENGTH) refuse(OPTION_LIST_MESSAGES.tooLong);
  const key = trimmed.toLocaleLowerCase();
  const clash = items.find((item) => item.id !== exceptId && item.name.trim().toLocaleLowerCase() === key);
  if (clash) refuse(OPTION_LIST_MESSAGES.duplicate(clash.name));
  return trimmed;
}

/** The decider of one list's stream; its initial state is the list's defaults. */
export function optionListDecider(list: OptionListKey): Decider<OptionListState, OptionListCommand, OptionListEvent> {
  return {
    initialState: initialOptionListState(list),
    eventTypes: OPTION_LIST_EVENT_TYPES,

    decide(command, state) {
      if (command.type === 'AddOptionItem') {
        const name = validName(command.name, state.items);
        const itemId = newItemId(list, name, state);
        return [{ type: OptionListEvents.ItemAdded, data: { list, itemId, name } }];
      }
      const item = state.items.find((candidate) => candidate.id === command.itemId);
      if (!item) throw new NotFoundError(OPTION_LIST_MESSAGES.notFound);
      switch (command.type) {
        case 'RenameOptionItem': {
          const name = validName(command.name, state.items, item.id);
          if (name === item.name) return [];
          return [{ type: OptionListEvents.ItemRenamed, data: { list, itemId: item.id, name, previousName: item.name } }];
        }
        case 'DeleteOptionItem':
          if (command.usedBy > 0)
            throw new DomainRuleViolation(OPTION_LIST_MESSAGES.inUse(command.usedBy), {}, true, { usedBy: command.usedBy });
          if (state.items.length <= 1) throw new DomainRuleViolation(OPTION_LIST_MESSAGES.lastItem, {}, true);
          return [{ type: OptionListEvents.ItemDeleted, data: { list, itemId: item.id, name: item.name } }];
      }
    },

    evolve: evolveOptionList,
  };
}

/** Folds one event (the projection folds with it too, so the read model is the decider's state). */
export function evolveOptionList(state: OptionListState, event: OptionListEvent): OptionListState {
  switch (event.type) {
    case OptionListEvents.ItemAdded:
      return {
        items: [...state.items, { id: event.data.itemId, name: event.data.name }],
        lastNumber: Math.max(state.lastNumber, numberOf(event.data.itemId)),
        givenIds: [...state.givenIds, event.data.itemId],
      };
    case OptionListEvents.ItemRenamed:
      return {
        ...state,
        items: state.items.map((item) => (item.id === event.data.itemId ? { id: item.id, name: event.data.name } : item)),
      };
    case OptionListEvents.ItemDeleted:
      return { ...state, items: state.items.filter((item) => item.id !== event.data.itemId) };
  }
}

/** An item's name in a list, or the id itself when the list no longer has it. */
export const optionItemName = (items: readonly OptionItem[], id: string): string => items.find((item) => item.id === id)?.name ?? id;
