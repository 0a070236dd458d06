/* Report reads through the data provider (providers/dataProvider.ts): pages of a list with their total. */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../providers/api-error';
import { apiQueryKey, useApiQuery, useCansDataProvider } from '../providers/useApi';
import type { FilterOptions } from './report-types';

export interface ReportPage<T> {
  data: T[];
  total: number;
}

/** `path` with the ra-data-simple-rest range of one page. */
export const pagedPath = (path: string, page: number, pageSize: number): string =>
  `${path}${path.includes('?') ? '&' : '?'}range=${encodeURIComponent(`[${page * pageSize},${(page + 1) * pageSize - 1}]`)}`;

/** One page of a report list; the total from Content-Range. `null` waits. */
export function useReportPage<T>(path: string | null, page: number, pageSize: number) {
  const dataProvider = useCansDataProvider();
  const paged = path === null ? null : pagedPath(path, page, pageSize);
  return useQuery<ReportPage<T>, ApiError, ReportPage<T>, ReturnType<typeof apiQueryKey>>({
    queryKey: apiQueryKey(paged),
    queryFn: () => dataProvider.sendForPage<T>(paged ?? ''),
    enabled: paged !== null,
    placeholderData: (previous) => previous,
  });
}

/**
 * Loads the first page of a list now (rejecting with the ApiError, e.g. a 400 with field messages), and keeps it
 * for useReportPage: a wizard checks its filter before it moves on to the list step.
 */
export function useLoadFirstPage() {
  const dataProvider = useCansDataProvider();
  const queryClient = useQueryClient();
  return <T>(path: string, pageSize: number): Promise<ReportPage<T>> => {
    const paged = pagedPath(path, 0, pageSize);
    return queryClient.fetchQuery({ queryKey: apiQueryKey(paged), queryFn: () => dataProvider.sendForPage<T>(paged), staleTime: 0 });
  };
}

/**
 * The filter step every wizard starts with (spec 001 §4 "Step 1 to 2 … loads the list"): the applied filter, its
 * field messages, the list's page and whether the check runs. `apply` checks a draft by loading the list's first
 * page: on success the draft becomes the applied filter (page 0) and `onApplied` runs; a refused filter (400) stays
 * on the step with its field messages, and any failure is only logged (§7). `reset` is New Report's part.
 */
export function useFilterStep<F>() {
  const loadFirstPage = useLoadFirstPage();
  const [applied, setApplied] = useState<F | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const apply = (draft: F, firstPagePath: string, pageSize: number, onApplied: () => void): Promise<void> => {
    setLoading(true);
    return loadFirstPage(firstPagePath, pageSize)
      .then(() => {
        setErrors({});
        setApplied(draft);
        setPage(0);
        onApplied();
      })
      .catch((error: ApiError) => {
        console.error('report list', error);
        setErrors(error.fieldErrors ?? {});
      })
      .finally(() => setLoading(false));
  };
  const reset = () => {
    setErrors({});
    setApplied(null);
    setPage(0);
  };
  return { applied, errors, page, setPage, loading, apply, reset };
}

/** The name of an assessment type id (the report rows carry ids), from the filter lookups. */
export function useAssessmentTypeName(): (id: string) => string {
  const options = useApiQuery<FilterOptions>('/reports/filter-options');
  const names = new Map((options.data?.assessmentTypes ?? []).map((type) => [type.key, type.name]));
  return (id: string) => names.get(id) ?? id;
}
