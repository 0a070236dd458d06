import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Tooltip } from '@mui/material';
import LockReset from '@mui/icons-material/LockReset';
import type { UserRecord } from './user-record';
import { useSendPasswordReset } from './useUserCommands';

/** Asks, then mails the user a link to set a new password; `compact` is the icon form of the list rows. */
export const ResetPasswordButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const sendReset = useSendPasswordReset();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = translate('cans.identity.users.reset_password');
  const ask = (e: React.MouseEvent) => {
    e.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton
            size="small"
            aria-label={translate('cans.identity.users.reset_password_for', { name: record.fullName })}
            onClick={ask}
          >
            <LockReset fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<LockReset />} onClick={ask}>
          {label}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>{translate('cans.identity.system_message')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('cans.identity.users.reset_password_question', { name: record.fullName, email: record.email })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('cans.identity.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setOpen(false);
              sendReset.mutate(record.id);
            }}
          >
            {translate('cans.identity.users.send_link')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
