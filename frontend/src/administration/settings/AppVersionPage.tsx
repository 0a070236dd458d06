import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/useApi';
import { SettingForm } from './SettingForm';

const APP_VERSION_PATH = '/settings/app-version';

/** Spec 002 §2 "App Version": one version field, Save and Cancel (back to /library); privilege Setting. */
export const AppVersionPage = () => {
  const current = useApiQuery<{ version: string }>(APP_VERSION_PATH);
  // The form starts from the saved value: it mounts once that is read.
  return <AppVersionForm key={current.data ? 'loaded' : 'loading'} saved={current.data?.version ?? null} />;
};

const AppVersionForm = ({ saved }: { saved: string | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshApi();
  const [version, setVersion] = useState(saved ?? '');
  const save = useApiMutation((send, value: string) => send<{ message: string }>('PUT', APP_VERSION_PATH, { version: value }), {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void refresh(APP_VERSION_PATH);
    },
  });
  const fieldError = save.error?.fieldErrors.version;
  return (
    <SettingForm
      title={translate('cans.administration.app_version.title')}
      loading={saved === null}
      saving={save.isPending}
      failure={save.error && !fieldError ? save.error.message : null}
      onSubmit={() => save.mutate(version)}
    >
      <TextField
        id="app-version"
        label={translate('cans.administration.app_version.version')}
        value={version}
        onChange={(event) => setVersion(event.target.value)}
        error={!!fieldError}
        helperText={fieldError ? fieldError : translate('cans.administration.app_version.hint')}
        fullWidth
      />
    </SettingForm>
  );
};
