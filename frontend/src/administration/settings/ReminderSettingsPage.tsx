import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Stack, TextField } from '@mui/material';
import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/useApi';
import { SettingForm } from './SettingForm';

const REMINDERS_PATH = '/settings/reminders';

interface ReminderSettings {
  daysOfIncompletionAlert: number;
  monthOfNextCaseAlert: number;
  daysOfTimeoutAlert: number;
}
const FIELDS: readonly (keyof ReminderSettings)[] = ['daysOfIncompletionAlert', 'monthOfNextCaseAlert', 'daysOfTimeoutAlert'];

/**
 * Spec 002 §2 "Assessment Reminder": three numbers with Save and Cancel (back to /library); privilege Setting. The
 * overdue and follow-up lists, the home counts and the daily reminder mails follow a save at once.
 */
export const ReminderSettingsPage = () => {
  const current = useApiQuery<ReminderSettings>(REMINDERS_PATH);
  return <ReminderSettingsForm key={current.data ? 'loaded' : 'loading'} saved={current.data ?? null} />;
};

const ReminderSettingsForm = ({ saved }: { saved: ReminderSettings | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshApi();
  // Typed text, sent as numbers: the server's field messages say what is wrong with a value.
  const [values, setValues] = useState<Record<keyof ReminderSettings, string>>({
    daysOfIncompletionAlert: String(saved?.daysOfIncompletionAlert ?? ''),
    monthOfNextCaseAlert: String(saved?.monthOfNextCaseAlert ?? ''),
    daysOfTimeoutAlert: String(saved?.daysOfTimeoutAlert ?? ''),
  });
  const save = useApiMutation((send, body: Record<string, unknown>) => send<{ message: string }>('PUT', REMINDERS_PATH, body), {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void refresh(REMINDERS_PATH);
    },
  });
  const errors = save.error?.fieldErrors ?? {};
  const submit = () =>
    save.mutate(Object.fromEntries(FIELDS.map((field) => [field, values[field].trim() === '' ? null : Number(values[field])])));
  return (
    <SettingForm
      title={translate('cans.administration.reminders.title')}
      loading={saved === null}
      saving={save.isPending}
      failure={save.error && Object.keys(errors).length === 0 ? save.error.message : null}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`reminder-${field}`}
            label={translate(`cans.administration.reminders.${field}`)}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            error={!!errors[field]}
            helperText={errors[field] ? errors[field] : translate(`cans.administration.reminders.${field}_hint`)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        ))}
      </Stack>
    </SettingForm>
  );
};
