/*
 * The assessment the editor shows: GET /api/assessments/{id} through react-query. Commands answer with the updated
 * view, which replaces the cached one (setView); after a refusal the page reloads it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiQuery } from '../providers/useApi';
import type { AssessmentView } from './assessment-types';
import { assessmentApiPath } from './assessment-paths';

export function useAssessmentView(id: string | undefined) {
  const path = id ? assessmentApiPath(id) : null;
  const queryClient = useQueryClient();
  const query = useApiQuery<AssessmentView>(path, {
    // An editor saves against the revision it shows: a background refetch would move that revision under the user's
    // typing, so the view changes only through commands and explicit reloads. Each visit reads afresh.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A missing or forbidden assessment is an answer, not a glitch: show it at once.
    retry: false,
  });

  const setView = (next: AssessmentView | ((current: AssessmentView) => AssessmentView)) => {
    if (!path) return;
    queryClient.setQueryData<AssessmentView>(apiQueryKey(path), (current) =>
      typeof next === 'function' ? (current ? next(current) : current) : next,
    );
  };

  /** Reads the assessment again; the fresh view, or undefined when the read failed (its error is then shown). */
  const reload = async (): Promise<AssessmentView | undefined> => (await query.refetch()).data;

  // What an earlier visit left in the cache is not shown: the page waits for its own read, as the form is filled from it.
  const view = query.isFetchedAfterMount && query.data ? query.data : null;
  return { view, loadError: query.error?.message ?? null, setView, reload };
}
