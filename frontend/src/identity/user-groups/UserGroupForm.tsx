import {
  BooleanInput,
  Create,
  Edit,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { Stack } from '@mui/material';
import { useSavedNotice } from '../useSavedNotice';
import { WithFieldErrors } from '../WithFieldErrors';
import { PrivilegeTransferInput } from './PrivilegeTransferInput';
import { KEEP_TYPED_VALUES } from '../../shared/form-reset';

const GroupForm = () => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.identity.user_groups.${key}`);
  return (
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
      sx={{ maxWidth: 960 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
        <TextInput source="name" label={text('fields.group_name')} isRequired fullWidth />
        <ReferenceInput source="parentGroupId" reference="user-groups" perPage={500} sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label={text('fields.parent_group')} emptyText={text('no_parent')} fullWidth />
        </ReferenceInput>
      </Stack>
      <TextInput source="description" label={text('fields.description')} multiline minRows={2} fullWidth sx={{ maxWidth: 900 }} />
      <BooleanInput source="reportsToParent" label={text('fields.reports_to_parent')} helperText={text('reports_to_parent_hint')} />
      <PrivilegeTransferInput />
    </SimpleForm>
  );
};

export const UserGroupCreate = () => {
  const translate = useTranslate();
  const saved = useSavedNotice('user-groups', 'cans.identity.user_groups.saved');
  return (
    <WithFieldErrors>
      <Create title={translate('cans.identity.user_groups.add')} mutationOptions={saved}>
        <GroupForm />
      </Create>
    </WithFieldErrors>
  );
};

export const UserGroupEdit = () => {
  const translate = useTranslate();
  const saved = useSavedNotice('user-groups', 'cans.identity.user_groups.saved');
  return (
    <WithFieldErrors>
      <Edit title={translate('cans.identity.user_groups.edit')} mutationMode="pessimistic" mutationOptions={saved}>
        <GroupForm />
      </Edit>
    </WithFieldErrors>
  );
};
