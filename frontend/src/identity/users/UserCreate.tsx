import { Create, useTranslate } from 'react-admin';
import { useSavedNotice } from '../useSavedNotice';
import { WithFieldErrors } from '../WithFieldErrors';
import { UserForm } from './UserForm';

export const UserCreate = () => {
  const translate = useTranslate();
  const saved = useSavedNotice('users', 'cans.identity.users.saved');
  return (
    <WithFieldErrors>
      <Create title={translate('cans.identity.users.add')} mutationOptions={saved}>
        <UserForm mode="create" />
      </Create>
    </WithFieldErrors>
  );
};
