import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useApiMutation, useCansDataProvider } from '../../providers/useApi';
import { PasswordField } from './PasswordField';
import { PublicFrame } from './PublicFrame';

/** Link states (spec §2): 1 show the form, 2 the link is invalid (0, not checked yet, is the query's loading). */
const LINK_USABLE = 1;
const LINK_INVALID = 2;

interface LinkStatus {
  state: number;
  purpose?: string;
}

/** POST /auth/password-link/status: a read, sent as POST so the token stays out of URLs and logs. */
const useLinkStatus = (token: string) => {
  const dataProvider = useCansDataProvider();
  return useQuery({
    queryKey: ['api', '/auth/password-link/status', token],
    queryFn: () => dataProvider.send<LinkStatus>('POST', '/auth/password-link/status', { token }),
    retry: false,
    staleTime: Infinity,
  });
};

/**
 * The page a mailed link opens: /initialPassword/{userId}/{userName}/{userEmail}/{uuid} (spec 002 §2), for the
 * initial password of a new user or a reset. Only the uuid (the signed token) is sent; the server checks it and
 * names the account. /set-password/{token} is the form of links mailed before.
 */
export const SetPasswordPage = () => {
  const { uuid, token: legacyToken } = useParams();
  const token = uuid ?? legacyToken ?? '';
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const status = useLinkStatus(token);
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const save = useApiMutation<typeof form, { message: string }>(
    (send, passwords) => send('POST', '/auth/password-link', { token, ...passwords }),
    {
      onSuccess: (answer) => {
        notify(answer.message, { type: 'success', autoHideDuration: 5000 });
        navigate('/login', { replace: true });
      },
      onError: (error) => notify(error.message, { type: 'error', autoHideDuration: 5000 }),
    },
  );
  const errors = save.error?.fieldErrors ?? {};
  const refusedLink = !!save.error && (save.error.body.state === LINK_INVALID || save.error.messageKey === 'link_invalid');
  const state =
    refusedLink || status.isError || (status.isSuccess && status.data.state !== LINK_USABLE)
      ? LINK_INVALID
      : status.isSuccess
        ? LINK_USABLE
        : 0;
  const text = (key: string) => translate(`cans.identity.set_password.${key}`);
  const title = text(status.data?.purpose === 'reset' ? 'title_reset' : 'title_initial');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <PublicFrame title={state === LINK_INVALID ? text('invalid_title') : title} icon={<KeyOutlined fontSize="small" />}>
      {state === 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>{text('checking')}</Typography>
        </Box>
      )}
      {state === LINK_INVALID && (
        <Alert severity="warning" role="alert">
          {text('invalid_before')}{' '}
          <Link component={RouterLink} to="/login">
            {text('invalid_link')}
          </Link>{' '}
          {text('invalid_after')}
        </Alert>
      )}
      {state === LINK_USABLE && (
        <Box component="form" noValidate onSubmit={submit} aria-label={title}>
          <Typography variant="body2" color="text.secondary">
            {text('format_hint')}
          </Typography>
          <PasswordField
            id="new-password"
            label={text('new_password')}
            autoComplete="new-password"
            autoFocus
            value={form.password}
            onChange={(password) => setForm((f) => ({ ...f, password }))}
            error={errors.password}
          />
          <PasswordField
            id="confirm-password"
            label={text('confirm_password')}
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(confirmPassword) => setForm((f) => ({ ...f, confirmPassword }))}
            error={errors.confirmPassword}
          />
          <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/login')}>{translate('cans.identity.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {text(save.isPending ? 'saving' : 'save')}
            </Button>
          </Stack>
        </Box>
      )}
    </PublicFrame>
  );
};
