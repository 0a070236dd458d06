import { useRecordContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import type { UserRecord } from './user-record';
import { useApproveUser } from './useUserCommands';

/** Approve a user waiting for approval (shown to those who manage user groups). */
export const ApproveButton = () => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const approve = useApproveUser();
  if (!record) return null;
  return (
    <Button
      size="small"
      color="success"
      variant="outlined"
      startIcon={<CheckCircleOutline />}
      disabled={approve.isPending}
      onClick={(e) => {
        e.stopPropagation();
        approve.mutate(record.id);
      }}
    >
      {translate('cans.identity.users.approve')}
    </Button>
  );
};
