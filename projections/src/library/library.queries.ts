/** Queries of the question library read models (library.projection.ts): items, question rules, versions. */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { equalityFilter, findPage, ListPageRequest, ListPageResult } from '../engine/list-page';
import {
  LIBRARY_ITEMS_COLLECTION,
  LIBRARY_STATUS_COLLECTION,
  LIBRARY_STATUS_ID,
  LIBRARY_VERSIONS_COLLECTION,
  LibraryItemDocument,
  LibraryStatusDocument,
  LibraryVersionDocument,
  QUESTION_RULES_COLLECTION,
  QuestionRuleDocument,
} from './library.projection';

/** The whole library is a few hundred documents: read in one query for the tree. */
const WHOLE_LIBRARY = 10_000;
/** A stable secondary order: siblings share order numbers across parents, rules may share names. */
const BY_CODE = { field: 'code', direction: 'asc' } as const;

/** A page of library items; `q` searches name, short name and code. */
export async function listLibraryItems(readStore: ReadStore, list: ListPageRequest): Promise<ListPageResult<LibraryItemDocument>> {
  const filter = equalityFilter(list.filter, ['name', 'shortName', 'code']);
  return findPage<LibraryItemDocument>(readStore, LIBRARY_ITEMS_COLLECTION, filter, { ...list, sort: [...list.sort, BY_CODE] });
}

export function getLibraryItem(readStore: ReadStore, itemId: string): Promise<LibraryItemDocument | null> {
  return readStore.get<LibraryItemDocument>(LIBRARY_ITEMS_COLLECTION, itemId);
}

/** Every item in display order, and the library's current version (0 before the first change). */
export async function wholeLibrary(readStore: ReadStore): Promise<{ version: number; items: LibraryItemDocument[] }> {
  const [items, status] = await Promise.all([
    readStore.find<LibraryItemDocument>(
      LIBRARY_ITEMS_COLLECTION,
      {},
      { sort: [{ field: 'order', direction: 'asc' }, BY_CODE], limit: WHOLE_LIBRARY },
    ),
    readStore.get<LibraryStatusDocument>(LIBRARY_STATUS_COLLECTION, LIBRARY_STATUS_ID),
  ]);
  return { version: status?.version ?? 0, items };
}

/** A page of question rules; `q` searches name, description and code. */
export async function listQuestionRules(readStore: ReadStore, list: ListPageRequest): Promise<ListPageResult<QuestionRuleDocument>> {
  const filter = equalityFilter(list.filter, ['name', 'description', 'code']);
  return findPage<QuestionRuleDocument>(readStore, QUESTION_RULES_COLLECTION, filter, { ...list, sort: [...list.sort, BY_CODE] });
}

export function getQuestionRule(readStore: ReadStore, ruleId: string): Promise<QuestionRuleDocument | null> {
  return readStore.get<QuestionRuleDocument>(QUESTION_RULES_COLLECTION, ruleId);
}

/** A page of the library's version history (one row per change); `q` searches the change summary. */
export async function listLibraryVersions(readStore: ReadStore, list: ListPageRequest): Promise<ListPageResult<LibraryVersionDocument>> {
  return findPage<LibraryVersionDocument>(readStore, LIBRARY_VERSIONS_COLLECTION, equalityFilter(list.filter, ['summary']), list);
}
