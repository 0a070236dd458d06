import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { formatDate } from '../../shared/format';
import type { Account } from './account-record';
import { useSaveProfile, type ProfileChanges } from './useAccountCommands';

const ReadOnly = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Box sx={{ minWidth: 160 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2">{value || '—'}</Typography>
  </Box>
);

/** Own name, email and phone; the rest of the account is shown, not changed here. */
export const ProfileCard = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [form, setForm] = useState<ProfileChanges>({
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone ?? '',
  });
  // Spec §4: the administrator goes to /library after saving their profile.
  const save = useSaveProfile(account.revision, () => account.isAdministrator && navigate('/library'));
  const errors = save.error?.fieldErrors ?? {};
  const text = (key: string) => translate(`cans.identity.account.${key}`);
  const field = (name: keyof ProfileChanges, label: string, extra: object = {}) => (
    <TextField
      id={`profile-${name}`}
      label={label}
      value={form[name]}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      error={!!errors[name]}
      helperText={errors[name]}
      fullWidth
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...form, firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() });
  };
  return (
    <Card component="section" aria-labelledby="profile-title">
      <CardHeader id="profile-title" title={text('profile')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent component="form" noValidate onSubmit={submit} sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('firstName', text('fields.first_name'), { required: true })}
            {field('lastName', text('fields.last_name'), { required: true })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('email', text('fields.email'), { required: true, type: 'email' })}
            {field('phone', text('fields.phone'), { placeholder: '555-010-0199' })}
          </Stack>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ReadOnly label={text('fields.username')} value={account.username} />
            <ReadOnly label={text('fields.user_group')} value={account.groupName} />
            <ReadOnly label={text('fields.supervisor')} value={account.supervisorName} />
            <ReadOnly label={text('fields.agency')} value={account.agencyName} />
            <ReadOnly label={text('fields.external_id')} value={account.externalId} />
            <ReadOnly label={text('fields.expiration_date')} value={formatDate(account.expirationDate)} />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {text(save.isPending ? 'saving' : 'save_profile')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
