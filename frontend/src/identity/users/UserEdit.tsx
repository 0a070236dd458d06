import { Edit, TopToolbar, useGetRecordId, useRecordContext } from 'react-admin';
import { usePrivilege } from '../../providers/usePrivilege';
import { useSavedNotice } from '../useSavedNotice';
import { WithFieldErrors } from '../WithFieldErrors';
import { DeleteUserButton } from './DeleteUserButton';
import { ResetPasswordButton } from './ResetPasswordButton';
import type { UserRecord } from './user-record';
import { UserForm } from './UserForm';
import { UserTitle } from './UserShow';

const UserEditActions = () => {
  const record = useRecordContext<UserRecord>();
  const canAct = usePrivilege('User_Actions') && !!record?.canManage;
  return (
    <TopToolbar>
      {canAct && <ResetPasswordButton />}
      {canAct && <DeleteUserButton />}
    </TopToolbar>
  );
};

export const UserEdit = () => {
  const id = useGetRecordId();
  const saved = useSavedNotice('users', 'cans.identity.users.saved');
  return (
    <WithFieldErrors>
      <Edit title={<UserTitle />} mutationMode="pessimistic" mutationOptions={saved} actions={<UserEditActions />} key={String(id)}>
        <UserForm mode="edit" />
      </Edit>
    </WithFieldErrors>
  );
};
