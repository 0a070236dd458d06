import { useEffect, useState } from 'react';
import {
  Create,
  Datagrid,
  FilterButton,
  Show,
  SimpleShowLayout,
  SaveButton,
  Toolbar,
  DateInput,
  Edit,
  FunctionField,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  CreateButton,
  email,
  maxLength,
  regex,
  required,
  useGetIdentity,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useGetRecordId,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Stack,
  IconButton,
  TextField as MuiTextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import LockReset from '@mui/icons-material/LockReset';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link } from 'react-router-dom';
import { callApi, failureMessage, formatDate, PHONE_PATTERN, USER_STATUS_LABELS } from './identity-api';
import { GroupTreePicker, type UserGroupRecord } from './user-groups';
import { usePrivilege } from '../providers/usePrivilege';
import { useSavedNotice } from './useSavedNotice';
import { WithFieldErrors } from './WithFieldErrors';
import { ScrollRegion } from '../layout/ScrollRegion';

export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  username: string;
  email: string;
  phone: string | null;
  status: number;
  statusLabel: string;
  userGroupId: string;
  groupName: string | null;
  supervisorId: string | null;
  supervisorName: string | null;
  agencyId: string | null;
  agencyName: string | null;
  externalId: string | null;
  expirationDate: string | null;
  superviseeCount: number;
  canEditRestricted?: boolean;
  /** The server's answer to "may I edit, approve, reset or delete this user?" (the user-management policy). */
  canManage?: boolean;
}

const STATUS_COLORS: Record<number, 'success' | 'default' | 'error' | 'warning'> = { 1: 'success', 0: 'default', 2: 'error', 3: 'warning' };

export const StatusChip = () => {
  const record = useRecordContext<UserRecord>();
  if (!record) return null;
  return <Chip size="small" label={USER_STATUS_LABELS[record.status] ?? record.statusLabel} color={STATUS_COLORS[record.status] ?? 'default'} variant={record.status === 1 ? 'filled' : 'outlined'} />;
};

const STATUS_FILTER_CHOICES = [
  { id: 1, name: 'Active' },
  { id: 0, name: 'Inactive' },
  { id: 2, name: 'Lock' },
  { id: 3, name: 'Pending approval' },
];

const userFilters = [
  <SearchInput source="q" alwaysOn key="q" placeholder="Search users" />,
  <SelectInput source="status" label="Status" choices={STATUS_FILTER_CHOICES} alwaysOn key="status" helperText={false} sx={{ minWidth: 150 }} />,
  <ReferenceInput source="userGroupId" reference="user-groups" perPage={500} sort={{ field: 'name', order: 'ASC' }} alwaysOn key="group">
    <SelectInput optionText="name" label="User group" helperText={false} size="small" sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <ReferenceInput source="agencyId" reference="agencies" perPage={500} sort={{ field: 'name', order: 'ASC' }} alwaysOn key="agency">
    <SelectInput optionText="displayName" label="Agency" helperText={false} size="small" sx={{ minWidth: 160 }} />
  </ReferenceInput>,
  <TextInput source="supervisorFirstName" label="Supervisor first name" key="sfn" />,
  <TextInput source="supervisorLastName" label="Supervisor last name" key="sln" />,
  <TextInput source="supervisorUsername" label="Supervisor username" key="su" />,
];

/** The user-group tree beside the table (spec: panel height 600); a click filters by the group. */
const GroupAside = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { data } = useGetList<UserGroupRecord>('user-groups', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });
  return (
    <Card sx={{ order: -1, mr: 2, mt: 9, width: 210, flexShrink: 0, alignSelf: 'flex-start', display: { xs: 'none', md: 'block' } }}>
      <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="subtitle2" sx={{ px: 1, pt: 0.5 }}>
          User groups
        </Typography>
        <GroupTreePicker
          groups={data ?? []}
          selected={filterValues.userGroupId}
          onSelect={(id) => {
            const { userGroupId: _ignored, ...rest } = filterValues;
            setFilters(id ? { ...rest, userGroupId: id } : rest, displayedFilters);
          }}
        />
      </CardContent>
    </Card>
  );
};

const ApproveButton = () => {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  return (
    <Button
      size="small"
      color="success"
      variant="outlined"
      startIcon={<CheckCircleOutline />}
      disabled={busy}
      onClick={async (e) => {
        e.stopPropagation();
        setBusy(true);
        try {
          const answer = await callApi<{ message: string }>('POST', `/users/${record.id}/approve`);
          notify(answer.message, { type: 'success', autoHideDuration: 5000 });
          refresh();
        } catch (error) {
          notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
        }
        setBusy(false);
      }}
    >
      Approve
    </Button>
  );
};

export const ResetPasswordButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const send = async () => {
    setOpen(false);
    try {
      const answer = await callApi<{ message: string }>('POST', `/users/${record.id}/password-reset`);
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
    } catch (error) {
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
    }
  };
  return (
    <>
      {compact ? (
        <Tooltip title="Reset Password">
          <IconButton size="small" aria-label={`Reset Password for ${record.fullName}`} onClick={(e) => (e.stopPropagation(), setOpen(true))}>
            <LockReset fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<LockReset />} onClick={(e) => (e.stopPropagation(), setOpen(true))}>
          Reset Password
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()}>
        <DialogTitle>System Message</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Send {record.fullName} ({record.email}) an email with a link to set a new password?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={send}>
            Send link
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * Delete a user. With supervisees (spec §4 "Users"), a new supervisor must be chosen first; the supervisees and
 * the user's cases move to them.
 */
export const DeleteUserButton = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [superviseeCount, setSuperviseeCount] = useState(0);
  const [successor, setSuccessor] = useState<UserRecord | null>(null);
  const [successorError, setSuccessorError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { data: candidates } = useGetList<UserRecord>(
    'users',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'lastName', order: 'ASC' }, filter: { status: 1 } },
    { enabled: open && superviseeCount > 0 },
  );
  if (!record || record.id === '1') return null;

  const start = async () => {
    setSuccessor(null);
    setSuccessorError(undefined);
    try {
      const check = await callApi<{ count: number }>('GET', `/users/${record.id}/supervisees`);
      setSuperviseeCount(Number(check.count) || 0);
      setOpen(true);
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
    }
  };
  const remove = async () => {
    if (superviseeCount > 0 && !successor) return setSuccessorError('Please choose the new supervisor.');
    setBusy(true);
    try {
      const query = successor ? `?successorUserId=${encodeURIComponent(successor.id)}` : '';
      const answer = await callApi<{ message: string }>('DELETE', `/users/${record.id}${query}`);
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
    }
    setBusy(false);
  };
  return (
    <>
      {compact ? (
        <Tooltip title="Delete">
          <IconButton size="small" color="error" aria-label={`Delete ${record.fullName}`} onClick={(e) => (e.stopPropagation(), void start())}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={(e) => (e.stopPropagation(), void start())}>
          Delete
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()} maxWidth="sm" fullWidth>
        <DialogTitle>{superviseeCount > 0 ? 'Warning' : 'System Message'}</DialogTitle>
        <DialogContent>
          {superviseeCount > 0 ? (
            <Stack spacing={2}>
              <Alert severity="warning">
                Currently there are supervisees for this user, it cannot be deleted. Please choose the new supervisor for this user's supervisees.
                ({superviseeCount} supervisee{superviseeCount === 1 ? '' : 's'}; their cases move too.)
              </Alert>
              <Autocomplete
                options={(candidates ?? []).filter((u) => u.id !== record.id)}
                getOptionLabel={(u) => `${u.fullName} (${u.username})`}
                value={successor}
                onChange={(_e, value) => (setSuccessor(value), setSuccessorError(undefined))}
                renderInput={(params) => <MuiTextField {...params} label="New supervisor" required error={!!successorError} helperText={successorError} />}
              />
            </Stack>
          ) : (
            <DialogContentText>Delete the user {record.fullName} ({record.username})? This cannot be undone.</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" color="error" onClick={remove} disabled={busy}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const UserRowActions = () => {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const canAct = usePrivilege('User_Actions');
  if (!record) return null;
  // Spec §2 "User management": the table has a View button (User_View, which the list itself needs); User_Actions
  // adds Edit (or Approve), Reset Password and Delete for the users the server says one may manage.
  const view = (
    <Tooltip title="View">
      <IconButton size="small" color="primary" aria-label={`View ${record.fullName}`} component={Link} to={`/users/${encodeURIComponent(record.id)}/show`}>
        <VisibilityOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  if (!canAct || !record.canManage) return view;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {view}
      {record.status === 3 && identity?.canManageUserGroups ? (
        <ApproveButton />
      ) : (
        <Tooltip title="Edit">
          <IconButton size="small" color="primary" aria-label={`Edit ${record.fullName}`} component={Link} to={`/users/${encodeURIComponent(record.id)}`}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <ResetPasswordButton compact />
      <DeleteUserButton compact />
    </Stack>
  );
};

const UserListActions = () => {
  const canAct = usePrivilege('User_Actions');
  return (
    <TopToolbar>
      <FilterButton />
      {canAct && <CreateButton label="Add User" />}
    </TopToolbar>
  );
};

export const UserList = () => (
  <List
    title="User Management"
    filters={userFilters}
    aside={<GroupAside />}
    actions={<UserListActions />}
    sort={{ field: 'lastName', order: 'ASC' }}
    perPage={20}
    pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
    exporter={false}
    sx={{ '& .RaList-main': { minWidth: 0 } }}
  >
    <ScrollRegion label="Users">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="Name"
          sortBy="lastName"
          render={(r: UserRecord) => (
            <Box>
              <Typography variant="body2">{r.fullName}</Typography>
              <Typography variant="caption" color="text.secondary">{r.username}</Typography>
            </Box>
          )}
        />
        <TextField source="email" label="Email" />
        <TextField source="groupName" label="User group" sortable={false} />
        <TextField source="supervisorName" label="Supervisor" sortable={false} emptyText="—" />
        <FunctionField label="Status" sortBy="status" render={() => <StatusChip />} />
        <UserRowActions />
      </Datagrid>
    </ScrollRegion>
  </List>
);

const PHONE_MESSAGE = 'Please enter the phone number as xxx-xxx-xxxx.';

/** Supervisor select: the candidates depend on the chosen group (GET /users/supervisor-options). */
const SupervisorInput = ({ userId }: { userId?: string }) => {
  const userGroupId = useWatch({ name: 'userGroupId' }) as string | undefined;
  const [choices, setChoices] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    if (!userGroupId) return setChoices([]);
    const query = new URLSearchParams({ userGroupId, ...(userId ? { userId } : {}) });
    let live = true;
    callApi<UserRecord[]>('GET', `/users/supervisor-options?${query}`)
      .then((users) => live && setChoices(users.map((u) => ({ id: u.id, name: `${u.fullName} (${u.username})` }))))
      .catch(() => live && setChoices([]));
    return () => {
      live = false;
    };
  }, [userGroupId, userId]);
  return (
    <SelectInput
      source="supervisorId"
      label="Supervisor"
      choices={choices}
      validate={userId === '1' ? undefined : required('Please choose a supervisor.')}
      disabled={userId === '1' || !userGroupId}
      helperText={!userGroupId ? 'Choose a user group first.' : choices.length === 0 ? 'No one can supervise this group: supervisors come from its parent groups.' : undefined}
      fullWidth
    />
  );
};

const statusChoices = (current: number | undefined) => [
  { id: 1, name: 'Active' },
  { id: 0, name: 'Inactive' },
  // Spec §4: Lock is offered only when the user is locked.
  ...(current === 2 ? [{ id: 2, name: 'Lock' }] : []),
];

const UserForm = ({ mode }: { mode: 'create' | 'edit' }) => {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const restrictedEditable = mode === 'create' ? !!identity?.canManageUserGroups : !!record?.canEditRestricted;
  const isAdministrator = record?.id === '1';
  // The server decides (403); the form mirrors it: nobody changes their own group, only manageable users are saved.
  const isSelf = mode === 'edit' && !!record && String(identity?.id) === record.id;
  const readOnly = mode === 'edit' && record?.canManage === false;
  return (
    // Delete lives in the top toolbar, where it asks for a new supervisor when needed.
    // The hint under a disabled field still has to be readable (MUI greys it below the contrast minimum).
    <SimpleForm sx={{ maxWidth: 880, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }} toolbar={<Toolbar><SaveButton disabled={readOnly} /></Toolbar>}>
      {readOnly && <Alert severity="warning" sx={{ width: '100%', mb: 2 }}>You cannot change this user: their user group has privileges that you do not have.</Alert>}
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Account</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextInput source="firstName" label="First name" validate={[required('First name is required.'), maxLength(100)]} fullWidth />
        <TextInput source="lastName" label="Last name" validate={[required('Last name is required.'), maxLength(100)]} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <TextInput
          source="username"
          label="Username"
          validate={[required('Username is required.'), regex(/^[A-Za-z0-9._-]{2,50}$/, 'Username may contain letters, digits and . _ - only (2–50).')]}
          disabled={mode === 'edit' && isAdministrator}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">eo_</InputAdornment> } }}
          fullWidth
        />
        <TextInput source="email" label="Email" type="email" validate={[required('Email is required.'), email('Please enter a valid email address.')]} fullWidth />
        <TextInput source="phone" label="Phone" placeholder="555-010-0199" validate={regex(PHONE_PATTERN, PHONE_MESSAGE)} helperText="xxx-xxx-xxxx" fullWidth />
      </Stack>
      {mode === 'edit' && record?.status === 3 ? (
        <Alert severity="info" sx={{ mb: 2 }}>This user is waiting for approval. Use Approve in the user list.</Alert>
      ) : (
        <SelectInput source="status" label="Status" choices={statusChoices(record?.status)} defaultValue={1} validate={required()} disabled={isAdministrator} sx={{ minWidth: 220 }} />
      )}
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>Organisation</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        {/* Only the groups the server lets this user assign (GET /api/user-groups with filter assignable). */}
        <ReferenceInput source="userGroupId" reference="user-groups" perPage={500} sort={{ field: 'name', order: 'ASC' }} filter={{ assignable: true }}>
          <SelectInput
            optionText="name"
            label="User group"
            validate={required('Please choose a user group.')}
            disabled={isAdministrator || isSelf}
            helperText={isSelf && !isAdministrator ? 'You cannot change your own user group.' : undefined}
            fullWidth
          />
        </ReferenceInput>
        <SupervisorInput userId={record?.id} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <ReferenceInput source="agencyId" reference="agencies" perPage={500} sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="displayName" label="Agency" emptyText="The supervisor's agency" fullWidth />
        </ReferenceInput>
        <TextInput
          source="externalId"
          label="CANS External User ID"
          validate={[required('CANS External User ID is required.'), maxLength(50)]}
          disabled={mode === 'edit' && !restrictedEditable}
          fullWidth
        />
        <DateInput
          source="expirationDate"
          label="Expiration date"
          disabled={!restrictedEditable || isAdministrator}
          helperText={restrictedEditable ? 'Leave empty: never expires' : 'Only state administrators can change it'}
          fullWidth
        />
      </Stack>
      {mode === 'create' && (
        <Alert severity="info" sx={{ width: '100%' }}>
          The user receives an email with a link to set their password. New usernames get the prefix eo_.
        </Alert>
      )}
    </SimpleForm>
  );
};

const UserEditTitle = () => {
  const record = useRecordContext<UserRecord>();
  return <span>User {record ? `— ${record.fullName}` : ''}</span>;
};

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

export const UserCreate = () => {
  const saved = useSavedNotice('users', 'The user was saved successfully.');
  return (
    <WithFieldErrors>
      <Create title="Add User" mutationOptions={saved}>
        <UserForm mode="create" />
      </Create>
    </WithFieldErrors>
  );
};

export const UserEdit = () => {
  const id = useGetRecordId();
  const saved = useSavedNotice('users', 'The user was saved successfully.');
  return (
    <WithFieldErrors>
      <Edit title={<UserEditTitle />} mutationMode="pessimistic" mutationOptions={saved} actions={<UserEditActions />} key={String(id)}>
        <UserForm mode="edit" />
      </Edit>
    </WithFieldErrors>
  );
};

/** Read-only view for User_View without User_Actions. */
export const UserShow = () => (
  <Show title={<UserEditTitle />}>
    <SimpleShowLayout>
      <TextField source="fullName" label="Name" />
      <TextField source="username" label="Username" />
      <TextField source="email" label="Email" />
      <TextField source="phone" label="Phone" emptyText="—" />
      <FunctionField label="Status" render={() => <StatusChip />} />
      <TextField source="groupName" label="User group" />
      <TextField source="supervisorName" label="Supervisor" emptyText="—" />
      <TextField source="agencyName" label="Agency" emptyText="—" />
      <TextField source="externalId" label="CANS External User ID" emptyText="—" />
      <FunctionField label="Expiration date" render={(r: UserRecord) => formatDate(r.expirationDate) || 'Never'} />
    </SimpleShowLayout>
  </Show>
);
