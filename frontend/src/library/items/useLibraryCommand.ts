import { useNotify } from 'react-admin';
import type { Send } from '../../providers/dataProvider';
import { useApiMutation } from '../../providers/useApi';
import { useRefreshLibraryTree } from '../library-api';

/**
 * A command of the library screen: tells its success (when it has a message), shows the server's refusal, and reads
 * the tree again either way — the command stays pending until the new tree is in, so switches stay disabled meanwhile.
 */
export function useLibraryCommand<TVariables, TResult>(
  run: (send: Send, variables: TVariables) => Promise<TResult>,
  successMessage?: (variables: TVariables) => string,
) {
  const notify = useNotify();
  const refreshTree = useRefreshLibraryTree();
  return useApiMutation(run, {
    onSuccess: (_result, variables) => {
      if (successMessage) notify(successMessage(variables), { type: 'success' });
    },
    onError: (error) => notify(error.message, { type: 'error', autoHideDuration: 5000 }),
    onSettled: () => refreshTree(),
  });
}
