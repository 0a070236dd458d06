import { useNotify, useRefresh } from 'react-admin';
import { useApiMutation } from '../../providers/useApi';

/** The answer of a user command: the server's sentence to show. */
interface CommandAnswer {
  message: string;
}

/** Shows the server's sentence of a finished command (success or refusal). */
const useCommandNotices = (refreshAfter: boolean) => {
  const notify = useNotify();
  const refresh = useRefresh();
  return {
    onSuccess: (answer: CommandAnswer) => {
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      if (refreshAfter) refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error', autoHideDuration: 5000 }),
  };
};

/** Approve a user waiting for approval (POST /users/:id/approve). */
export const useApproveUser = () =>
  useApiMutation<string, CommandAnswer>(
    (send, userId) => send('POST', `/users/${encodeURIComponent(userId)}/approve`),
    useCommandNotices(true),
  );

/** Mail the user a link to set a new password (POST /users/:id/password-reset). */
export const useSendPasswordReset = () =>
  useApiMutation<string, CommandAnswer>(
    (send, userId) => send('POST', `/users/${encodeURIComponent(userId)}/password-reset`),
    useCommandNotices(false),
  );

/** Delete a user; with supervisees, `successorUserId` takes them and the user's cases (DELETE /users/:id). */
export const useDeleteUser = () =>
  useApiMutation<{ userId: string; successorUserId?: string }, CommandAnswer>((send, { userId, successorUserId }) => {
    const query = successorUserId ? `?successorUserId=${encodeURIComponent(successorUserId)}` : '';
    return send('DELETE', `/users/${encodeURIComponent(userId)}${query}`);
  }, useCommandNotices(true));
