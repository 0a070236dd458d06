import {
  DateInput,
  email,
  ReferenceInput,
  regex,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert, InputAdornment, Stack, Typography } from '@mui/material';
import { PHONE_PATTERN, USER_STATUS } from '../identity-model';
import { SupervisorInput } from './SupervisorInput';
import { ADMINISTRATOR_ID, type UserRecord } from './user-record';
import { KEEP_TYPED_VALUES } from '../../shared/form-reset';

const ROW = { direction: { xs: 'column', sm: 'row' }, spacing: 2, sx: { width: '100%' } } as const;

/** Spec §4: Lock is offered only when the user is locked. */
const statusChoiceIds = (current: number | undefined) => [
  USER_STATUS.Active,
  USER_STATUS.Inactive,
  ...(current === USER_STATUS.Lock ? [USER_STATUS.Lock] : []),
];

/** The user form of Add User and Edit: what the server accepts, and what it lets this user change. */
export const UserForm = ({ mode }: { mode: 'create' | 'edit' }) => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const text = (key: string) => translate(`cans.identity.users.${key}`);
  const restrictedEditable = mode === 'create' ? !!identity?.canManageUserGroups : !!record?.canEditRestricted;
  const isAdministrator = record?.id === ADMINISTRATOR_ID;
  // The server decides (403); the form mirrors it: nobody changes their own group, only manageable users are saved.
  const isSelf = mode === 'edit' && !!record && String(identity?.id) === record.id;
  const readOnly = mode === 'edit' && record?.canManage === false;
  const statusChoices = statusChoiceIds(record?.status).map((id) => ({ id, name: text(`status.${id}`) }));
  return (
    // Delete lives in the top toolbar, where it asks for a new supervisor when needed.
    // The hint under a disabled field still has to be readable (MUI greys it below the contrast minimum).
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      sx={{ maxWidth: 880, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
      toolbar={
        <Toolbar>
          <SaveButton disabled={readOnly} />
        </Toolbar>
      }
    >
      {readOnly && (
        <Alert severity="warning" sx={{ width: '100%', mb: 2 }}>
          {text('read_only')}
        </Alert>
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {text('sections.account')}
      </Typography>
      <Stack {...ROW}>
        <TextInput source="firstName" label={text('fields.first_name')} isRequired fullWidth />
        <TextInput source="lastName" label={text('fields.last_name')} isRequired fullWidth />
      </Stack>
      <Stack {...ROW}>
        <TextInput
          source="username"
          label={text('fields.username')}
          isRequired
          disabled={mode === 'edit' && isAdministrator}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">eo_</InputAdornment> } }}
          fullWidth
        />
        <TextInput source="email" label={text('fields.email')} type="email" isRequired validate={email(text('email_format'))} fullWidth />
        <TextInput
          source="phone"
          label={text('fields.phone')}
          placeholder="555-010-0199"
          validate={regex(PHONE_PATTERN, text('phone_format'))}
          helperText="xxx-xxx-xxxx"
          fullWidth
        />
      </Stack>
      {mode === 'edit' && record?.status === USER_STATUS.PendingApproval ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text('waiting_for_approval')}
        </Alert>
      ) : (
        <SelectInput
          source="status"
          label={text('fields.status')}
          choices={statusChoices}
          defaultValue={USER_STATUS.Active}
          isRequired
          disabled={isAdministrator}
          sx={{ minWidth: 220 }}
        />
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        {text('sections.organisation')}
      </Typography>
      <Stack {...ROW}>
        {/* Only the groups the server lets this user assign (GET /api/user-groups with filter assignable). */}
        <ReferenceInput
          source="userGroupId"
          reference="user-groups"
          perPage={500}
          sort={{ field: 'name', order: 'ASC' }}
          filter={{ assignable: true }}
        >
          <SelectInput
            optionText="name"
            label={text('fields.user_group')}
            isRequired
            disabled={isAdministrator || isSelf}
            helperText={isSelf && !isAdministrator ? text('own_group_fixed') : undefined}
            fullWidth
          />
        </ReferenceInput>
        <SupervisorInput userId={record?.id} />
      </Stack>
      <Stack {...ROW}>
        <ReferenceInput source="agencyId" reference="agencies" perPage={500} sort={{ field: 'name', order: 'ASC' }}>
          {/* Spec 002 §3: the agency is read-only once the user exists (the server refuses another one, 400). */}
          <SelectInput
            optionText="displayName"
            label={text('fields.agency')}
            emptyText={text(mode === 'edit' ? 'agency_none' : 'agency_of_supervisor')}
            readOnly={mode === 'edit'}
            helperText={mode === 'edit' ? text('agency_fixed') : undefined}
            fullWidth
          />
        </ReferenceInput>
        <TextInput
          source="externalId"
          label={text('fields.external_id')}
          isRequired
          disabled={mode === 'edit' && !restrictedEditable}
          fullWidth
        />
        <DateInput
          source="expirationDate"
          label={text('fields.expiration_date')}
          disabled={!restrictedEditable || isAdministrator}
          helperText={text(restrictedEditable ? 'expiration_hint' : 'expiration_fixed')}
          fullWidth
        />
      </Stack>
      {mode === 'create' && (
        <Alert severity="info" sx={{ width: '100%' }}>
          {text('create_hint')}
        </Alert>
      )}
    </SimpleForm>
  );
};
