import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useApiMutation } from '../../providers/useApi';
import { PublicFrame } from './PublicFrame';

interface ResetRequest {
  username: string;
  email: string;
}

/** Spec §2 "Reset Password page": username and email; Cancel goes back, Reset Password mails a link. */
export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const [form, setForm] = useState<ResetRequest>({ username: '', email: '' });
  const request = useApiMutation<ResetRequest, { message: string }>((send, body) => send('POST', '/auth/password-reset', body), {
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success', autoHideDuration: 8000 });
      navigate('/login');
    },
    onError: (error) => notify(error.message, { type: 'error', autoHideDuration: 5000 }),
  });
  const errors = request.error?.fieldErrors ?? {};
  const text = (key: string) => translate(`cans.identity.reset_password.${key}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ username: form.username.trim(), email: form.email.trim() });
  };
  return (
    <PublicFrame title={text('title')} icon={<KeyOutlined fontSize="small" />}>
      <Typography variant="body2" color="text.secondary">
        {text('intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label={text('title')}>
        <TextField
          id="reset-username"
          label={text('username')}
          autoComplete="username"
          required
          fullWidth
          margin="normal"
          autoFocus
          value={form.username}
          onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))}
          error={!!errors.username}
          helperText={errors.username}
        />
        <TextField
          id="reset-email"
          label={text('email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          margin="normal"
          value={form.email}
          onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
          error={!!errors.email}
          helperText={errors.email}
        />
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>{translate('cans.identity.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={request.isPending}>
            {text(request.isPending ? 'sending' : 'submit')}
          </Button>
        </Stack>
      </Box>
    </PublicFrame>
  );
};
