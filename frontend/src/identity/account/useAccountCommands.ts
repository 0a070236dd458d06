import { useNotify, useRefresh } from 'react-admin';
import { sessionStarted } from '../../providers/authProvider';
import { useApiMutation, useRefreshApi } from '../../providers/useApi';
import { ACCOUNT_PATH, ASSIGNMENTS_PATH, type Account } from './account-record';

interface CommandAnswer {
  message: string;
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Missing parts are left out: the server names what is missing. */
export interface AccessGrant {
  delegateId?: string;
  startsOn?: string;
  endsOn?: string;
}

/** The server's sentence for a finished command; refusals also show their field messages where the form is. */
const useNotices = () => {
  const notify = useNotify();
  return {
    success: (answer: CommandAnswer) => notify(answer.message, { type: 'success', autoHideDuration: 5000 }),
    failure: (error: Error) => notify(error.message, { type: 'error', autoHideDuration: 5000 }),
  };
};

/** PUT /account: own name, email and phone (an empty phone is none). */
export const useSaveProfile = (revision: number, onSaved: () => void) => {
  const notices = useNotices();
  const refreshApi = useRefreshApi();
  const refresh = useRefresh();
  return useApiMutation<ProfileChanges, Account & CommandAnswer>(
    (send, changes) => send('PUT', ACCOUNT_PATH, { ...changes, phone: changes.phone.trim() || null, revision }),
    {
      onSuccess: (saved) => {
        notices.success(saved);
        // The name shown in the app bar comes from /auth/me: load it again.
        sessionStarted();
        void refreshApi(ACCOUNT_PATH);
        refresh();
        onSaved();
      },
      onError: notices.failure,
    },
  );
};

/** POST /account/password. */
export const useChangePassword = (onChanged: () => void) => {
  const notices = useNotices();
  return useApiMutation<PasswordChange, CommandAnswer>((send, change) => send('POST', '/account/password', change), {
    onSuccess: (answer) => {
      notices.success(answer);
      onChanged();
    },
    onError: notices.failure,
  });
};

/** POST /account/access-assignments: share new assessments with a colleague for a date range. */
export const useAssignAccess = (onAssigned: () => void) => {
  const notices = useNotices();
  const refreshApi = useRefreshApi();
  return useApiMutation<AccessGrant, CommandAnswer>((send, grant) => send('POST', ASSIGNMENTS_PATH, grant), {
    onSuccess: (answer) => {
      notices.success(answer);
      void refreshApi(ASSIGNMENTS_PATH);
      onAssigned();
    },
    onError: notices.failure,
  });
};

/** DELETE /account/access-assignments/:id. */
export const useRevokeAccess = () => {
  const notify = useNotify();
  const refreshApi = useRefreshApi();
  return useApiMutation<string, CommandAnswer>((send, id) => send('DELETE', `${ASSIGNMENTS_PATH}/${encodeURIComponent(id)}`), {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void refreshApi(ASSIGNMENTS_PATH);
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
};
