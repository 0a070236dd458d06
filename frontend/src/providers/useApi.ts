/*
 * The react-query hooks every screen uses for API calls: loading, error and refresh behave the same everywhere,
 * and the Admin's QueryClient holds the cache (react-admin's own queries share it).
 */
import { useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ApiError } from './api-error';
import type { CansDataProvider, Send } from './dataProvider';

export const useCansDataProvider = (): CansDataProvider => useDataProvider<CansDataProvider>();

/** The react-query key of a GET of `path`; refresh a read with `invalidateQueries({ queryKey: apiQueryKey(path) })`. */
export const apiQueryKey = (path: string | null) => ['api', path] as const;

export type ApiQueryOptions<T> = Omit<UseQueryOptions<T, ApiError, T, ReturnType<typeof apiQueryKey>>, 'queryKey' | 'queryFn'>;

/** GET `path` (relative to /api); `null` waits (the query is disabled until a path is known). */
export function useApiQuery<T>(path: string | null, options: ApiQueryOptions<T> = {}) {
  const dataProvider = useCansDataProvider();
  return useQuery<T, ApiError, T, ReturnType<typeof apiQueryKey>>({
    ...options,
    queryKey: apiQueryKey(path),
    queryFn: () => dataProvider.send<T>('GET', path ?? ''),
    enabled: path !== null && (options.enabled ?? true),
  });
}

export type ApiMutationOptions<TVariables, TResult> = Omit<UseMutationOptions<TResult, ApiError, TVariables>, 'mutationFn'>;

/** A command (or any call) run with `send`; its error is an ApiError. */
export function useApiMutation<TVariables = void, TResult = unknown>(
  run: (send: Send, variables: TVariables) => Promise<TResult>,
  options: ApiMutationOptions<TVariables, TResult> = {},
) {
  const dataProvider = useCansDataProvider();
  return useMutation<TResult, ApiError, TVariables>({ ...options, mutationFn: (variables) => run(dataProvider.send, variables) });
}

/** Refreshes the reads of the given paths (all API reads when none is given), e.g. after a command. */
export function useRefreshApi() {
  const queryClient = useQueryClient();
  return (...paths: string[]) =>
    paths.length === 0
      ? queryClient.invalidateQueries({ queryKey: ['api'] })
      : Promise.all(paths.map((path) => queryClient.invalidateQueries({ queryKey: apiQueryKey(path) }))).then(() => undefined);
}
