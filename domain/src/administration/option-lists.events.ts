/**
 * Events of the option value lists (spec 002 §2 "Option value lists": Initialized and Foster Care Status), one
 * stream per list ("option-list-<key>"). A list starts as its defaults (no event); each event is one item's change.
 */
import type { EventUnion } from '../decider';

export const OptionListEvents = {
  ItemAdded: 'OptionListItemAdded',
  ItemRenamed: 'OptionListItemRenamed',
  /** An item was deleted from an option list. */
  ItemDeleted: 'OptionListItemDeleted',
} as const;

/** The two lists, by a stable key: Initialized holds the assessment types, Foster Care Status the looked-after statuses. */
export const OPTION_LIST_KEYS = ['initialized', 'fosterCareStatus'] as const;
export type OptionListKey = (typeof OPTION_LIST_KEYS)[number];
export const isOptionListKey = (value: unknown): value is OptionListKey =>
  typeof value === 'string' && (OPTION_LIST_KEYS as readonly string[]).includes(value);

/** The spec's titles. */
export const OPTION_LIST_TITLES: Readonly<Record<OptionListKey, string>> = {
  initialized: 'Initialized',
  fosterCareStatus: 'Foster Care Status',
};

/** An item was added to an option list. */
export interface OptionListItemAddedData {
  list: OptionListKey;
  itemId: string;
  name: string;
}

/** An option list item was renamed (its id stays). */
export interface OptionListItemRenamedData {
  list: OptionListKey;
  itemId: string;
  name: string;
  previousName: string;
}

/** The name too, so the System Log can say what was deleted. */
export interface OptionListItemDeletedData {
  list: OptionListKey;
  itemId: string;
  name: string;
}

export type OptionListEvent = EventUnion<{
  [OptionListEvents.ItemAdded]: OptionListItemAddedData;
  [OptionListEvents.ItemRenamed]: OptionListItemRenamedData;
  [OptionListEvents.ItemDeleted]: OptionListItemDeletedData;
}>;

export const OPTION_LIST_EVENT_TYPES: readonly OptionListEvent['type'][] = Object.values(OptionListEvents);

export const optionListStreamId = (list: OptionListKey): string => `option-list-${list}`;
