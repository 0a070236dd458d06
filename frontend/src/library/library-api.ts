/*
 * Typed calls to the question library API (docs/api.md "Question library"). They go through the app's
 * httpClient, so writes are remembered and later reads wait for them (read-your-writes).
 */
import { HttpError } from 'react-admin';
import { API_URL, httpClient } from '../providers/dataProvider';

export type LibraryItemType = 'domain' | 'module' | 'question' | 'text';
export type VisibilityState = 'visible' | 'indeterminate' | 'hidden';
export const RATINGS = ['0', '1', '2', '3', '4', 'NA'] as const;
export type Rating = (typeof RATINGS)[number];
export type AnswerDescriptions = Partial<Record<Rating, string | null>>;

export const ratingLabel = (rating: string) => (rating === 'NA' ? 'N/A' : rating);

export interface LibraryItem {
  id: string;
  code: string;
  type: LibraryItemType;
  typeCode: number;
  parentId: string | null;
  domainId: string | null;
  moduleId: string | null;
  name: string;
  shortName: string | null;
  description: string;
  visible: boolean;
  visibilityState: VisibilityState;
  ageMin: number | null;
  ageMax: number | null;
  caregiverItem: boolean;
  order: number;
  answers: AnswerDescriptions | null;
  revision: number;
}

export interface LibraryTreeNode extends LibraryItem {
  items?: LibraryItem[];
  modules?: LibraryTreeNode[];
}

export interface LibraryTree {
  version: number;
  domains: LibraryTreeNode[];
}

export interface LibraryItemInput {
  type: LibraryItemType;
  domainId?: string | null;
  moduleId?: string | null;
  name?: string | null;
  shortName?: string | null;
  description: string;
  visible?: boolean;
  ageMin?: number | null;
  ageMax?: number | null;
  caregiverItem?: boolean | null;
  answers?: AnswerDescriptions | null;
  revision?: number;
}

export interface QuestionRule {
  id: string;
  code: string;
  name: string;
  description: string;
  triggerDomainId: string;
  triggerModuleId: string | null;
  triggerQuestionId: string;
  answers: Rating[];
  action: 'show' | 'hide';
  moduleId: string | null;
  questionId: string | null;
  revision: number;
}

export interface Evaluation {
  version: number;
  firedRules: { ruleId: string; ruleCode: string; action: string; caregiverIndex?: number }[];
  triggeredModules: { id: string; code: string; name: string; showQuestions: string[]; caregiverIndex?: number }[];
  triggeredQuestions: { id: string; code: string; name: string; caregiverIndex?: number }[];
  hiddenModules: { code: string; reason: string }[];
  hiddenQuestions: { code: string; reason: string }[];
}

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

export const libraryApi = {
  tree: async (): Promise<LibraryTree> => (await httpClient(`${API_URL}/library`)).json as LibraryTree,
  add: async (input: LibraryItemInput): Promise<LibraryItem> =>
    (await httpClient(`${API_URL}/library/items`, json('POST', input))).json as LibraryItem,
  update: async (id: string, input: LibraryItemInput): Promise<LibraryItem> =>
    (await httpClient(`${API_URL}/library/items/${id}`, json('PUT', input))).json as LibraryItem,
  remove: async (id: string): Promise<{ message: string; deletedItemIds: string[] }> =>
    (await httpClient(`${API_URL}/library/items/${id}`, { method: 'DELETE' })).json as { message: string; deletedItemIds: string[] },
  setVisible: async (id: string, visible: boolean): Promise<{ changedItemIds: string[] }> =>
    (await httpClient(`${API_URL}/library/items/${id}/visibility`, json('PUT', { visible }))).json as { changedItemIds: string[] },
  reorder: async (items: { id: string; order: number }[]): Promise<void> => {
    await httpClient(`${API_URL}/library/order`, json('PUT', { items }));
  },
  evaluate: async (answers: Record<string, string>, childAgeYears: number): Promise<Evaluation> =>
    (await httpClient(`${API_URL}/library/evaluate`, json('POST', { answers, childAgeYears }))).json as Evaluation,
};

/** The field messages of a 400 answer (`errors: { field: [messages] }`), first message per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const errors = (error.body as { errors?: Record<string, string[] | string> } | undefined)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, Array.isArray(messages) ? String(messages[0] ?? '') : String(messages)]),
  );
}

/** The message of any failed call, for a notification. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof HttpError) return error.message || 'Error';
  if (error instanceof Error) return error.message;
  return 'Error';
}

/** Every node of the tree, depth first (domains, then their items and modules). */
export function flattenTree(domains: LibraryTreeNode[]): LibraryTreeNode[] {
  const out: LibraryTreeNode[] = [];
  const walk = (node: LibraryTreeNode) => {
    out.push(node);
    for (const item of node.items ?? []) out.push(item);
    for (const module of node.modules ?? []) walk(module);
  };
  domains.forEach(walk);
  return out;
}
