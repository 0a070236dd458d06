import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify, useRefresh } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List as MuiList,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { callApi, EMAIL_PATTERN, failureMessage, formatDate, isFailure, PASSWORD_MISMATCH_MESSAGE, PHONE_PATTERN, passwordProblems } from './identity-api';
import { PasswordField } from './LoginPage';
import { sessionStarted } from '../providers/authProvider';

interface Account {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  username: string;
  groupName: string | null;
  supervisorName: string | null;
  agencyName: string | null;
  externalId: string | null;
  expirationDate: string | null;
  isAdministrator: boolean;
  canAssignAccess: boolean;
  revision: number;
}

interface Assignment {
  id: string;
  delegateId: string;
  delegateName: string | null;
  startsOn: string;
  endsOn: string;
}

/** A delegate option: the server sends id and name only. */
interface Candidate {
  id: string;
  fullName: string;
}

const ReadOnly = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Box sx={{ minWidth: 160 }}>
    <Typography variant="caption" color="text.secondary">{label}</Typography>
    <Typography variant="body2">{value || '—'}</Typography>
  </Box>
);

const ProfileCard = ({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) => {
  const notify = useNotify();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: account.firstName, lastName: account.lastName, email: account.email, phone: account.phone ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!form.firstName.trim()) problems.firstName = 'First name is required.';
    if (!form.lastName.trim()) problems.lastName = 'Last name is required.';
    if (!EMAIL_PATTERN.test(form.email.trim())) problems.email = 'Please enter a valid email address.';
    if (form.phone.trim() && !PHONE_PATTERN.test(form.phone.trim())) problems.phone = 'Please enter the phone number as xxx-xxx-xxxx.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const saved = await callApi<Account & { message: string }>('PUT', '/account', { ...form, phone: form.phone.trim() || null, revision: account.revision });
      notify(saved.message, { type: 'success', autoHideDuration: 5000 });
      sessionStarted();
      onSaved(saved);
      // Spec §4: the administrator goes to /library after saving their profile.
      if (account.isAdministrator) navigate('/library');
    } catch (error) {
      if (isFailure(error)) setErrors(error.fieldErrors);
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
    }
    setSaving(false);
  };
  const field = (name: keyof typeof form, label: string, extra: object = {}) => (
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
  return (
    <Card component="section" aria-labelledby="profile-title">
      <CardHeader id="profile-title" title="Profile" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent component="form" noValidate onSubmit={save} sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('firstName', 'First name', { required: true })}
            {field('lastName', 'Last name', { required: true })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('email', 'Email', { required: true, type: 'email' })}
            {field('phone', 'Phone', { placeholder: '555-010-0199' })}
          </Stack>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ReadOnly label="Username" value={account.username} />
            <ReadOnly label="User group" value={account.groupName} />
            <ReadOnly label="Supervisor" value={account.supervisorName} />
            <ReadOnly label="Agency" value={account.agencyName} />
            <ReadOnly label="CANS External User ID" value={account.externalId} />
            <ReadOnly label="Expiration date" value={formatDate(account.expirationDate)} />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving…' : 'Save profile'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};

const PasswordCard = () => {
  const notify = useNotify();
  const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!form.oldPassword) problems.oldPassword = 'Please enter your current password.';
    const format = passwordProblems(form.newPassword);
    if (format) problems.newPassword = format;
    if (!form.confirmPassword) problems.confirmPassword = 'Please confirm the new password.';
    else if (form.confirmPassword !== form.newPassword) problems.confirmPassword = PASSWORD_MISMATCH_MESSAGE;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const answer = await callApi<{ message: string }>('POST', '/account/password', form);
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      setForm(empty);
    } catch (error) {
      if (isFailure(error)) setErrors(error.fieldErrors);
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
    }
    setSaving(false);
  };
  return (
    <Card component="section" aria-labelledby="password-title" sx={{ maxWidth: 600 }}>
      <CardHeader id="password-title" title="Change password" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent component="form" noValidate onSubmit={save} sx={{ pt: 0 }}>
        <PasswordField id="old-password" label="Current password" autoComplete="current-password" value={form.oldPassword} error={errors.oldPassword}
          onChange={(oldPassword) => setForm((f) => ({ ...f, oldPassword }))} />
        <PasswordField id="new-password" label="New password" autoComplete="new-password" value={form.newPassword} error={errors.newPassword}
          onChange={(newPassword) => setForm((f) => ({ ...f, newPassword }))} />
        <PasswordField id="confirm-new-password" label="Confirm password" autoComplete="new-password" value={form.confirmPassword} error={errors.confirmPassword}
          onChange={(confirmPassword) => setForm((f) => ({ ...f, confirmPassword }))} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          At least 8 characters, with an upper-case letter, a lower-case letter, a digit and a special character.
        </Typography>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : 'Change password'}
        </Button>
      </CardContent>
    </Card>
  );
};

/** Spec §2 "Assign access (dialog titled New Assessments To)": share new assessments for a date range. */
const AssignAccessCard = () => {
  const notify = useNotify();
  const [assignments, setAssignments] = useState<Assignment[]>([]);
  const [open, setOpen] = useState(false);
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [form, setForm] = useState<{ delegate: Candidate | null; startsOn: string; endsOn: string }>({ delegate: null, startsOn: '', endsOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const load = useCallback(() => {
    callApi<Assignment[]>('GET', '/account/access-assignments').then(setAssignments, () => setAssignments([]));
  }, []);
  useEffect(load, [load]);
  const openDialog = async () => {
    setErrors({});
    setForm({ delegate: null, startsOn: '', endsOn: '' });
    setOpen(true);
    setCandidates(await callApi<Candidate[]>('GET', '/account/access-assignments/delegate-options').catch(() => []));
  };
  const assign = async () => {
    const problems: Record<string, string> = {};
    if (!form.delegate) problems.delegateId = 'Please choose a user.';
    if (!form.startsOn) problems.startsOn = 'Please choose the first day.';
    if (!form.endsOn) problems.endsOn = 'Please choose the last day.';
    else if (form.startsOn && form.endsOn < form.startsOn) problems.endsOn = 'The last day must not be before the first day.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await callApi<{ message: string }>('POST', '/account/access-assignments', { delegateId: form.delegate!.id, startsOn: form.startsOn, endsOn: form.endsOn });
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      setOpen(false);
      load();
    } catch (error) {
      if (isFailure(error)) setErrors(error.fieldErrors);
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
    }
  };
  const revoke = async (id: string) => {
    try {
      const answer = await callApi<{ message: string }>('DELETE', `/account/access-assignments/${id}`);
      notify(answer.message, { type: 'success' });
      load();
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
    }
  };
  return (
    <Card component="section" aria-labelledby="assign-title">
      <CardHeader
        id="assign-title"
        title="Assign Access"
        subheader="Share the assessments you create during a period with a colleague."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={<Button variant="outlined" onClick={openDialog}>Assign Access</Button>}
      />
      <CardContent sx={{ pt: 0 }}>
        {assignments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">No access is assigned.</Typography>
        ) : (
          <MuiList dense aria-label="Access assignments">
            {assignments.map((a) => (
              <ListItem key={a.id} divider secondaryAction={
                <IconButton edge="end" aria-label={`Remove access for ${a.delegateName ?? a.delegateId}`} onClick={() => revoke(a.id)}>
                  <DeleteOutline />
                </IconButton>
              }>
                <ListItemText primary={a.delegateName ?? a.delegateId} secondary={`${formatDate(a.startsOn)} – ${formatDate(a.endsOn)}`} />
              </ListItem>
            ))}
          </MuiList>
        )}
      </CardContent>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>New Assessments To</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              options={candidates}
              getOptionLabel={(c) => c.fullName}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              renderOption={(props, c) => (
                <li {...props} key={c.id}>
                  {c.fullName}
                </li>
              )}
              value={form.delegate}
              onChange={(_e, delegate) => setForm((f) => ({ ...f, delegate }))}
              renderInput={(params) => <TextField {...params} label="User" required error={!!errors.delegateId} helperText={errors.delegateId} />}
            />
            <TextField type="date" label="From" value={form.startsOn} onChange={(e) => setForm((f) => ({ ...f, startsOn: e.target.value }))}
              error={!!errors.startsOn} helperText={errors.startsOn} required slotProps={{ inputLabel: { shrink: true } }} />
            <TextField type="date" label="To" value={form.endsOn} onChange={(e) => setForm((f) => ({ ...f, endsOn: e.target.value }))}
              error={!!errors.endsOn} helperText={errors.endsOn} required slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={assign}>Confirm</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
};

/** Spec §2 "My Account" (/profile/index): own profile, password, Assign Access (not for the administrator). */
export const MyAccountPage = () => {
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<string | undefined>();
  const refresh = useRefresh();
  useEffect(() => {
    callApi<Account>('GET', '/account').then(setAccount, (e: unknown) => setError(failureMessage(e)));
  }, []);
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="My Account" />
      {error && <Alert severity="error">{error}</Alert>}
      {account && (
        <Stack spacing={2}>
          <ProfileCard account={account} onSaved={(a) => (setAccount((old) => ({ ...old!, ...a })), refresh())} />
          <PasswordCard />
          {account.canAssignAccess && !account.isAdministrator && <AssignAccessCard />}
        </Stack>
      )}
    </Box>
  );
};
