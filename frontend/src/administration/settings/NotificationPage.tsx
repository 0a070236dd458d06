import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { RichTextEditor } from '../../library/RichTextEditor';
import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/useApi';
import { SettingForm } from './SettingForm';

const NOTIFICATION_PATH = '/system-notification';

/**
 * Spec 002 §2 "Notification editor": the rich-text Content, Cancel (back to /library) and Save; privilege Setting.
 * Signed-in users see the saved content once per session in a System Notification dialog on the first page they open.
 */
export const NotificationPage = () => {
  const current = useApiQuery<{ content: string | null }>(NOTIFICATION_PATH);
  // The editor starts from the saved content: it mounts once that is read.
  return <NotificationForm key={current.data ? 'loaded' : 'loading'} saved={current.data ? (current.data.content ?? '') : null} />;
};

const NotificationForm = ({ saved }: { saved: string | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshApi();
  const [content, setContent] = useState(saved ?? '');
  const save = useApiMutation((send, value: string) => send<{ message: string }>('PUT', NOTIFICATION_PATH, { content: value }), {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void refresh(NOTIFICATION_PATH);
    },
  });
  const fieldError = save.error?.fieldErrors.content;
  return (
    <SettingForm
      title={translate('cans.administration.notification.title')}
      loading={saved === null}
      saving={save.isPending}
      failure={save.error ? (fieldError ? fieldError : save.error.message) : null}
      onSubmit={() => save.mutate(content)}
    >
      <RichTextEditor
        id="notification-content"
        label={translate('cans.administration.notification.content')}
        value={content}
        onChange={setContent}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('cans.administration.notification.hint')}
      </Typography>
    </SettingForm>
  );
};
