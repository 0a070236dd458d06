import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { apiQueryKey, useApiMutation, useCansDataProvider, useRefreshApi } from '../../providers/useApi';
import { useSuperAdmin } from '../../providers/useSuperAdmin';
import { SettingForm } from './SettingForm';
import { settingFields } from './setting-fields';

const EMAIL_SERVER_PATH = '/settings/email-server';

interface EmailServer {
  smtp: string;
  port: number;
  userName: string | null;
  passwordSet: boolean;
  fromEmail: string;
  fromName: string | null;
  sslKey: 1 | 2 | 3;
  allowUnencrypted: boolean;
}

/** Spec 002 §3 "Email server" sslKey: 1 Default, 3 SSL, 2 TLS. */
const SECURITY_OPTIONS = [
  { value: 1, key: 'default' },
  { value: 3, key: 'ssl' },
  { value: 2, key: 'tls' },
] as const;

/**
 * Spec 002 §2 "Email Server page": the server's fields, Save, Cancel back to /library, and a test mail. The super
 * admin's (issue 27: where mail goes decides who can sign in); the page tells anyone else without asking the server.
 */
export const EmailServerPage = () => {
  const translate = useTranslate();
  const superAdmin = useSuperAdmin();
  const { send } = useCansDataProvider();
  // Asked only when the server will answer (a refused read would end in react-admin's permission toast).
  const current = useQuery({
    queryKey: apiQueryKey(EMAIL_SERVER_PATH),
    queryFn: () => send<EmailServer>('GET', EMAIL_SERVER_PATH),
    enabled: superAdmin === true,
  });
  if (superAdmin === false)
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('cans.administration.email_server.title')} />
        <Alert severity="warning">{translate('cans.administration.email_server.super_admin_only')}</Alert>
      </Box>
    );
  // The form starts from the saved server: it mounts once that is read.
  return <EmailServerForm key={current.data ? 'loaded' : 'loading'} saved={current.data ?? null} />;
};

const EmailServerForm = ({ saved }: { saved: EmailServer | null }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.administration.email_server.${key}`);
  const notify = useNotify();
  const refresh = useRefreshApi();
  const [form, setForm] = useState({
    smtp: saved?.smtp ?? '',
    port: String(saved?.port ?? 587),
    userName: saved?.userName ?? '',
    password: '',
    fromEmail: saved?.fromEmail ?? '',
    fromName: saved?.fromName ?? '',
    sslKey: saved?.sslKey ?? 1,
    currentPassword: '',
  });
  const [allowUnencrypted, setAllowUnencrypted] = useState(saved?.allowUnencrypted ?? false);
  const [testTo, setTestTo] = useState('');
  const save = useApiMutation(
    (send, body: typeof form) =>
      send<{ message: string }>('PUT', EMAIL_SERVER_PATH, {
        ...body,
        // A whole number, or the text as typed so the server's message names the port.
        port: /^\d+$/.test(body.port) ? Number(body.port) : body.port,
        sslKey: Number(body.sslKey),
        allowUnencrypted: Number(body.sslKey) === 1 && allowUnencrypted,
        password: body.password || undefined,
        currentPassword: body.currentPassword || undefined,
      }),
    {
      onSuccess: (answer) => {
        notify(answer.message, { type: 'success' });
        setForm((f) => ({ ...f, password: '', currentPassword: '' }));
        void refresh(EMAIL_SERVER_PATH);
      },
    },
  );
  const testMail = useApiMutation((send, to: string) =>
    send<{ sent: boolean; message: string }>('POST', `${EMAIL_SERVER_PATH}/test-mail`, { to }),
  );
  const { field, fieldError, otherFailure } = settingFields('email-server', form, setForm, save.error, text);
  return (
    <SettingForm
      title={text('title')}
      loading={saved === null}
      saving={save.isPending}
      failure={otherFailure}
      onSubmit={() => save.mutate(form)}
      after={
        <>
          <Divider sx={{ my: 3 }} />
          <Typography component="h2" variant="h6" gutterBottom>
            {text('test_title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id="email-server-test-to"
              label={text('test_to')}
              type="email"
              value={testTo}
              onChange={(event) => setTestTo(event.target.value)}
              error={!!testMail.error?.fieldErrors.to}
              helperText={testMail.error?.fieldErrors.to ?? text('test_hint')}
              fullWidth
            />
            <Box>
              <Button
                variant="outlined"
                disabled={testMail.isPending}
                onClick={() => testMail.mutate(testTo)}
                sx={{ whiteSpace: 'nowrap', mt: { sm: 1 } }}
              >
                {text('test_send')}
              </Button>
            </Box>
          </Stack>
          {testMail.data && (
            <Alert severity={testMail.data.sent ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
              {testMail.data.message}
            </Alert>
          )}
          {testMail.error && !testMail.error.fieldErrors.to && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {testMail.error.message}
            </Alert>
          )}
        </>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {text('hint')}
        </Typography>
        {field('smtp', 'smtp', { required: true })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('port', 'port', { required: true, inputMode: 'numeric' })}
          <TextField
            id="email-server-security"
            select
            label={text('security')}
            value={form.sslKey}
            onChange={(event) => setForm({ ...form, sslKey: Number(event.target.value) as 1 | 2 | 3 })}
            error={!!fieldError('sslKey')}
            helperText={fieldError('sslKey')}
            fullWidth
          >
            {SECURITY_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {text(`security_${option.key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {field('userName', 'user_name')}
        {field('password', 'password', {
          type: 'password',
          autoComplete: 'new-password',
          helperText: text(saved?.passwordSet ? 'password_keep' : 'password_none'),
        })}
        {Number(form.sslKey) === 1 && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  id="email-server-allow-unencrypted"
                  checked={allowUnencrypted}
                  onChange={(event) => setAllowUnencrypted(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'email-server-allow-unencrypted-hint' } }}
                />
              }
              label={text('allow_unencrypted')}
            />
            <FormHelperText id="email-server-allow-unencrypted-hint" error={!!fieldError('allowUnencrypted')}>
              {fieldError('allowUnencrypted') ?? text('allow_unencrypted_hint')}
            </FormHelperText>
          </Box>
        )}
        {field('fromEmail', 'from_email', { required: true, type: 'email' })}
        {field('fromName', 'from_name')}
        {field('currentPassword', 'current_password', {
          type: 'password',
          autoComplete: 'current-password',
          helperText: text('current_password_hint'),
        })}
      </Stack>
    </SettingForm>
  );
};
