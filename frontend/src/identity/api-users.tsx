import {
  Create,
  CreateButton,
  TopToolbar,
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
  maxLength,
  minLength,
  minValue,
  number,
  regex,
  required,
} from 'react-admin';
import { Alert, Stack } from '@mui/material';
import { formatDate } from './identity-api';
import { useSavedNotice } from './useSavedNotice';
import { WithFieldErrors } from './WithFieldErrors';

interface ApiUserRecord {
  id: string;
  username: string;
  ip: string;
  maxRecords: number;
  lastSignInAt: string | null;
}

const IP_PATTERN = /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$|^[0-9A-Fa-f:]+:[0-9A-Fa-f:.]*$/;

/** Spec §2 "API User Management": username and accessible IP, with Add User, Edit and Delete. */
export const ApiUserList = () => (
  <List
    title="API User Management"
    empty={false}
    sort={{ field: 'username', order: 'ASC' }}
    exporter={false}
    actions={
      <TopToolbar>
        <CreateButton label="Add User" />
      </TopToolbar>
    }
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="username" label="Username" />
      <TextField source="ip" label="Accessible IP" sortable={false} />
      <NumberField source="maxRecords" label="Max records" sortable={false} />
      <FunctionField label="Last sign-in" render={(r: ApiUserRecord) => formatDate(r.lastSignInAt) || 'Never'} />
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        <EditButton />
        <DeleteButton mutationMode="pessimistic" confirmTitle="Warning" successMessage="The API user was deleted successfully." />
      </Stack>
    </Datagrid>
  </List>
);

const ApiUserForm = ({ mode }: { mode: 'create' | 'edit' }) => (
  <SimpleForm sx={{ maxWidth: 640 }}>
    <TextInput source="username" label="Username" validate={[required('Username is required.'), maxLength(100)]} fullWidth />
    <PasswordInput
      source="password"
      label="Password"
      validate={mode === 'create' ? [required('Password is required.'), minLength(12, 'The password must be at least 12 characters.')] : minLength(12, 'The password must be at least 12 characters.')}
      helperText={mode === 'edit' ? 'Leave empty to keep the current password.' : 'At least 12 characters.'}
      fullWidth
    />
    <TextInput source="ip" label="IP" validate={[required('IP is required.'), regex(IP_PATTERN, 'Please enter an IPv4 or IPv6 address.')]} helperText="The only address this API user may call from." fullWidth />
    <NumberInput source="maxRecords" label="Max records" validate={[required('Max records is required.'), number(), minValue(1, 'Max records must be at least 1.')]} step={1} fullWidth />
    <Alert severity="info" sx={{ width: '100%' }}>
      API clients exchange the username and password for a bearer token at POST /api/auth/api-token, from the IP above only.
    </Alert>
  </SimpleForm>
);

export const ApiUserCreate = () => {
  const saved = useSavedNotice('api-users', 'The API user was saved successfully.');
  return (
    <WithFieldErrors>
      <Create title="Add API User" mutationOptions={saved}>
        <ApiUserForm mode="create" />
      </Create>
    </WithFieldErrors>
  );
};

export const ApiUserEdit = () => {
  const saved = useSavedNotice('api-users', 'The API user was saved successfully.');
  return (
  <WithFieldErrors>
  <Edit title="Edit API User" mutationMode="pessimistic" mutationOptions={saved} transform={(data: Record<string, unknown>) => (data.password ? data : { ...data, password: undefined })}>
    <ApiUserForm mode="edit" />
  </Edit>
  </WithFieldErrors>
  );
};
