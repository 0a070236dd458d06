import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { apiQueryKey, useApiMutation, useCansDataProvider, useRefreshApi } from '../../providers/useApi';
import { useSuperAdmin } from '../../providers/useSuperAdmin';
import { SettingForm } from './SettingForm';
import { settingFields } from './setting-fields';

const SFTP_SERVER_PATH = '/settings/sftp-server';

interface SftpServer {
  host: string;
  port: number;
  userName: string;
  passwordSet: boolean;
  privateKeySet: boolean;
  remoteFolder: string;
  hostKeyFingerprint: string | null;
}

/**
 * The SFTP server the XML data feed uploads to (docs/data-feed.md "Daily XML feed"): host, port, user, the two
 * write-only secrets and the remote folder; Save, Cancel back to /library. Super admin only: the server refuses
 * everyone else, and the page says so without asking.
 */
export const SftpServerPage = () => {
  const translate = useTranslate();
  const superAdmin = useSuperAdmin();
  const { send } = useCansDataProvider();
  // Asked only when the server will answer (a refused read would end in react-admin's permission toast). Before the
  // first save the server answers null, an empty body: read as null, not as a missing answer.
  const current = useQuery({
    queryKey: apiQueryKey(SFTP_SERVER_PATH),
    queryFn: async () => (await send<SftpServer | null | undefined>('GET', SFTP_SERVER_PATH)) ?? null,
    enabled: superAdmin === true,
  });
  if (superAdmin === false)
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('cans.administration.sftp_server.title')} />
        <Alert severity="warning">{translate('cans.administration.sftp_server.super_admin_only')}</Alert>
      </Box>
    );
  // The form starts from the saved server (null before the first save): it mounts once that is read.
  return <SftpServerForm key={current.isSuccess ? 'loaded' : 'loading'} loaded={current.isSuccess} saved={current.data ?? null} />;
};

const SftpServerForm = ({ loaded, saved }: { loaded: boolean; saved: SftpServer | null }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.administration.sftp_server.${key}`);
  const notify = useNotify();
  const refresh = useRefreshApi();
  const [form, setForm] = useState({
    host: saved?.host ?? '',
    port: String(saved?.port ?? 22),
    userName: saved?.userName ?? '',
    password: '',
    privateKey: '',
    remoteFolder: saved?.remoteFolder ?? '',
    hostKeyFingerprint: saved?.hostKeyFingerprint ?? '',
    currentPassword: '',
  });
  const save = useApiMutation(
    (send, body: typeof form) =>
      send<{ message: string; hostKeyFingerprint: string }>('PUT', SFTP_SERVER_PATH, {
        ...body,
        // A whole number, or the text as typed so the server's message names the port.
        port: /^\d+$/.test(body.port.trim()) ? Number(body.port) : body.port,
        // Write-only secrets: left empty, the saved one is kept (left out of the request).
        password: body.password || undefined,
        privateKey: body.privateKey.trim() ? body.privateKey : undefined,
        // Empty: the server reads and pins the key it shows (or keeps the pinned one for the same host and port).
        hostKeyFingerprint: body.hostKeyFingerprint.trim() || undefined,
        currentPassword: body.currentPassword || undefined,
      }),
    {
      onSuccess: (answer) => {
        notify(answer.message, { type: 'success' });
        setForm((f) => ({ ...f, password: '', privateKey: '', currentPassword: '', hostKeyFingerprint: answer.hostKeyFingerprint }));
        void refresh(SFTP_SERVER_PATH, '/data-feed/xml');
      },
    },
  );
  const { field, otherFailure } = settingFields('sftp-server', form, setForm, save.error, text);
  return (
    <SettingForm title={text('title')} loading={!loaded} saving={save.isPending} failure={otherFailure} onSubmit={() => save.mutate(form)}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {text('hint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('host', 'host', { required: true, autoComplete: 'off', sx: { flex: 3 } })}
          {field('port', 'port', { required: true, slotProps: { htmlInput: { inputMode: 'numeric' } }, sx: { flex: 1 } })}
        </Stack>
        {field('userName', 'user_name', { required: true, autoComplete: 'off' })}
        {field('password', 'password', {
          type: 'password',
          autoComplete: 'new-password',
          placeholder: text(saved?.passwordSet ? 'secret_set' : 'secret_none'),
          helperText: text(saved?.passwordSet ? 'password_keep' : 'password_none'),
          slotProps: { inputLabel: { shrink: true } },
        })}
        {field('privateKey', 'private_key', {
          multiline: true,
          minRows: 3,
          maxRows: 10,
          placeholder: text(saved?.privateKeySet ? 'secret_set' : 'secret_none'),
          helperText: text(saved?.privateKeySet ? 'private_key_keep' : 'private_key_none'),
          slotProps: { inputLabel: { shrink: true }, htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } },
        })}
        {field('remoteFolder', 'remote_folder', { helperText: text('remote_folder_hint') })}
        {field('hostKeyFingerprint', 'host_key', {
          autoComplete: 'off',
          helperText: text('host_key_hint'),
          slotProps: { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } },
        })}
        {field('currentPassword', 'current_password', {
          type: 'password',
          autoComplete: 'current-password',
          helperText: text('current_password_hint'),
        })}
      </Stack>
    </SettingForm>
  );
};
