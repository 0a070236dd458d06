import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { PasswordField } from '../public/PasswordField';
import { useChangePassword, type PasswordChange } from './useAccountCommands';

const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Change one's own password; the server checks the current one, the format and the confirmation. */
export const PasswordCard = () => {
  const translate = useTranslate();
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword(() => setForm(EMPTY));
  const errors = change.error?.fieldErrors ?? {};
  const text = (key: string) => translate(`cans.identity.account.${key}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(form);
  };
  return (
    <Card component="section" aria-labelledby="password-title" sx={{ maxWidth: 600 }}>
      <CardHeader id="password-title" title={text('change_password')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent component="form" noValidate onSubmit={submit} sx={{ pt: 0 }}>
        <PasswordField
          id="old-password"
          label={text('fields.current_password')}
          autoComplete="current-password"
          value={form.oldPassword}
          error={errors.oldPassword}
          onChange={(oldPassword) => setForm((f) => ({ ...f, oldPassword }))}
        />
        <PasswordField
          id="new-password"
          label={text('fields.new_password')}
          autoComplete="new-password"
          value={form.newPassword}
          error={errors.newPassword}
          onChange={(newPassword) => setForm((f) => ({ ...f, newPassword }))}
        />
        <PasswordField
          id="confirm-new-password"
          label={text('fields.confirm_password')}
          autoComplete="new-password"
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(confirmPassword) => setForm((f) => ({ ...f, confirmPassword }))}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          {text('password_hint')}
        </Typography>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {text(change.isPending ? 'saving' : 'change_password')}
        </Button>
      </CardContent>
    </Card>
  );
};
