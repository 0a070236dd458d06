import { useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';

/**
 * Save side effects for the identity forms: the server's own sentence (e.g. user_save_success, "…an email with a
 * link to set the password has been sent") instead of react-admin's generic one, then back to the list.
 * `fallbackKey` names the UI string shown when an answer carries no sentence.
 */
export const useSavedNotice = (resource: string, fallbackKey: string) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return {
    onSuccess: (data: RaRecord) => {
      const message: unknown = data?.message;
      notify(typeof message === 'string' ? message : translate(fallbackKey), { type: 'success', autoHideDuration: 5000 });
      redirect('list', resource);
    },
  };
};
