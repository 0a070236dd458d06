import { useState } from 'react';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useApiQuery } from '../../providers/useApi';
import { USER_STATUS } from '../identity-model';
import { ADMINISTRATOR_ID, type UserRecord } from './user-record';
import { useDeleteUser } from './useUserCommands';

/**
 * Delete a user. With supervisees (spec §4 "Users"), a new supervisor must be chosen first; the supervisees and
 * the user's cases move to them. The dialog opens once the supervisee count is known.
 */
export const DeleteUserButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const [asked, setAsked] = useState(false);
  const [successor, setSuccessor] = useState<UserRecord | null>(null);
  const [successorError, setSuccessorError] = useState<string | undefined>();
  const deleteUser = useDeleteUser();
  // Fresh on every opening: gcTime 0 drops the count once the dialog closes.
  const supervisees = useApiQuery<{ count: number }>(asked && record ? `/users/${encodeURIComponent(record.id)}/supervisees` : null, {
    gcTime: 0,
  });
  const superviseeCount = Number(supervisees.data?.count) || 0;
  const { data: candidates } = useGetList<UserRecord>(
    'users',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'lastName', order: 'ASC' }, filter: { status: USER_STATUS.Active } },
    { enabled: asked && superviseeCount > 0 },
  );
  if (!record || record.id === ADMINISTRATOR_ID) return null;

  const open = asked && (supervisees.isSuccess || supervisees.isError);
  const close = () => setAsked(false);
  const ask = (e: React.MouseEvent) => {
    e.stopPropagation();
    setSuccessor(null);
    setSuccessorError(undefined);
    setAsked(true);
  };
  const remove = () => {
    if (superviseeCount > 0 && !successor) return setSuccessorError(translate('cans.identity.users.delete_choose_successor'));
    deleteUser.mutate({ userId: record.id, successorUserId: successor?.id }, { onSuccess: close });
  };
  const label = translate('cans.identity.users.delete');
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('cans.identity.users.delete_name', { name: record.fullName })}
            onClick={ask}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={ask}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={close} onClick={(e) => e.stopPropagation()} maxWidth="sm" fullWidth>
        <DialogTitle>{translate(superviseeCount > 0 ? 'cans.identity.warning' : 'cans.identity.system_message')}</DialogTitle>
        <DialogContent>
          {supervisees.isError ? (
            <Alert severity="error">{supervisees.error.message}</Alert>
          ) : superviseeCount > 0 ? (
            <Stack spacing={2}>
              <Alert severity="warning">{translate('cans.identity.users.delete_has_supervisees', { smart_count: superviseeCount })}</Alert>
              <Autocomplete
                options={(candidates ?? []).filter((u) => u.id !== record.id)}
                getOptionLabel={(u) => `${u.fullName} (${u.username})`}
                value={successor}
                onChange={(_e, value) => {
                  setSuccessor(value);
                  setSuccessorError(undefined);
                }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={translate('cans.identity.users.new_supervisor')}
                    required
                    error={!!successorError}
                    helperText={successorError}
                  />
                )}
              />
            </Stack>
          ) : (
            <DialogContentText>
              {translate('cans.identity.users.delete_question', { name: record.fullName, username: record.username })}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('cans.identity.cancel')}</Button>
          <Button variant="contained" color="error" onClick={remove} disabled={deleteUser.isPending || supervisees.isError}>
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
