import {
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useGetList,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { usePrivilege } from '../../providers/usePrivilege';
import { USER_STATUS } from '../identity-model';
import { GroupTreePicker } from '../user-groups/GroupTreePicker';
import type { UserGroupRecord } from '../user-groups/user-group-record';
import type { UserRecord } from './user-record';
import { UserRowActions } from './UserRowActions';
import { UserStatusChip } from './UserStatusChip';

const STATUS_FILTER_ORDER = [USER_STATUS.Active, USER_STATUS.Inactive, USER_STATUS.Lock, USER_STATUS.PendingApproval];

const useUserFilters = () => {
  const translate = useTranslate();
  const statusChoices = STATUS_FILTER_ORDER.map((id) => ({ id, name: translate(`cans.identity.users.status.${id}`) }));
  return [
    <SearchInput source="q" alwaysOn key="q" placeholder={translate('cans.identity.users.search')} />,
    <SelectInput
      source="status"
      label={translate('cans.identity.users.fields.status')}
      choices={statusChoices}
      alwaysOn
      key="status"
      helperText={false}
      sx={{ minWidth: 150 }}
    />,
    <ReferenceInput source="userGroupId" reference="user-groups" perPage={500} sort={{ field: 'name', order: 'ASC' }} alwaysOn key="group">
      <SelectInput
        optionText="name"
        label={translate('cans.identity.users.fields.user_group')}
        helperText={false}
        size="small"
        sx={{ minWidth: 180 }}
      />
    </ReferenceInput>,
    <ReferenceInput source="agencyId" reference="agencies" perPage={500} sort={{ field: 'name', order: 'ASC' }} alwaysOn key="agency">
      <SelectInput
        optionText="displayName"
        label={translate('cans.identity.users.fields.agency')}
        helperText={false}
        size="small"
        sx={{ minWidth: 160 }}
      />
    </ReferenceInput>,
    <TextInput source="supervisorFirstName" label={translate('cans.identity.users.filters.supervisor_first_name')} key="sfn" />,
    <TextInput source="supervisorLastName" label={translate('cans.identity.users.filters.supervisor_last_name')} key="sln" />,
    <TextInput source="supervisorUsername" label={translate('cans.identity.users.filters.supervisor_username')} key="su" />,
  ];
};

/** The user-group tree beside the table (spec: panel height 600); a click filters by the group. */
const GroupAside = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { data } = useGetList<UserGroupRecord>('user-groups', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Card sx={{ order: -1, mr: 2, mt: 9, width: 210, flexShrink: 0, alignSelf: 'flex-start', display: { xs: 'none', md: 'block' } }}>
      <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
        <Typography variant="subtitle2" sx={{ px: 1, pt: 0.5 }}>
          {translate('cans.identity.user_groups.tree_label')}
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

const UserListActions = () => {
  const translate = useTranslate();
  const canAct = usePrivilege('User_Actions');
  return (
    <TopToolbar>
      <FilterButton />
      {canAct && <CreateButton label={translate('cans.identity.users.add')} />}
    </TopToolbar>
  );
};

/** Spec §2 "User management": the users with filters, the group tree beside them, actions per row. */
export const UserList = () => {
  const translate = useTranslate();
  const filters = useUserFilters();
  return (
    <List
      title={translate('cans.identity.users.list_title')}
      filters={filters}
      aside={<GroupAside />}
      actions={<UserListActions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}
      exporter={false}
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <ScrollRegion label={translate('cans.identity.users.table_label')}>
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label={translate('cans.identity.users.fields.name')}
            sortBy="lastName"
            render={(r: UserRecord) => (
              <Box>
                <Typography variant="body2">{r.fullName}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {r.username}
                </Typography>
              </Box>
            )}
          />
          <TextField source="email" label={translate('cans.identity.users.fields.email')} />
          <TextField source="groupName" label={translate('cans.identity.users.fields.user_group')} sortable={false} />
          <TextField source="supervisorName" label={translate('cans.identity.users.fields.supervisor')} sortable={false} emptyText="—" />
          <FunctionField label={translate('cans.identity.users.fields.status')} sortBy="status" render={() => <UserStatusChip />} />
          <UserRowActions />
        </Datagrid>
      </ScrollRegion>
    </List>
  );
};
