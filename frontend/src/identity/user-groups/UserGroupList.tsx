import { useMemo } from 'react';
import {
  CreateButton,
  DeleteButton,
  EditButton,
  List,
  RecordContextProvider,
  TopToolbar,
  useGetIdentity,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { buildGroupTree, flattenGroupTree } from './group-tree';
import type { UserGroupRecord } from './user-group-record';

/** Managing groups needs group 1 or 153 (the `canManageUserGroups` flag of GET /api/auth/me). */
export const useCanManageGroups = () => {
  const { identity } = useGetIdentity();
  return !!identity?.canManageUserGroups;
};

const GroupTreeTable = () => {
  const { data, isPending } = useListContext<UserGroupRecord>();
  const translate = useTranslate();
  const canManage = useCanManageGroups();
  const rows = useMemo(() => flattenGroupTree(buildGroupTree(data ?? [])), [data]);
  if (isPending) return null;
  const text = (key: string) => translate(`cans.identity.user_groups.${key}`);
  return (
    <ScrollRegion label={text('table_region')}>
      <Table size="small" aria-label={text('table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{text('fields.name')}</TableCell>
            <TableCell>{text('fields.description')}</TableCell>
            <TableCell>{text('fields.reports_to_parent')}</TableCell>
            <TableCell align="right">{text('fields.users')}</TableCell>
            <TableCell align="right">{text('fields.privileges')}</TableCell>
            {canManage && <TableCell align="right">{text('fields.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ group, depth }) => (
            <RecordContextProvider value={group} key={group.id}>
              <TableRow hover>
                <TableCell sx={{ pl: 2 + depth * 3 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {depth > 0 && (
                      <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
                        └
                      </Box>
                    )}
                    <Typography variant="body2" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
                      {group.name}
                    </Typography>
                    {group.builtIn && <Chip size="small" label={text('built_in')} variant="outlined" />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ color: 'text.secondary', maxWidth: 320 }}>{group.description}</TableCell>
                <TableCell>{translate(group.reportsToParent ? 'cans.identity.yes' : 'cans.identity.no')}</TableCell>
                <TableCell align="right">{group.memberCount}</TableCell>
                <TableCell align="right">{group.privileges.length}</TableCell>
                {canManage && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <EditButton />
                    {!group.builtIn && (
                      <DeleteButton
                        mutationMode="pessimistic"
                        successMessage={text('deleted')}
                        confirmTitle={translate('cans.identity.warning')}
                        confirmContent={translate('cans.identity.user_groups.delete_question', { name: group.name })}
                      />
                    )}
                  </TableCell>
                )}
              </TableRow>
            </RecordContextProvider>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};

const GroupListActions = () => {
  const translate = useTranslate();
  const canManage = useCanManageGroups();
  return <TopToolbar>{canManage && <CreateButton label={translate('cans.identity.user_groups.add')} />}</TopToolbar>;
};

/** Spec §2 "User Groups": the groups as a tree, with Add, Edit and Delete for those who manage them. */
export const UserGroupList = () => {
  const translate = useTranslate();
  return (
    <List
      title={translate('cans.identity.user_groups.list_title')}
      perPage={500}
      pagination={false}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<GroupListActions />}
      exporter={false}
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <GroupTreeTable />
    </List>
  );
};
