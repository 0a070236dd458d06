/**
 * Events of the question library. They all live in ONE stream, "library" (see library-stream.ts for why):
 * the items (domains, modules, questions, text passages) and the question rules that reference them.
 *
 * Events carry facts, including the outcome of cascades (which items a visibility switch changed, which items a
 * delete removed), so a replay never has to re-run the cascade rules of today on the events of yesterday.
 */
import type { EventUnion } from '../decider';
import type { AnswerDescriptions, LibraryNodeKind, Rating, RatingMeaning, RuleAction } from './instrument/instrument.types';

export const LIBRARY_STREAM_ID = 'library';

export const LibraryItemEvents = {
  Added: 'LibraryItemAdded',
  Edited: 'LibraryItemEdited',
  Moved: 'LibraryItemMoved',
  VisibilityChanged: 'LibraryItemVisibilityChanged',
  CaregiverFlagChanged: 'LibraryItemCaregiverFlagChanged',
  Reordered: 'LibraryItemsReordered',
  Deleted: 'LibraryItemDeleted',
} as const;

export const QuestionRuleEvents = {
  Added: 'QuestionRuleAdded',
  Edited: 'QuestionRuleEdited',
  Deleted: 'QuestionRuleDeleted',
} as const;

/** What the add/edit dialog sets on an item. Absent values are null (events are explicit). */
export interface LibraryItemContent {
  name: string;
  shortName: string | null;
  /** Sanitised rich-text HTML. */
  description: string;
  ageMin: number | null;
  ageMax: number | null;
  /** Questions only. */
  answers: AnswerDescriptions | null;
  /** Domains only. */
  ratingMeaning: RatingMeaning | null;
  /** Domains only: ratings reports count as actionable for the items of the domain. */
  actionableRatings: Rating[] | null;
}

/** A domain, module, question or text passage was added to the library. */
export interface LibraryItemAddedData extends LibraryItemContent {
  itemId: string;
  /** Stable UPPER_SNAKE code, unique in the library and never reused. */
  code: string;
  type: LibraryNodeKind;
  /** Domain or module the item sits in; null for a domain. */
  parentId: string | null;
  order: number;
  visible: boolean;
  /** Mirrors the domain's flag (a domain sets its own). */
  caregiverItem: boolean;
}

/** An item's content was saved (a snapshot of what the dialog sets). */
export interface LibraryItemEditedData extends LibraryItemContent {
  itemId: string;
}

/** An item moved, with everything under it, into another domain or module. */
export interface LibraryItemMovedData {
  itemId: string;
  fromParentId: string;
  toParentId: string;
  /** Its order among its new siblings (placed last). */
  order: number;
  /** The new domain's caregiver flag, now applied to the moved item and everything under it. */
  caregiverItem: boolean;
  /** The moved item and its descendants. */
  subtreeItemIds: string[];
  /** The domain the subtree now belongs to. */
  domainId: string;
}

/** An item was switched visible or hidden; changedItemIds lists every item the switch changed. */
export interface LibraryItemVisibilityChangedData {
  /** The item whose switch was toggled. */
  itemId: string;
  visible: boolean;
  /** Every item whose flag changed: the item, its descendants, and (when switched on) hidden ancestors. */
  changedItemIds: string[];
}

/** A domain's caregiver flag was switched: its items are (or no longer are) answered once per caregiver. */
export interface LibraryItemCaregiverFlagChangedData {
  domainId: string;
  caregiverItem: boolean;
  /** The domain and every item under it. */
  itemIds: string[];
}

/** Items were put in a new order among their siblings. */
export interface LibraryItemsReorderedData {
  orders: Array<{ itemId: string; order: number }>;
}

/** An item was deleted from the library, with everything under it. */
export interface LibraryItemDeletedData {
  itemId: string;
  type: LibraryNodeKind;
  code: string;
  /** The item and its descendants, all deleted with it (spec delete confirmations for domains/modules). */
  deletedItemIds: string[];
}

export interface QuestionRuleContent {
  name: string;
  description: string;
  trigger: { domainId: string; moduleId: string | null; questionId: string };
  answers: Rating[];
  action: RuleAction;
  target: { moduleId: string | null; questionId: string | null };
}

/** A question rule was added: when the trigger question has one of the answers, the target is shown or hidden. */
export interface QuestionRuleAddedData extends QuestionRuleContent {
  ruleId: string;
  code: string;
}

/** A question rule was saved (a snapshot of its content). */
export interface QuestionRuleEditedData extends QuestionRuleContent {
  ruleId: string;
}

/** A question rule was deleted. */
export interface QuestionRuleDeletedData {
  ruleId: string;
}

/** Every event of the library stream, narrowed by `type`. */
export type LibraryEvent = EventUnion<{
  [LibraryItemEvents.Added]: LibraryItemAddedData;
  [LibraryItemEvents.Edited]: LibraryItemEditedData;
  [LibraryItemEvents.Moved]: LibraryItemMovedData;
  [LibraryItemEvents.VisibilityChanged]: LibraryItemVisibilityChangedData;
  [LibraryItemEvents.CaregiverFlagChanged]: LibraryItemCaregiverFlagChangedData;
  [LibraryItemEvents.Reordered]: LibraryItemsReorderedData;
  [LibraryItemEvents.Deleted]: LibraryItemDeletedData;
  [QuestionRuleEvents.Added]: QuestionRuleAddedData;
  [QuestionRuleEvents.Edited]: QuestionRuleEditedData;
  [QuestionRuleEvents.Deleted]: QuestionRuleDeletedData;
}>;

export const LIBRARY_EVENT_TYPES: readonly LibraryEvent['type'][] = [
  ...Object.values(LibraryItemEvents),
  ...Object.values(QuestionRuleEvents),
];
