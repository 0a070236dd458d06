/* Reassign an assessment to one sibling user. */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useApiMutation, useApiQuery } from '../providers/useApi';
import type { AssessmentView, SiblingUserOptions } from './assessment-types';
import { assessmentApiPath } from './assessment-paths';
import { siblingUsersOf, userName } from './sibling-users';

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
  const translate = useTranslate();
  const options = useApiQuery<SiblingUserOptions>(open ? assessmentApiPath(assessmentId, 'reassign-options') : null);
  const [toUserId, setToUserId] = useState('');
  const reassign = useApiMutation<string, AssessmentView | null>((send, userId) =>
    send<AssessmentView | null>('POST', assessmentApiPath(assessmentId, 'reassign'), { toUserId: userId, revision }),
  );
  const close = () => {
    setToUserId('');
    reassign.reset();
    onClose();
  };
  const error = options.error?.message ?? reassign.error?.fieldErrors.toUserId ?? reassign.error?.message;
  const save = () =>
    reassign.mutate(toUserId, {
      onSuccess: (updated) => {
        setToUserId('');
        onDone(updated);
      },
    });
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="reassign-dialog-title">
      <DialogTitle id="reassign-dialog-title">{translate('cans.assessments.reassign.title')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          select
          label={translate('cans.assessments.reassign.assignTo')}
          value={toUserId}
          onChange={(e) => setToUserId(e.target.value)}
          fullWidth
          sx={{ mt: 1 }}
        >
          {(siblingUsersOf(options.data) ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {userName(user)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={reassign.isPending}>
          {translate('cans.assessments.reassign.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
