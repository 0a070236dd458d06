/** Queries of the option lists read model (option-lists.projection.ts). */
import { DEFAULT_OPTION_ITEMS } from '@cans/domain/administration/option-lists.decider';
import { OPTION_LIST_KEYS, OPTION_LIST_TITLES, OptionListKey } from '@cans/domain/administration/option-lists.events';
import type { OptionItem } from '@cans/domain/assessments';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { OPTION_LIST_USAGE_COLLECTION, OPTION_LISTS_COLLECTION, OptionListDocument } from './option-lists.projection';

export interface OptionListView {
  key: OptionListKey;
  title: string;
  items: OptionItem[];
  /** The list stream's revision; -1 while the list is its defaults. */
  revision: number;
}

const viewOf = (key: OptionListKey, document: OptionListDocument | undefined): OptionListView => ({
  key,
  title: OPTION_LIST_TITLES[key],
  items: (document?.items ?? DEFAULT_OPTION_ITEMS[key]).map(({ id, name }) => ({ id, name })),
  revision: document?.revision ?? -1,
});

/** Both lists, in the spec's order; a list nobody edited is its defaults. */
export async function getOptionLists(readStore: ReadStore): Promise<OptionListView[]> {
  const documents = await readStore.getMany<OptionListDocument>(OPTION_LISTS_COLLECTION, [...OPTION_LIST_KEYS]);
  const byKey = new Map(documents.map((document) => [document.id, document]));
  return OPTION_LIST_KEYS.map((key) => viewOf(key, byKey.get(key)));
}

export async function getOptionList(readStore: ReadStore, key: OptionListKey): Promise<OptionListView> {
  return viewOf(key, (await readStore.get<OptionListDocument>(OPTION_LISTS_COLLECTION, key)) ?? undefined);
}

/** The field of an assessment that stores an item of each list. */
const USAGE_FIELD: Readonly<Record<OptionListKey, 'assessmentType' | 'lookedAfterStatus'>> = {
  initialized: 'assessmentType',
  fosterCareStatus: 'lookedAfterStatus',
};

/** How many live (not deleted) assessments store this item. */
export function countOptionUsage(readStore: ReadStore, key: OptionListKey, itemId: string): Promise<number> {
  return readStore.count(OPTION_LIST_USAGE_COLLECTION, { [USAGE_FIELD[key]]: itemId });
}
