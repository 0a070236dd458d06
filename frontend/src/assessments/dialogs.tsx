/* Dialogs shared by the list and the assessment page: a yes/no question and a required reason. */
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { errorMessage, toApiError } from '../providers/api-error';
import { validateReason } from '@cans/domain/assessments/narrative.validation';

export const ConfirmDialog = ({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
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
}) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title ?? translate('cans.assessments.dialogs.warning')}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{cancelLabel ?? translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel ?? translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * Return / Close reason (keys assessment_return_reason_required, assessment_close_reason_required). Spec 000 §4: the
 * page refuses an empty reason itself, by the domain's own rule; the server still refuses one that gets through.
 */
export const ReasonDialog = ({
  kind,
  open,
  title,
  label,
  confirmLabel,
  onSubmit,
  onCancel,
}: {
  kind: 'return' | 'close';
  open: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each opening starts empty (the previous reason and message are not shown again).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setError(null);
    }
  }
  const submit = async () => {
    const refused = validateReason(kind, reason).reason;
    if (refused) {
      setError(refused[0]);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } catch (e) {
      setError(toApiError(e).fieldErrors.reason ?? errorMessage(e));
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
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
