import { useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { IconButton, Stack, Tooltip } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { usePrivilege } from '../../providers/usePrivilege';
import { USER_STATUS } from '../identity-model';
import { ApproveButton } from './ApproveButton';
import { DeleteUserButton } from './DeleteUserButton';
import { ResetPasswordButton } from './ResetPasswordButton';
import type { UserRecord } from './user-record';

/**
 * Spec §2 "User management": the table has a View button (User_View, which the list itself needs); User_Actions
 * adds Edit (or Approve), Reset Password and Delete for the users the server says one may manage.
 */
export const UserRowActions = () => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const canAct = usePrivilege('User_Actions');
  if (!record) return null;
  const userPath = `/users/${encodeURIComponent(record.id)}`;
  const view = (
    <Tooltip title={translate('cans.identity.users.view')}>
      <IconButton
        size="small"
        color="primary"
        aria-label={translate('cans.identity.users.view_name', { name: record.fullName })}
        component={Link}
        to={`${userPath}/show`}
      >
        <VisibilityOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  if (!canAct || !record.canManage) return view;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {view}
      {record.status === USER_STATUS.PendingApproval && identity?.canManageUserGroups ? (
        <ApproveButton />
      ) : (
        <Tooltip title={translate('cans.identity.users.edit')}>
          <IconButton
            size="small"
            color="primary"
            aria-label={translate('cans.identity.users.edit_name', { name: record.fullName })}
            component={Link}
            to={userPath}
          >
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <ResetPasswordButton compact />
      <DeleteUserButton compact />
    </Stack>
  );
};
