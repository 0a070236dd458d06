import {
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  PasswordInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  number,
  required,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert, Stack } from '@mui/material';
import { formatDateTime } from '../shared/format';
import { useSavedNotice } from './useSavedNotice';
import { WithFieldErrors } from './WithFieldErrors';
import { KEEP_TYPED_VALUES } from '../shared/form-reset';

interface ApiUserRecord {
  id: string;
  username: string;
  ip: string;
  maxRecords: number;
  lastSignInAt: string | null;
  /** The server's rule 6 of "Who manages whom": the caller may edit and delete it. */
  canManage: boolean;
}

/** Add, Edit and Delete show only to users the server lets manage API users (`canManageApiUsers` of /api/auth/me). */
const useCanManageApiUsers = () => !!useGetIdentity().identity?.canManageApiUsers;

const RowActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<ApiUserRecord>();
  if (!record?.canManage) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <EditButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle={translate('cans.identity.warning')}
        successMessage={translate('cans.identity.api_users.deleted')}
      />
    </Stack>
  );
};

/** Spec §2 "API User Management": username and accessible IP, with Add User, Edit and Delete. */
export const ApiUserList = () => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.identity.api_users.${key}`);
  const canManage = useCanManageApiUsers();
  return (
    <List
      title={text('list_title')}
      empty={false}
      sort={{ field: 'username', order: 'ASC' }}
      exporter={false}
      actions={<TopToolbar>{canManage && <CreateButton label={text('add')} />}</TopToolbar>}
    >
      {!canManage && (
        <Alert severity="info" sx={{ m: 2 }}>
          {text('managed_by_others')}
        </Alert>
      )}
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="username" label={text('fields.username')} />
        <TextField source="ip" label={text('fields.accessible_ip')} sortable={false} />
        <NumberField source="maxRecords" label={text('fields.max_records')} sortable={false} />
        <FunctionField
          label={text('fields.last_sign_in')}
          render={(r: ApiUserRecord) => formatDateTime(r.lastSignInAt, { seconds: true }) || translate('cans.identity.never')}
        />
        <RowActions />
      </Datagrid>
    </List>
  );
};

/** Spec §5: the four fields are required on blur, in the browser; the length, address and limit rules are the server's. */
const ApiUserForm = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.identity.api_users.${key}`);
  // The validators take the key: react-admin translates a validation message when it shows it.
  const requiredMessage = (field: string) => required(`cans.identity.api_users.required.${field}`);
  return (
    <SimpleForm sx={{ maxWidth: 640 }} mode="onBlur" resetOptions={KEEP_TYPED_VALUES}>
      <TextInput source="username" label={text('fields.username')} validate={requiredMessage('username')} fullWidth />
      <PasswordInput
        source="password"
        label={text('fields.password')}
        validate={mode === 'create' ? requiredMessage('password') : undefined}
        helperText={text(mode === 'edit' ? 'password_keep_hint' : 'password_hint')}
        fullWidth
      />
      <TextInput source="ip" label={text('fields.ip')} validate={requiredMessage('ip')} helperText={text('ip_hint')} fullWidth />
      <NumberInput
        source="maxRecords"
        label={text('fields.max_records')}
        validate={[requiredMessage('max_records'), number()]}
        step={1}
        fullWidth
      />
      <Alert severity="info" sx={{ width: '100%' }}>
        {text('token_hint')}
      </Alert>
    </SimpleForm>
  );
};

/** Keeps the current password when the field is left empty. */
const withoutEmptyPassword = (data: Record<string, unknown>) => (data.password ? data : { ...data, password: undefined });

export const ApiUserCreate = () => {
  const translate = useTranslate();
  const saved = useSavedNotice('api-users', 'cans.identity.api_users.saved');
  return (
    <WithFieldErrors>
      <Create title={translate('cans.identity.api_users.add_title')} mutationOptions={saved}>
        <ApiUserForm mode="create" />
      </Create>
    </WithFieldErrors>
  );
};

export const ApiUserEdit = () => {
  const translate = useTranslate();
  const saved = useSavedNotice('api-users', 'cans.identity.api_users.saved');
  return (
    <WithFieldErrors>
      <Edit
        title={translate('cans.identity.api_users.edit_title')}
        mutationMode="pessimistic"
        mutationOptions={saved}
        transform={withoutEmptyPassword}
      >
        <ApiUserForm mode="edit" />
      </Edit>
    </WithFieldErrors>
  );
};
