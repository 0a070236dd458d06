/* Dialogs shared by the list and the assessment page: confirm, required reason, share, reassign. */
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  MenuItem,
  TextField,
} from '@mui/material';
import { apiGet, apiSend, errorMessage, type AssessmentView, type SiblingUser } from './api';

export const ConfirmDialog = ({
  open,
  title = 'Warning',
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy,
}: {
  open: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) => (
  <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
    <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
    <DialogContent>
      <DialogContentText component="div">{message}</DialogContentText>
    </DialogContent>
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel}>{cancelLabel}</Button>
      <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);

/** Return / Close reason (spec: required; keys assessment_return_reason_required, assessment_close_reason_required). */
export const ReasonDialog = ({
  open,
  title,
  label,
  requiredMessage,
  confirmLabel,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);
  const submit = async () => {
    if (!reason.trim()) {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="reason-dialog-title">
      <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={label}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          required
          autoFocus
          sx={{ mt: 1 }}
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: 10000 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const userName = (user: SiblingUser) => user.fullName || user.name || user.username || user.id;

/** Share Assessment To: sibling users with select-all (spec §2). */
export const ShareDialog = ({
  assessmentId,
  open,
  onClose,
  onShared,
}: {
  assessmentId: string;
  open: boolean;
  onClose: () => void;
  onShared: (view: AssessmentView | null) => void;
}) => {
  const [users, setUsers] = useState<SiblingUser[] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  // Shares others granted that a share by this user keeps (the server keeps them whatever is sent): shown fixed.
  const [kept, setKept] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setUsers(null);
    setError(null);
    Promise.all([
      apiGet<SiblingUser[] | { users?: SiblingUser[]; siblingUsers?: SiblingUser[]; keptShares?: string[] }>(`/assessments/${assessmentId}/share-options`),
      apiGet<AssessmentView>(`/assessments/${assessmentId}`),
    ])
      .then(([options, view]) => {
        const list = Array.isArray(options) ? options : (options.users ?? options.siblingUsers ?? []);
        setUsers(list);
        setKept(Array.isArray(options) ? [] : (options.keptShares ?? []));
        setSelected(view.sharedWith ?? []);
      })
      .catch((e) => setError(errorMessage(e)));
  }, [open, assessmentId]);
  const all = users !== null && users.length > 0 && users.every((u) => selected.includes(u.id));
  const toggle = (id: string) => setSelected((s) => (kept.includes(id) ? s : s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const view = await apiGet<AssessmentView>(`/assessments/${assessmentId}`);
      const updated = await apiSend<AssessmentView | null>('POST', `/assessments/${assessmentId}/share`, { userIds: selected, revision: view.revision });
      onShared(updated);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">Share Assessment To</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        {users === null && !error && <CircularProgress size={24} aria-label="Loading users" />}
        {users !== null && users.length === 0 && <DialogContentText>No users to share with.</DialogContentText>}
        {users !== null && users.length > 0 && (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  checked={all}
                  indeterminate={!all && selected.length > 0}
                  // MUI marks the mixed state with aria-checked="mixed"; the native input must agree (axe).
                  inputRef={(input: HTMLInputElement | null) => {
                    if (input) input.indeterminate = !all && selected.length > 0;
                  }}
                  onChange={() => setSelected(all ? selected.filter((id) => kept.includes(id)) : [...new Set([...selected, ...users.map((u) => u.id)])])}
                />
              }
              label="Select all"
            />
            <List dense disablePadding>
              {users.map((user) => (
                <ListItem key={user.id} disablePadding sx={{ pl: 2 }}>
                  <FormControlLabel
                    control={<Checkbox checked={selected.includes(user.id)} disabled={kept.includes(user.id)} onChange={() => toggle(user.id)} />}
                    label={userName(user)}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={busy || users === null}>
          Share
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Reassign to one sibling user. */
export const ReassignDialog = ({
  assessmentId,
  revision,
  open,
  onClose,
  onDone,
}: {
  assessmentId: string;
  revision: number;
  open: boolean;
  onClose: () => void;
  onDone: (view: AssessmentView | null) => void;
}) => {
  const [users, setUsers] = useState<SiblingUser[] | null>(null);
  const [toUserId, setToUserId] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setError(null);
    setToUserId('');
    apiGet<SiblingUser[] | { users?: SiblingUser[]; siblingUsers?: SiblingUser[] }>(`/assessments/${assessmentId}/reassign-options`)
      .then((options) => setUsers(Array.isArray(options) ? options : (options.users ?? options.siblingUsers ?? [])))
      .catch((e) => setError(errorMessage(e)));
  }, [open, assessmentId]);
  const save = async () => {
    if (!toUserId) {
      setError('Choose a user.');
      return;
    }
    try {
      onDone(await apiSend<AssessmentView | null>('POST', `/assessments/${assessmentId}/reassign`, { toUserId, revision }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="reassign-dialog-title">
      <DialogTitle id="reassign-dialog-title">Reassign Assessment</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <TextField select label="Assign to" value={toUserId} onChange={(e) => setToUserId(e.target.value)} fullWidth sx={{ mt: 1 }}>
          {(users ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {userName(user)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Reassign
        </Button>
      </DialogActions>
    </Dialog>
  );
};
