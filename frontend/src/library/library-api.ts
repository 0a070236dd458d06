/*
 * The question library's reads and commands (docs/api.md "Question library"), all through the data provider's `send`
 * and the shared react-query hooks. Commands are `(send, variables)` functions for `useApiMutation`.
 */
import type { Send } from '../providers/dataProvider';
import { useApiQuery, useRefreshApi } from '../providers/useApi';
import type { Evaluation, LibraryItem, LibraryItemInput, LibraryTree } from './library-types';

export const LIBRARY_TREE_PATH = '/library';

/** The whole library tree (every screen of the feature reads it). */
export const useLibraryTree = () => useApiQuery<LibraryTree>(LIBRARY_TREE_PATH);

/** Reads the tree again, e.g. after a command. */
export const useRefreshLibraryTree = () => {
  const refresh = useRefreshApi();
  return () => refresh(LIBRARY_TREE_PATH);
};

const itemPath = (id: string) => `/library/items/${encodeURIComponent(id)}`;

export const addLibraryItem = (send: Send, input: LibraryItemInput) => send<LibraryItem>('POST', '/library/items', input);

export const updateLibraryItem = (send: Send, { id, input }: { id: string; input: LibraryItemInput }) =>
  send<LibraryItem>('PUT', itemPath(id), input);

export const deleteLibraryItem = (send: Send, id: string) => send<{ message: string; deletedItemIds: string[] }>('DELETE', itemPath(id));

export const setLibraryItemVisible = (send: Send, { id, visible }: { id: string; visible: boolean }) =>
  send<{ changedItemIds: string[] }>('PUT', `${itemPath(id)}/visibility`, { visible });

export const reorderLibraryItems = (send: Send, items: { id: string; order: number }[]) => send<void>('PUT', '/library/order', { items });

export const evaluateRules = (send: Send, { answers, childAgeYears }: { answers: Record<string, string>; childAgeYears: number }) =>
  send<Evaluation>('POST', '/library/evaluate', { answers, childAgeYears });
