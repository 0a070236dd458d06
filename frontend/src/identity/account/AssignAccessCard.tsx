import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Autocomplete,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useApiQuery } from '../../providers/useApi';
import { formatDate } from '../../shared/format';
import { ASSIGNMENTS_PATH, DELEGATE_OPTIONS_PATH, type AccessAssignment, type DelegateCandidate } from './account-record';
import { useAssignAccess, useRevokeAccess } from './useAccountCommands';

interface GrantForm {
  delegate: DelegateCandidate | null;
  startsOn: string;
  endsOn: string;
}

const EMPTY_GRANT: GrantForm = { delegate: null, startsOn: '', endsOn: '' };

/**
 * Spec §2 "Assign access (dialog titled New Assessments To)": a sibling user (the server's delegate-options) and the
 * days; the server checks both, and shares only the assessments created after the assignment is made.
 */
const AssignAccessDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const [form, setForm] = useState<GrantForm>(EMPTY_GRANT);
  const candidates = useApiQuery<DelegateCandidate[]>(open ? DELEGATE_OPTIONS_PATH : null);
  const assign = useAssignAccess(onClose);
  const errors = assign.error?.fieldErrors ?? {};
  const text = (key: string) => translate(`cans.identity.account.assign.${key}`);
  const submit = () =>
    assign.mutate({ delegateId: form.delegate?.id, startsOn: form.startsOn || undefined, endsOn: form.endsOn || undefined });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{text('dialog_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {text('dialog_hint')}
          </Typography>
          <Autocomplete
            options={candidates.data ?? []}
            getOptionLabel={(c) => c.fullName}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderOption={(props, c) => (
              <li {...props} key={c.id}>
                {c.fullName}
              </li>
            )}
            value={form.delegate}
            onChange={(_e, delegate) => setForm((f) => ({ ...f, delegate }))}
            renderInput={(params) => (
              <TextField {...params} label={text('user')} required error={!!errors.delegateId} helperText={errors.delegateId} />
            )}
          />
          <TextField
            type="date"
            label={text('from')}
            value={form.startsOn}
            onChange={(e) => setForm((f) => ({ ...f, startsOn: e.target.value }))}
            error={!!errors.startsOn}
            helperText={errors.startsOn}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={text('to')}
            value={form.endsOn}
            onChange={(e) => setForm((f) => ({ ...f, endsOn: e.target.value }))}
            error={!!errors.endsOn}
            helperText={errors.endsOn}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('cans.identity.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending}>
          {translate('cans.identity.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The assignments in force, each with a remove button, and the button that adds one. */
export const AssignAccessCard = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // Each opening mounts a fresh dialog: an empty form and no messages from the last attempt.
  const [dialogKey, setDialogKey] = useState(0);
  const assignments = useApiQuery<AccessAssignment[]>(ASSIGNMENTS_PATH);
  const revoke = useRevokeAccess();
  const text = (key: string) => translate(`cans.identity.account.assign.${key}`);
  const rows = assignments.data ?? [];
  return (
    <Card component="section" aria-labelledby="assign-title">
      <CardHeader
        id="assign-title"
        title={text('title')}
        subheader={text('subheader')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <Button
            variant="outlined"
            onClick={() => {
              setDialogKey((k) => k + 1);
              setOpen(true);
            }}
          >
            {text('title')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {text('none')}
          </Typography>
        ) : (
          <List dense aria-label={text('list_label')}>
            {rows.map((a) => (
              <ListItem
                key={a.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={translate('cans.identity.account.assign.remove_for', { name: a.delegateName ?? a.delegateId })}
                    onClick={() => revoke.mutate(a.id)}
                  >
                    <DeleteOutline />
                  </IconButton>
                }
              >
                <ListItemText primary={a.delegateName ?? a.delegateId} secondary={`${formatDate(a.startsOn)} – ${formatDate(a.endsOn)}`} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <AssignAccessDialog key={dialogKey} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
};
